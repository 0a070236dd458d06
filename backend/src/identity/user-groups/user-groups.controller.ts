import { Body, Controller, Delete, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@cans/domain/domain-errors';
import { USER_GROUP_NOT_FOUND } from '@cans/domain/identity/user-group.decider';
import type { UserGroupFields } from '@cans/domain/identity/user-group.events';
import type { CommandResult } from '../../platform/commands/actor';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { Auth, RequestAuth, RequirePrivileges } from '../access/access.decorators';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessages, messageOf } from '../identity-messages';
import { entityId } from '../identity-params';
import { CreateUserGroupCommand, DeleteUserGroupCommand, UpdateUserGroupCommand } from './user-group.commands';
import { SaveUserGroupDto, UpdateUserGroupDto, UserGroupTreeNode, UserGroupView } from './user-group.dto';
import { GetUserGroupQuery, GetUserGroupTreeQuery, ListUserGroupsQuery, userGroupListRules } from './user-group.queries';
import { UserGroupManagerGuard } from './user-group-manager.guard';

const fieldsOf = (body: SaveUserGroupDto): UserGroupFields => ({
  name: body.name,
  description: body.description ?? '',
  parentGroupId: body.parentGroupId ?? null,
  reportsToParent: body.reportsToParent ?? false,
  privileges: body.privileges,
});

/** The 403s of group changes: the route's guard, then the user-management policy (docs/permissions.md). */
const GROUP_REFUSALS = `${IdentityMessages.usergroup_manage_forbidden} Also refused: changing the privileges of your own group, granting a privilege you lack, or changing a group with one.`;

/** User groups: read with User_View (the tree beside the user table); changed only by groups 1 and 153. */
@ApiTags('User groups')
@ApiCookieAuth()
@RequirePrivileges('User_View')
@Controller('user-groups')
export class UserGroupsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly directory: IdentityDirectory,
  ) {}

  @Get()
  @ListRoute(
    'List user groups (flat, with parentGroupId, privileges and member counts)',
    {
      sort: '["name","ASC"]',
      filter: '{"q":"super","assignable":true}',
    },
    userGroupListRules,
  )
  @ApiOperation({
    description:
      'Each group says whether you may put users into it (assignable); filter {"assignable":true} gives the choices of the user form.',
  })
  @ApiOkResponse({ type: [UserGroupView] })
  async list(@ListParams(userGroupListRules) list: ListRequest, @Auth() { user }: RequestAuth) {
    return ListPage.of('user-groups', list, await this.queries.execute(new ListUserGroupsQuery(list, user)));
  }

  @Get('tree')
  @ApiOperation({ summary: 'The user-group tree for the left panel of User Management' })
  @ApiOkResponse({ type: [UserGroupTreeNode] })
  tree(): Promise<UserGroupTreeNode[]> {
    return this.queries.execute(new GetUserGroupTreeQuery());
  }

  @Get(':id')
  @ApiOkResponse({ type: UserGroupView })
  async get(@IdParam('id', entityId) id: string, @Auth() { user }: RequestAuth): Promise<UserGroupView> {
    const group: UserGroupView | null = await this.queries.execute(new GetUserGroupQuery(id, user));
    if (!group) throw new NotFoundError(USER_GROUP_NOT_FOUND);
    return group;
  }

  @Post()
  @UseGuards(UserGroupManagerGuard)
  @ApiOperation({ summary: 'Add a user group (groups 1 and 153 only)' })
  @ApiOkResponse({ type: UserGroupView })
  @ApiForbiddenResponse({ description: GROUP_REFUSALS })
  async create(@Body() body: SaveUserGroupDto, @Auth() { user, actor }: RequestAuth) {
    return this.answerSaved(await this.commands.execute(new CreateUserGroupCommand(actor, fieldsOf(body))), user);
  }

  @Put(':id')
  @UseGuards(UserGroupManagerGuard)
  @ApiOperation({ summary: 'Edit a user group; privilege changes apply to its members on their next request' })
  @ApiOkResponse({ type: UserGroupView })
  @ApiForbiddenResponse({ description: GROUP_REFUSALS })
  async update(@IdParam('id', entityId) id: string, @Body() body: UpdateUserGroupDto, @Auth() { user, actor }: RequestAuth) {
    return this.answerSaved(await this.commands.execute(new UpdateUserGroupCommand(actor, id, fieldsOf(body), body.revision)), user);
  }

  @Delete(':id')
  @HttpCode(200)
  @UseGuards(UserGroupManagerGuard)
  @ApiOperation({ summary: 'Delete a user group without users or sub-groups (not groups 1 and 153)' })
  @ApiForbiddenResponse({ description: GROUP_REFUSALS })
  async remove(@IdParam('id', entityId) id: string, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(new DeleteUserGroupCommand(actor, id));
    await this.directory.settle(result.position);
    return answerCommand(result, { id, ...messageOf('usergroup_delete_success') });
  }

  /** The saved group once the read models caught up (its members' privileges change on their next request). */
  private async answerSaved(result: CommandResult, user: AuthenticatedUser) {
    await this.directory.settle(result.position);
    const saved: UserGroupView | null = await this.queries.execute(new GetUserGroupQuery(result.id, user));
    return answerCommand(result, { ...saved, ...messageOf('usergroup_save_success') });
  }
}
