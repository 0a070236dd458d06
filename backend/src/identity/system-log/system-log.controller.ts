import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { AuditedAction, SYSTEM_LOG_ACTION_LIST } from '@cans/projections/audit/system-log-actions';
import { ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { RequirePrivileges } from '../access/access.decorators';
import { SearchSystemLogQuery, systemLogListRules } from './system-log.queries';

class SystemLogRowView {
  @ApiProperty({ description: 'Position of the event in the log' }) id!: string;
  @ApiProperty({ example: 'sign-in' }) action!: string;
  @ApiProperty({ example: 'Signed in' }) label!: string;
  @ApiProperty({ example: 'User saved: jlee' }) description!: string;
  @ApiPropertyOptional({ nullable: true }) ip!: string | null;
  @ApiProperty() username!: string;
  @ApiPropertyOptional({ nullable: true }) userId!: string | null;
  @ApiProperty({ description: 'Operation date (ISO)' }) recordedAt!: string;
  @ApiProperty() eventType!: string;
}

class AuditedActionView {
  @ApiProperty({ example: 'sign-in' }) action!: string;
  @ApiProperty({ example: 'Signed in' }) label!: string;
}

/** System Log (Settings, privilege Setting): audited actions from the event stream. */
@ApiTags('System log')
@ApiCookieAuth()
@RequirePrivileges('Setting')
@Controller('system-log')
export class SystemLogController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ListRoute(
    'Search the system log by action, IP (prefix), username (contains) and date range; newest first, 20 per page',
    {
      sort: '["recordedAt","DESC"]',
      filter: '{"action":"sign-in-failed","ip":"10.0.","username":"lee","from":"2025-01-01","to":"2025-01-31"}',
    },
    systemLogListRules,
  )
  @ApiOkResponse({ type: [SystemLogRowView] })
  async search(@ListParams(systemLogListRules) list: ListRequest) {
    return ListPage.of('system-log', list, await this.queries.execute(new SearchSystemLogQuery(list)));
  }

  @Get('actions')
  @ApiOperation({ summary: 'The audited actions (options of the Action filter)' })
  @ApiOkResponse({ type: [AuditedActionView] })
  actions(): AuditedAction[] {
    return SYSTEM_LOG_ACTION_LIST;
  }
}
