import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccessDeniedError, NotFoundError } from '@cans/domain/domain-errors';
import { ADMINISTRATOR_NO_ASSIGN } from '@cans/domain/identity/access-assignment.decider';
import type { SessionDocument } from '@cans/projections/identity/sessions.projection';
import type { CommandResult } from '../../platform/commands/actor';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand } from '../../platform/http/http-answers';
import { Auth, RequestAuth, RequirePrivileges } from '../access/access.decorators';
import { setAccessCookie } from '../authentication/auth-cookies';
import { MessageView } from '../authentication/auth.dto';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { canManageUserGroups } from '../authentication/me.service';
import { ChangePasswordCommand } from '../authentication/password.commands';
import type { IssuedSession } from '../authentication/sign-in.commands';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity-config';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessages, messageOf } from '../identity-messages';
import { entityId } from '../identity-params';
import { UserView } from '../users/user.dto';
import { GetUserQuery } from '../users/user.queries';
import { AssignTemporaryAccessCommand, RevokeTemporaryAccessCommand, UpdateOwnProfileCommand } from './account.commands';
import { AccessAssignmentView, AccountView, AssignAccessDto, ChangePasswordDto, DelegateOption, UpdateProfileDto } from './account.dto';
import { DelegateOptionsQuery, ListOwnAccessAssignmentsQuery } from './account.queries';

/** My Account: any signed-in person, only about themselves (no id in the path, so no one else's data). */
@ApiTags('My Account')
@ApiCookieAuth()
@Controller('account')
export class AccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly directory: IdentityDirectory,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Own profile' })
  @ApiOkResponse({ type: AccountView })
  async get(@Auth() { user }: RequestAuth): Promise<AccountView> {
    return this.view(person(user));
  }

  @Put()
  @ApiOperation({ summary: 'Save own profile: first and last name, email, phone (xxx-xxx-xxxx)' })
  @ApiOkResponse({ type: AccountView })
  async update(@Body() body: UpdateProfileDto, @Auth() { user, actor }: RequestAuth) {
    const command = new UpdateOwnProfileCommand(
      actor,
      person(user).id,
      body.firstName,
      body.lastName,
      body.email,
      body.phone ?? null,
      body.revision,
    );
    const result: CommandResult = await this.commands.execute(command);
    await this.directory.settle(result.position);
    return answerCommand(result, { ...(await this.view(user)), ...messageOf('profile_save_success') });
  }

  // The response object only to renew the session cookie.
  @Post('password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change own password (old, new, confirmation); other sessions end, this one is renewed' })
  @ApiOkResponse({ type: MessageView })
  async changePassword(
    @Body() body: ChangePasswordDto,
    @Auth() { user, actor }: RequestAuth,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const rememberMe = (await this.currentSession(user))?.rememberMe ?? false;
    const issued: IssuedSession = await this.commands.execute(
      new ChangePasswordCommand(actor, person(user).id, body.oldPassword, body.newPassword, rememberMe),
    );
    await this.directory.settle(issued.position);
    setAccessCookie(request, response, this.config, issued.token, issued.persistentForMs);
    return answerCommand(issued, messageOf('password_changed'));
  }

  @Get('access-assignments')
  @RequirePrivileges('Reassign_Accesses_Temporarily')
  @ApiOperation({ summary: 'Assign Access: my temporary access assignments (who receives my new assessments, when)' })
  @ApiOkResponse({ type: [AccessAssignmentView] })
  assignments(@Auth() { user }: RequestAuth): Promise<AccessAssignmentView[]> {
    return this.queries.execute(new ListOwnAccessAssignmentsQuery(notAdministrator(user).id));
  }

  @Get('access-assignments/delegate-options')
  @RequirePrivileges('Reassign_Accesses_Temporarily')
  @ApiOperation({ summary: 'Users who can receive access: my sibling users (active, same supervisor); the only ones the command accepts' })
  @ApiOkResponse({ type: [DelegateOption] })
  delegateOptions(@Auth() { user }: RequestAuth): Promise<DelegateOption[]> {
    return this.queries.execute(new DelegateOptionsQuery(notAdministrator(user).id));
  }

  @Post('access-assignments')
  @RequirePrivileges('Reassign_Accesses_Temporarily')
  @ApiOperation({
    summary:
      'Assign Access (New Assessments To): the delegate (one of delegate-options) sees and edits the assessments I create from now on, from startsOn (today or later) to endsOn',
  })
  @ApiOkResponse({ type: AccessAssignmentView })
  async assign(@Body() body: AssignAccessDto, @Auth() { user, actor }: RequestAuth) {
    const me = notAdministrator(user);
    const result: CommandResult = await this.commands.execute(
      new AssignTemporaryAccessCommand(actor, me.id, body.delegateId, body.startsOn, body.endsOn),
    );
    await this.directory.settle(result.position);
    const all: AccessAssignmentView[] = await this.queries.execute(new ListOwnAccessAssignmentsQuery(me.id));
    return answerCommand(result, { ...all.find((assignment) => assignment.id === result.id), ...messageOf('access_assign_success') });
  }

  @Delete('access-assignments/:id')
  @HttpCode(200)
  @RequirePrivileges('Reassign_Accesses_Temporarily')
  @ApiOperation({ summary: 'Remove a temporary access assignment' })
  async revoke(@IdParam('id', entityId) id: string, @Auth() { user, actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(new RevokeTemporaryAccessCommand(actor, notAdministrator(user).id, id));
    await this.directory.settle(result.position);
    return answerCommand(result, { id, ...messageOf('access_assign_revoked') });
  }

  private async view(user: AuthenticatedUser): Promise<AccountView> {
    const found: UserView | null = await this.queries.execute(new GetUserQuery(user.id));
    if (!found) throw new NotFoundError(IdentityMessages.user_not_exist);
    return {
      ...found,
      isAdministrator: user.isAdministrator,
      canAssignAccess: !user.isAdministrator && user.privileges.includes('Reassign_Accesses_Temporarily'),
      canEditRestricted: canManageUserGroups(user),
    };
  }

  private currentSession(user: AuthenticatedUser): Promise<SessionDocument | null> {
    return this.directory.getSession(user.sessionId);
  }
}

/** API clients have no account. */
function person(user: AuthenticatedUser): AuthenticatedUser {
  if (user.kind !== 'user') throw new AccessDeniedError('API clients have no account.');
  return user;
}

/** Spec §2: the administrator does not see Assign Access. */
function notAdministrator(user: AuthenticatedUser): AuthenticatedUser {
  if (person(user).isAdministrator) throw new AccessDeniedError(ADMINISTRATOR_NO_ASSIGN);
  return user;
}
