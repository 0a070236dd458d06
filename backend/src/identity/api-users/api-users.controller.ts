import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@cans/domain/domain-errors';
import { API_USER_NOT_FOUND } from '@cans/domain/identity/api-user.decider';
import type { CommandResult } from '../../platform/commands/actor';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { Auth, RequestAuth, RequirePrivileges } from '../access/access.decorators';
import type { AuthenticatedUser } from '../authentication/authenticated-user';
import { IdentityDirectory } from '../identity-directory';
import { messageOf } from '../identity-messages';
import { entityId } from '../identity-params';
import { CreateApiUserCommand, DeleteApiUserCommand, UpdateApiUserCommand } from './api-user.commands';
import { ApiUserView, CreateApiUserDto, UpdateApiUserDto } from './api-user.dto';
import { apiUserListRules, GetApiUserQuery, ListApiUsersQuery } from './api-user.queries';

/**
 * API User Management (Settings, privilege Setting): machine clients with a password and one allowed IP. Anyone
 * holding Setting sees the list (names, IPs, limits: no record); adding, editing and deleting are for those who may
 * hand out what an API user reads (rule 6 of the user-management policy, in the command handlers).
 */
@ApiTags('API users')
@ApiCookieAuth()
@RequirePrivileges('Setting')
@Controller('api-users')
export class ApiUsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly directory: IdentityDirectory,
  ) {}

  @Get()
  @ListRoute(
    'List API users (username, accessible IP, max records); never returns passwords',
    {
      sort: '["username","ASC"]',
      filter: '{"q":"feed"}',
    },
    apiUserListRules,
  )
  @ApiOkResponse({ type: [ApiUserView] })
  async list(@ListParams(apiUserListRules) list: ListRequest, @Auth() { user }: RequestAuth) {
    return ListPage.of('api-users', list, await this.queries.execute(new ListApiUsersQuery(list, user)));
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiUserView })
  async get(@IdParam('id', entityId) id: string, @Auth() { user }: RequestAuth): Promise<ApiUserView> {
    const apiUser: ApiUserView | null = await this.queries.execute(new GetApiUserQuery(id, user));
    if (!apiUser) throw new NotFoundError(API_USER_NOT_FOUND);
    return apiUser;
  }

  @Post()
  @ApiOperation({
    summary: 'Add an API user (it reads every record: only users who hold its privileges and see every record themselves)',
  })
  @ApiOkResponse({ type: ApiUserView })
  async create(@Body() body: CreateApiUserDto, @Auth() { user, actor }: RequestAuth) {
    return this.answerSaved(
      await this.commands.execute(new CreateApiUserCommand(actor, body.username, body.password, body.ip, body.maxRecords)),
      user,
    );
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit an API user (empty password keeps the current one); the same users as Add' })
  @ApiOkResponse({ type: ApiUserView })
  async update(@IdParam('id', entityId) id: string, @Body() body: UpdateApiUserDto, @Auth() { user, actor }: RequestAuth) {
    const command = new UpdateApiUserCommand(actor, id, body.username, body.password || undefined, body.ip, body.maxRecords, body.revision);
    return this.answerSaved(await this.commands.execute(command), user);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an API user; its tokens stop working at once; the same users as Add' })
  async remove(@IdParam('id', entityId) id: string, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(new DeleteApiUserCommand(actor, id));
    await this.directory.settle(result.position);
    return answerCommand(result, { id, ...messageOf('api_user_delete_success') });
  }

  /** The saved API user once the read models caught up (its tokens are checked against them). */
  private async answerSaved(result: CommandResult, viewer: AuthenticatedUser) {
    await this.directory.settle(result.position);
    const saved: ApiUserView | null = await this.queries.execute(new GetApiUserQuery(result.id, viewer));
    return answerCommand(result, { ...saved, ...messageOf('api_user_save_success') });
  }
}
