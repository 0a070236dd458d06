import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@cans/domain/domain-errors';
import type { CommandResult } from '../../platform/commands/actor';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { Auth, RequestAuth, RequirePrivileges } from '../access/access.decorators';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { MessageView } from '../authentication/auth.dto';
import { canManageUserGroups } from '../authentication/me.service';
import { SendPasswordResetLinkCommand } from '../authentication/password.commands';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessageKey, IdentityMessages, messageOf } from '../identity-messages';
import { entityId } from '../identity-params';
import { ApproveUserCommand, CreatedUser, CreateUserCommand, DeleteUserCommand, UpdateUserCommand, UserInput } from './user.commands';
import {
  CreateUserDto,
  DeleteUserQueryDto,
  SaveUserDto,
  SuperviseesView,
  SupervisorOptionsQueryDto,
  UpdateUserDto,
  UserView,
} from './user.dto';
import { GetUserQuery, ListSuperviseesQuery, ListUsersQuery, SupervisorOptionsQuery, userListRules } from './user.queries';

/** The 403 of the user-management policy (docs/permissions.md, "Who manages whom"). */
const NOT_YOURS_TO_MANAGE =
  'A user or group you may not manage: the administrator, members of groups 1 and 153 (unless you are one), a group with a privilege you lack, or your own group';

const inputOf = (body: SaveUserDto): UserInput => ({
  firstName: body.firstName,
  lastName: body.lastName,
  username: body.username,
  email: body.email,
  phone: body.phone ?? null,
  userGroupId: body.userGroupId,
  supervisorId: body.supervisorId ?? null,
  agencyId: body.agencyId ?? null,
  externalId: body.externalId,
  expirationDate: body.expirationDate ?? null,
});

/**
 * User Management. User_View reads (search bar, View); User_Actions adds, approves, edits, deletes and resets
 * passwords (spec §6). Members of groups 1 and 153 create active users and approve pending ones. Which users and
 * groups: the user-management policy, in the command handlers (403); answers carry canManage per user.
 */
