import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { NotFoundError } from '../../platform/http/domain-errors';
import { exposeEventPosition } from '../../platform/http/read-your-writes';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { CurrentUser, RequestActor, RequirePrivileges } from '../access/access.decorators';
import type { Privilege } from '../access/privileges';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessages, messageOf } from '../identity-messages';
import { entityId } from '../identity-params';
import { CreateUserGroupCommand, DeleteUserGroupCommand, UpdateUserGroupCommand, USER_GROUP_NOT_FOUND } from './user-group.commands';
import { SaveUserGroupDto, UpdateUserGroupDto, UserGroupTreeNode, UserGroupView } from './user-group.dto';
import { GetUserGroupQuery, GetUserGroupTreeQuery, ListUserGroupsQuery, userGroupListRules } from './user-group.queries';
import { UserGroupManagerGuard } from './user-group-manager.guard';

const fieldsOf = (body: SaveUserGroupDto) => ({
  name: body.name,
  description: body.description ?? '',
  parentGroupId: body.parentGroupId ?? null,
  reportsToParent: body.reportsToParent ?? false,
  privileges: body.privileges as Privilege[],
});

/** The 403s of group changes: the route's guard, then the user-management policy (docs/permissions.md). */
const GROUP_REFUSALS = `${IdentityMessages.usergroup_manage_forbidden} Also refused: changing the privileges of your own group, granting a privilege you lack, or changing a group with one.`;

/** User groups: read with User_View (the tree beside the user table); changed only by groups 1 and 153. */
@ApiTags('User groups')
@ApiCookieAuth()
@RequirePrivileges('User_View')
@Controller('user-groups')
export class UserGroupsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly directory: IdentityDirectory) {}

  @Get()
  @ApiOperation({
    summary: 'List user groups (flat, with parentGroupId, privileges and member counts)',
    description: 'Each group says whether you may put users into it (assignable); filter {"assignable":true} gives the choices of the user form.',
  })
  @ApiQuery({ name: 'sort', required: false, example: '["name","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,19]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"super","assignable":true}' })
  @ApiOkResponse({ type: [UserGroupView] })
  async list(@Query() query: SimpleRestListQuery, @CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, userGroupListRules);
    const { rows, total } = await this.queries.execute(new ListUserGroupsQuery(list, user));
    return sendListPage(response, 'user-groups', list.skip, rows, total);
  }

  @Get('tree')
  @ApiOperation({ summary: 'The user-group tree for the left panel of User Management' })
  @ApiOkResponse({ type: [UserGroupTreeNode] })
  tree(): Promise<UserGroupTreeNode[]> {
    return this.queries.execute(new GetUserGroupTreeQuery());
  }

  @Get(':id')
  @ApiOkResponse({ type: UserGroupView })
  async get(@Param('id', entityId) id: string, @CurrentUser() user: AuthenticatedUser): Promise<UserGroupView> {
    const group: UserGroupView | null = await this.queries.execute(new GetUserGroupQuery(id, user));
    if (!group) throw new NotFoundError(USER_GROUP_NOT_FOUND);
    return group;
  }

  @Post()
  @UseGuards(UserGroupManagerGuard)
  @ApiOperation({ summary: 'Add a user group (groups 1 and 153 only)' })
  @ApiOkResponse({ type: UserGroupView })
  @ApiForbiddenResponse({ description: GROUP_REFUSALS })
  async create(@Body() body: SaveUserGroupDto, @CurrentUser() user: AuthenticatedUser, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(new CreateUserGroupCommand(actor, fieldsOf(body)));
    return this.answer(result, response, user);
  }

  @Put(':id')
  @UseGuards(UserGroupManagerGuard)
  @ApiOperation({ summary: 'Edit a user group; privilege changes apply to its members on their next request' })
  @ApiOkResponse({ type: UserGroupView })
  @ApiForbiddenResponse({ description: GROUP_REFUSALS })
  async update(
    @Param('id', entityId) id: string,
    @Body() body: UpdateUserGroupDto,
    @CurrentUser() user: AuthenticatedUser,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    const result: CommandResult = await this.commands.execute(new UpdateUserGroupCommand(actor, id, fieldsOf(body), body.revision));
    return this.answer(result, response, user);
  }

  @Delete(':id')
  @HttpCode(200)
  @UseGuards(UserGroupManagerGuard)
  @ApiOperation({ summary: 'Delete a user group without users or sub-groups (not groups 1 and 153)' })
  @ApiForbiddenResponse({ description: GROUP_REFUSALS })
  async remove(@Param('id', entityId) id: string, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(new DeleteUserGroupCommand(actor, id));
    exposeEventPosition(response, result.position);
    await this.directory.settle(result.position);
    return { id, ...messageOf('usergroup_delete_success') };
  }

  private async answer(result: CommandResult, response: Response, user: AuthenticatedUser) {
    exposeEventPosition(response, result.position);
    await this.directory.settle(result.position);
    const saved: UserGroupView | null = await this.queries.execute(new GetUserGroupQuery(result.id, user));
    return { ...saved, ...messageOf('usergroup_save_success') };
  }
}
