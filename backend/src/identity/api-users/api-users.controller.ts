import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { NotFoundError } from '../../platform/http/domain-errors';
import { exposeEventPosition } from '../../platform/http/read-your-writes';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { RequestActor, RequirePrivileges } from '../access/access.decorators';
import { IdentityDirectory } from '../identity-directory';
import { messageOf } from '../identity-messages';
import { entityId } from '../identity-params';
import { API_USER_NOT_FOUND, CreateApiUserCommand, DeleteApiUserCommand, UpdateApiUserCommand } from './api-user.commands';
import { ApiUserView, CreateApiUserDto, UpdateApiUserDto } from './api-user.dto';
import { apiUserListRules, GetApiUserQuery, ListApiUsersQuery } from './api-user.queries';

/** API User Management (Settings, privilege Setting): machine clients with a password and one allowed IP. */
@ApiTags('API users')
@ApiCookieAuth()
@RequirePrivileges('Setting')
@Controller('api-users')
export class ApiUsersController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly directory: IdentityDirectory) {}

  @Get()
  @ApiOperation({ summary: 'List API users (username, accessible IP, max records); never returns passwords' })
  @ApiQuery({ name: 'sort', required: false, example: '["username","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,19]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"feed"}' })
  @ApiOkResponse({ type: [ApiUserView] })
  async list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, apiUserListRules);
    const { rows, total } = await this.queries.execute(new ListApiUsersQuery(list));
    return sendListPage(response, 'api-users', list.skip, rows, total);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiUserView })
  async get(@Param('id', entityId) id: string): Promise<ApiUserView> {
    const apiUser: ApiUserView | null = await this.queries.execute(new GetApiUserQuery(id));
    if (!apiUser) throw new NotFoundError(API_USER_NOT_FOUND);
    return apiUser;
  }

  @Post()
  @ApiOperation({ summary: 'Add an API user' })
  @ApiOkResponse({ type: ApiUserView })
  async create(@Body() body: CreateApiUserDto, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(new CreateApiUserCommand(actor, body.username, body.password, body.ip, body.maxRecords));
    return this.answer(result, response);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit an API user (empty password keeps the current one)' })
  @ApiOkResponse({ type: ApiUserView })
  async update(@Param('id', entityId) id: string, @Body() body: UpdateApiUserDto, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(
      new UpdateApiUserCommand(actor, id, body.username, body.password || undefined, body.ip, body.maxRecords, body.revision),
    );
    return this.answer(result, response);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete an API user; its tokens stop working at once' })
  async remove(@Param('id', entityId) id: string, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(new DeleteApiUserCommand(actor, id));
    exposeEventPosition(response, result.position);
    await this.directory.settle(result.position);
    return { id, ...messageOf('api_user_delete_success') };
  }

  private async answer(result: CommandResult, response: Response) {
    exposeEventPosition(response, result.position);
    await this.directory.settle(result.position);
    const saved: ApiUserView | null = await this.queries.execute(new GetApiUserQuery(result.id));
    return { ...saved, ...messageOf('api_user_save_success') };
  }
}
