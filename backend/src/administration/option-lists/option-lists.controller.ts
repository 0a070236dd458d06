import { Body, Controller, Delete, Get, HttpCode, Param, PipeTransform, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { isOptionListKey, OPTION_LIST_KEYS, OptionListKey } from '@cans/domain/administration/option-lists.events';
import { NotFoundError } from '@cans/domain/domain-errors';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { answerCommand } from '../../platform/http/http-answers';
import { FieldValidationException } from '../../platform/http/validation';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import { OptionListCommandRequest, OptionListCommandResult } from './option-lists.commands';
import { DeletedOptionItemView, OptionItemDto, OptionListView, SavedOptionItemView } from './option-lists.dto';
import { GetOptionListsQuery } from './option-lists.queries';

export const OPTION_LIST_NOT_FOUND = 'The option list does not exist.';

/** `{list}`: one of the two list keys, else 404 (there is no such list). */
const listKey: PipeTransform<string, OptionListKey> = {
  transform(value) {
    if (!isOptionListKey(value)) throw new NotFoundError(OPTION_LIST_NOT_FOUND);
    return value;
  },
};

/** `{id}`: an item id is short text (62, 'Section 20'); anything else cannot name an item. */
const itemId: PipeTransform<string, string> = {
  transform(value) {
    // eslint-disable-next-line no-control-regex
    if (!/^[^\u0000-\u001f\u007f]{1,200}$/.test(value)) throw new FieldValidationException({ id: ['must be an option id'] });
    return value;
  },
};

const LIST_PARAM = {
  name: 'list',
  enum: OPTION_LIST_KEYS,
  description: 'initialized (Initialized) or fosterCareStatus (Foster Care Status)',
};

/**
 * Option value lists (spec 002 §2, privilege Label_Config: they are part of the child form's configuration):
 * Initialized (assessment types) and Foster Care Status (looked-after statuses).
 */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller('settings/option-lists')
export class OptionListsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readAfterWrite: ReadAfterWrite,
  ) {}

  @Get()
  @RequirePrivileges('Label_Config')
  @ApiOperation({ summary: 'Both option lists, Initialized first' })
  @ApiOkResponse({ type: [OptionListView] })
  lists(): Promise<OptionListView[]> {
    return this.queries.execute(new GetOptionListsQuery());
  }

  @Get(':list')
  @RequirePrivileges('Label_Config')
  @ApiParam(LIST_PARAM)
  @ApiOkResponse({ type: OptionListView })
  list(@Param('list', listKey) list: OptionListKey): Promise<OptionListView> {
    return this.queries.execute(new GetOptionListsQuery(list));
  }

  @Post(':list/items')
  @RequirePrivileges('Label_Config')
  @ApiParam(LIST_PARAM)
  @ApiOperation({ summary: 'Add an item; Initialized ids are the next number after the highest ever given (65 …)' })
  @ApiOkResponse({ type: SavedOptionItemView })
  async add(@Param('list', listKey) list: OptionListKey, @Body() body: OptionItemDto, @Auth() { actor }: RequestAuth) {
    const result = await this.send(new OptionListCommandRequest(actor, list, { type: 'AddOptionItem', name: body.name }));
    return this.answer(result, { id: result.itemId, name: body.name, message: 'The option was added successfully.' });
  }

  @Put(':list/items/:id')
  @RequirePrivileges('Label_Config')
  @ApiParam(LIST_PARAM)
  @ApiOperation({ summary: 'Rename an item: every assessment that uses it shows the new name' })
  @ApiOkResponse({ type: SavedOptionItemView })
  async rename(
    @Param('list', listKey) list: OptionListKey,
    @Param('id', itemId) id: string,
    @Body() body: OptionItemDto,
    @Auth() { actor }: RequestAuth,
  ) {
    const result = await this.send(new OptionListCommandRequest(actor, list, { type: 'RenameOptionItem', itemId: id, name: body.name }));
    return this.answer(result, { id, name: body.name, message: 'The option was saved successfully.' });
  }

  @Delete(':list/items/:id')
  @HttpCode(200)
  @RequirePrivileges('Label_Config')
  @ApiParam(LIST_PARAM)
  @ApiOperation({ summary: 'Delete an item; one that assessments use is kept (409, saying how many; rename it instead)' })
  @ApiOkResponse({ type: DeletedOptionItemView })
  async remove(@Param('list', listKey) list: OptionListKey, @Param('id', itemId) id: string, @Auth() { actor }: RequestAuth) {
    const result = await this.send(new OptionListCommandRequest(actor, list, { type: 'DeleteOptionItem', itemId: id }));
    return this.answer(result, { id, message: 'Deleted successfully!' });
  }

  private send(request: OptionListCommandRequest): Promise<OptionListCommandResult> {
    return this.commands.execute(request);
  }

  /**
   * The lists are read by every assessment command and by /api/assessment-options, which send no
   * X-Wait-For-Position: answering once the read models hold the change makes the next of them see it.
   */
  private async answer<TBody>(result: OptionListCommandResult, body: TBody) {
    const reached = await this.readAfterWrite.reached(result.position);
    return answerCommand(result, body, { readModelStale: !reached });
  }
}