@ApiTags('Users')
@ApiCookieAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly directory: IdentityDirectory,
  ) {}

  @Get()
  @RequirePrivileges('User_View')
  @ListRoute(
    'Search users: q, firstName, lastName, username, email, supervisor names, group, status; sorted and paged; canManage per user',
    {
      sort: '["lastName","ASC"]',
      filter: '{"q":"lee","userGroupId":"0b5e7c1a-93d4-4c1e-8f00-000000000156","status":1,"supervisorLastName":"super"}',
    },
    userListRules,
  )
  @ApiOkResponse({ type: [UserView] })
  async list(@ListParams(userListRules) list: ListRequest, @Auth() { user }: RequestAuth) {
    return ListPage.of('users', list, await this.queries.execute(new ListUsersQuery(list, user)));
  }

  @Get('supervisor-options')
  @RequirePrivileges('User_View')
  @ApiOperation({
    summary:
      "Supervisors for a member of the group: active users of the group's ancestor groups (excluding the user and their supervisees)",
  })
  @ApiOkResponse({ type: [UserView] })
  supervisorOptions(@Query() query: SupervisorOptionsQueryDto): Promise<UserView[]> {
    return this.queries.execute(new SupervisorOptionsQuery(query.userGroupId, query.userId ?? null));
  }

  @Get(':id')
  @RequirePrivileges('User_View')
  @ApiOkResponse({ type: UserView })
  async get(@IdParam('id', entityId) id: string, @Auth() { user }: RequestAuth): Promise<UserView> {
    const found: UserView | null = await this.queries.execute(new GetUserQuery(id, user));
    if (!found) throw new NotFoundError(IdentityMessages.user_not_exist);
    return { ...found, canEditRestricted: canManageUserGroups(user) };
  }

  @Get(':id/supervisees')
  @RequirePrivileges('User_View')
  @ApiOperation({ summary: "The user's direct supervisees (spec findUserHasChild → subUserCount): ask before deleting" })
  @ApiOkResponse({ type: SuperviseesView })
  supervisees(@IdParam('id', entityId) id: string): Promise<SuperviseesView> {
    return this.queries.execute(new ListSuperviseesQuery(id));
  }

  @Post()
  @RequirePrivileges('User_Actions')
  @ApiForbiddenResponse({ description: NOT_YOURS_TO_MANAGE })
  @ApiOperation({
    summary: 'Add a user; mails a link to set the initial password. Created by others than groups 1/153: pending approval (3)',
  })
  @ApiOkResponse({ type: UserView })
  async create(@Body() body: CreateUserDto, @Auth() { user, actor }: RequestAuth) {
    const result: CreatedUser = await this.commands.execute(
      new CreateUserCommand(actor, inputOf(body), canManageUserGroups(user), { status: body.status }),
    );
    return this.answerSaved(result, user, result.initialPasswordMailed ? 'add_user_success' : 'add_user_mail_failed');
  }

  @Put(':id')
  @RequirePrivileges('User_Actions')
  @ApiForbiddenResponse({ description: NOT_YOURS_TO_MANAGE })
  @ApiOperation({ summary: 'Edit a user; deactivating or locking takes effect on their next request' })
  @ApiOkResponse({ type: UserView })
  async update(@IdParam('id', entityId) id: string, @Body() body: UpdateUserDto, @Auth() { user, actor }: RequestAuth) {
    const command = new UpdateUserCommand(actor, id, inputOf(body), body.status, canManageUserGroups(user), body.revision);
    return this.answerSaved(await this.commands.execute(command), user, 'user_save_success');
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequirePrivileges('User_Actions')
  @ApiForbiddenResponse({ description: NOT_YOURS_TO_MANAGE })
  @ApiOperation({ summary: 'Approve a user pending approval (status 3 → 1); groups 1 and 153 only' })
  @ApiOkResponse({ type: UserView })
  async approve(@IdParam('id', entityId) id: string, @Auth() { user, actor }: RequestAuth) {
    return this.answerSaved(
      await this.commands.execute(new ApproveUserCommand(actor, id, canManageUserGroups(user))),
      user,
      'user_review_success',
    );
  }

  @Post(':id/password-reset')
  @HttpCode(200)
  @RequirePrivileges('User_Actions')
  @ApiForbiddenResponse({ description: NOT_YOURS_TO_MANAGE })
  @ApiOperation({ summary: 'Reset Password in the user dialog: mails the user a link to set a new password' })
  @ApiOkResponse({ type: MessageView })
  async resetPassword(@IdParam('id', entityId) id: string, @Auth() { actor }: RequestAuth) {
    const result: { position: number } = await this.commands.execute(new SendPasswordResetLinkCommand(actor, id));
    return answerCommand(result, messageOf('user_reset_password_sent'));
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePrivileges('User_Actions')
  @ApiOperation({
    summary: 'Delete a user',
    description:
      "With supervisees, successorUserId is required (409 user_delete_error with superviseeCount otherwise); they and the user's cases move to that user.",
  })
  @ApiQuery({ name: 'successorUserId', required: false })
  @ApiForbiddenResponse({ description: NOT_YOURS_TO_MANAGE })
  @ApiConflictResponse({ description: IdentityMessages.user_delete_error })
  async remove(@IdParam('id', entityId) id: string, @Query() query: DeleteUserQueryDto, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(new DeleteUserCommand(actor, id, query.successorUserId ?? null));
    await this.directory.settle(result.position);
    return answerCommand(result, { id, ...messageOf('user_delete_success') });
  }

  /** The saved user as the read model has it once it caught up (who may do what changes on the next request). */
  private async answerSaved(result: CommandResult, user: AuthenticatedUser, message: IdentityMessageKey) {
    await this.directory.settle(result.position);
    const saved: UserView | null = await this.queries.execute(new GetUserQuery(result.id, user));
    return answerCommand(result, { ...saved, canEditRestricted: canManageUserGroups(user), ...messageOf(message) });
  }
}
