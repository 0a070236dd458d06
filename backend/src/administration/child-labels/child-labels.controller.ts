import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CHILD_LABEL_MESSAGES, childLabelField } from '@cans/domain/administration/child-labels.fields';
import { NotFoundError } from '@cans/domain/domain-errors';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import { ChildLabelCommandRequest } from './child-labels.commands';
import { ChildLabelView, SaveChildLabelDto, SavedChildLabelView } from './child-labels.dto';
import { ListChildLabelsQuery } from './child-labels.queries';

/** Child Info Label Configuration (spec 002 §2, privilege Label_Config): the 17 labels, renamed and shown or hidden. */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller('settings/child-labels')
export class ChildLabelsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readAfterWrite: ReadAfterWrite,
  ) {}

  @Get()
  @RequirePrivileges('Label_Config')
  @ApiOperation({ summary: 'The 17 labels in the spec’s order (saved, or their defaults)' })
  @ApiOkResponse({ type: [ChildLabelView] })
  list(): Promise<ChildLabelView[]> {
    return this.queries.execute(new ListChildLabelsQuery());
  }

  @Put(':fieldName')
  @RequirePrivileges('Label_Config')
  @ApiOperation({ summary: 'Rename a label and enable or hide it; answers once every read model holds the save' })
  @ApiOkResponse({ type: SavedChildLabelView })
  async save(@Param('fieldName') fieldName: string, @Body() body: SaveChildLabelDto, @Auth() { actor }: RequestAuth) {
    const field = childLabelField(fieldName);
    if (!field) throw new NotFoundError(CHILD_LABEL_MESSAGES.notFound);
    const command = { type: 'SaveChildLabel', fieldName, displayName: body.displayName, status: body.status } as const;
    const result: CommandResult = await this.commands.execute(new ChildLabelCommandRequest(actor, command));
    // The labels are read by every assessment command and by /api/assessment-options, none of which sends
    // X-Wait-For-Position: answering after the read models caught up makes the next of them see the save.
    const reached = await this.readAfterWrite.reached(result.position);
    const { necessary, defaultDisplayName } = field;
    return answerCommand(
      result,
      {
        fieldName,
        displayName: body.displayName,
        status: body.status,
        necessary,
        defaultDisplayName,
        message: 'The label was saved successfully.',
      },
      { readModelStale: !reached },
    );
  }
}
