import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AGENCY_NOT_FOUND } from '@cans/domain/administration/agency.decider';
import { NotFoundError } from '@cans/domain/domain-errors';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { AgencyCommandRequest } from './agency.commands';
import { AgencyView, SaveAgencyDto, UpdateAgencyDto } from './agency.dto';
import { agencyListRules, GetAgencyQuery, ListAgenciesQuery } from './agency.queries';

@ApiTags('Agencies')
@ApiCookieAuth()
@Controller('agencies')
export class AgenciesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // Any signed-in user may read the list: agency pickers appear on user and child forms.
  @Get()
  @ListRoute('List agencies', { sort: '["name","ASC"]', filter: '{"q":"north"}' }, agencyListRules)
  @ApiOkResponse({ type: [AgencyView] })
  async list(@ListParams(agencyListRules) list: ListRequest) {
    return ListPage.of('agencies', list, await this.queries.execute(new ListAgenciesQuery(list)));
  }

  @Get(':id')
  @ApiOkResponse({ type: AgencyView })
  async get(@IdParam() id: string) {
    const agency = await this.queries.execute(new GetAgencyQuery(id));
    if (!agency) throw new NotFoundError(AGENCY_NOT_FOUND);
    return agency;
  }

  @Post()
  @RequirePrivileges('Agency')
  @ApiOkResponse({ type: AgencyView })
  async create(@Body() body: SaveAgencyDto, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(AgencyCommandRequest.create(actor, body.name, body.displayName));
    return answerCommand(result, { id: result.id, name: body.name, displayName: body.displayName, revision: result.revision });
  }

  @Put(':id')
  @RequirePrivileges('Agency')
  @ApiOkResponse({ type: AgencyView })
  async update(@IdParam() id: string, @Body() body: UpdateAgencyDto, @Auth() { actor }: RequestAuth) {
    const command = { type: 'UpdateAgency', agencyId: id, name: body.name, displayName: body.displayName } as const;
    const result: CommandResult = await this.commands.execute(new AgencyCommandRequest(actor, command, body.revision));
    return answerCommand(result, { id, name: body.name, displayName: body.displayName, revision: result.revision });
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePrivileges('Agency')
  async remove(@IdParam() id: string, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(new AgencyCommandRequest(actor, { type: 'DeleteAgency', agencyId: id }));
    return answerCommand(result, { id, message: 'Deleted successfully!' });
  }
}
