import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequestActor, RequirePrivileges } from '../../identity/access/access.decorators';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { NotFoundError } from '../../platform/http/domain-errors';
import { exposeEventPosition } from '../../platform/http/read-your-writes';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { CreateAgencyCommand, DeleteAgencyCommand, UpdateAgencyCommand } from './agency.commands';
import { AgencyView, SaveAgencyDto, UpdateAgencyDto } from './agency.dto';
import { agencyListRules, GetAgencyQuery, ListAgenciesQuery } from './agency.queries';

const uuid = new ParseUUIDPipe({ version: '4' });

@ApiTags('Agencies')
@ApiCookieAuth()
@Controller('agencies')
export class AgenciesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  // Any signed-in user may read the list: agency pickers appear on user and child forms.
  @Get()
  @ApiOperation({ summary: 'List agencies (ra-data-simple-rest: sort, range, filter; total in Content-Range)' })
  @ApiQuery({ name: 'sort', required: false, example: '["name","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,19]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"north"}' })
  @ApiOkResponse({ type: [AgencyView] })
  async list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, agencyListRules);
    const { rows, total } = await this.queries.execute(new ListAgenciesQuery(list));
    return sendListPage(response, 'agencies', list.skip, rows, total);
  }

  @Get(':id')
  @ApiOkResponse({ type: AgencyView })
  async get(@Param('id', uuid) id: string) {
    const agency = await this.queries.execute(new GetAgencyQuery(id));
    if (!agency) throw new NotFoundError('The agency does not exist.');
    return agency;
  }

  @Post()
  @RequirePrivileges('Agency')
  @ApiOkResponse({ type: AgencyView })
  async create(@Body() body: SaveAgencyDto, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(new CreateAgencyCommand(actor, body.name, body.displayName));
    exposeEventPosition(response, result.position);
    return { id: result.id, name: body.name, displayName: body.displayName, revision: result.revision };
  }

  @Put(':id')
  @RequirePrivileges('Agency')
  @ApiOkResponse({ type: AgencyView })
  async update(
    @Param('id', uuid) id: string,
    @Body() body: UpdateAgencyDto,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    const result: CommandResult = await this.commands.execute(
      new UpdateAgencyCommand(actor, id, body.name, body.displayName, body.revision),
    );
    exposeEventPosition(response, result.position);
    return { id, name: body.name, displayName: body.displayName, revision: result.revision };
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePrivileges('Agency')
  async remove(@Param('id', uuid) id: string, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: CommandResult = await this.commands.execute(new DeleteAgencyCommand(actor, id));
    exposeEventPosition(response, result.position);
    return { id, message: 'Deleted successfully!' };
  }
}
