import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequestActor, RequirePrivileges } from '../../identity/access/access.decorators';
import type { Actor } from '../../platform/commands/actor';
import { NotFoundError } from '../../platform/http/domain-errors';
import { exposeEventPosition } from '../../platform/http/read-your-writes';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { INSTRUMENT_READERS } from '../library.privileges';
import { ReadAfterWrite } from '../library-stream/read-after-write';
import { LibraryChangeResult, LibraryStateService } from '../library-stream/library-state.service';
import type { LibraryItemDeletedData, LibraryItemVisibilityChangedData } from '../library-stream/library.events';
import {
  AddLibraryItemCommand,
  ChangeLibraryItemVisibilityCommand,
  DeleteLibraryItemCommand,
  EditLibraryItemCommand,
  ReorderLibraryItemsCommand,
} from './library-item.commands';
import {
  ChangeVisibilityDto,
  LibraryItemView,
  LibraryTreeView,
  ReorderLibraryDto,
  SaveLibraryItemDto,
  UpdateLibraryItemDto,
} from './library-item.dto';
import type { LibraryItemInput } from './library-item.decisions';
import { GetLibraryItemQuery, GetLibraryTreeQuery, itemViewFromState, libraryItemListRules, ListLibraryItemsQuery } from './library-item.queries';

const uuid = new ParseUUIDPipe({ version: '4' });

class VisibilityResultView {
  @ApiProperty({ type: LibraryItemView }) item!: LibraryItemView;
  @ApiProperty({ type: [String], description: 'Every item whose switch changed (the cascade)' }) changedItemIds!: string[];
  @ApiProperty() version!: number;
}

class ReorderResultView {
  @ApiProperty({ description: 'Library version after the reorder' }) version!: number;
}

class DeletedView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'lib_question_delete_success', description: 'Spec success key: lib_{domain|module|question|text}_delete_success' }) message!: string;
  @ApiProperty({ type: [String], description: 'The item and everything under it' }) deletedItemIds!: string[];
  @ApiProperty() version!: number;
}

function toInput(body: SaveLibraryItemDto): LibraryItemInput {
  const { answers, ...rest } = body;
  return {
    type: rest.type,
    domainId: rest.domainId,
    moduleId: rest.moduleId,
    code: rest.code,
    name: rest.name,
    shortName: rest.shortName,
    description: rest.description,
    visible: rest.visible,
    ageMin: rest.ageMin,
    ageMax: rest.ageMax,
    caregiverItem: rest.caregiverItem,
    answers: answers ? { ...answers } : answers,
    ratingMeaning: rest.ratingMeaning,
    actionableRatings: rest.actionableRatings,
  };
}

/**
 * The question library (spec 002 "Question Library", "Library add/edit dialog", "Library visibility"). Every
 * change is an event on the library stream and creates a new library version.
 */
@ApiTags('Library')
@ApiCookieAuth()
@ApiBearerAuth()
@Controller('library')
export class LibraryItemsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly library: LibraryStateService,
    private readonly readAfterWrite: ReadAfterWrite,
  ) {}

  @Get()
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({ summary: 'The whole current library as a tree (domains → items and modules, in order) with each parent\'s displayed visibility state' })
  @ApiOkResponse({ type: LibraryTreeView })
  tree(): Promise<LibraryTreeView> {
    return this.queries.execute(new GetLibraryTreeQuery());
  }

  @Get('items')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOperation({ summary: 'List library items, flat (ra-data-simple-rest). Filters: q (name, abbreviation, code), type, typeCode, parentId, domainId, moduleId, code, visible, caregiverItem, id' })
  @ApiQuery({ name: 'sort', required: false, example: '["order","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,99]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"type":"module","domainId":"…"}' })
  @ApiOkResponse({ type: [LibraryItemView] })
  async list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, libraryItemListRules);
    const { rows, total } = await this.queries.execute(new ListLibraryItemsQuery(list));
    return sendListPage(response, 'library/items', list.skip, rows, total);
  }

  @Get('items/:id')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOkResponse({ type: LibraryItemView })
  async get(@Param('id', uuid) id: string): Promise<LibraryItemView> {
    const item = await this.queries.execute(new GetLibraryItemQuery(id));
    if (!item) throw new NotFoundError('The library item does not exist.');
    return item;
  }

  @Post('items')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Add a domain, module, question or text (placed last among its siblings)' })
  @ApiCreatedResponse({ type: LibraryItemView })
  async create(@Body() body: SaveLibraryItemDto, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: LibraryChangeResult = await this.commands.execute(new AddLibraryItemCommand(actor, toInput(body)));
    return this.answerWithItem(response, result);
  }

  @Put('items/:id')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Edit an item (type and code are locked; changing domain/module moves it; the visible switch cascades)' })
  @ApiOkResponse({ type: LibraryItemView })
  async update(
    @Param('id', uuid) id: string,
    @Body() body: UpdateLibraryItemDto,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    const result: LibraryChangeResult = await this.commands.execute(new EditLibraryItemCommand(actor, id, toInput(body), body.revision));
    return this.answerWithItem(response, result);
  }

  @Delete('items/:id')
  @HttpCode(200)
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Delete an item with everything under it; 409 while a question rule uses any of them' })
  @ApiOkResponse({ type: DeletedView })
  async remove(@Param('id', uuid) id: string, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response): Promise<DeletedView> {
    const result: LibraryChangeResult = await this.commands.execute(new DeleteLibraryItemCommand(actor, id));
    exposeEventPosition(response, result.position);
    const deleted = result.events[0].data as LibraryItemDeletedData;
    return { id, message: `lib_${deleted.type}_delete_success`, deletedItemIds: deleted.deletedItemIds, version: result.version };
  }

  @Put('items/:id/visibility')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Visible switch with the spec cascade (domain → all under it; module → its items and modules; question → itself)' })
  @ApiOkResponse({ type: VisibilityResultView })
  async visibility(
    @Param('id', uuid) id: string,
    @Body() body: ChangeVisibilityDto,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VisibilityResultView> {
    const result: LibraryChangeResult = await this.commands.execute(new ChangeLibraryItemVisibilityCommand(actor, id, body.visible, body.revision));
    const item = await this.answerWithItem(response, result);
    const changed = result.events[0]?.data as LibraryItemVisibilityChangedData | undefined;
    return { item, changedItemIds: changed?.changedItemIds ?? [], version: result.version };
  }

  @Put('order')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Drag-and-drop reorder: new order numbers for each affected item; orders stay distinct among siblings' })
  @ApiOkResponse({ type: ReorderResultView })
  async reorder(@Body() body: ReorderLibraryDto, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response): Promise<ReorderResultView> {
    const result: LibraryChangeResult = await this.commands.execute(new ReorderLibraryItemsCommand(actor, body.items.map(({ id, order }) => ({ id, order }))));
    exposeEventPosition(response, result.position);
    return { version: result.version };
  }

  /** Answers with the item as GET shows it (after the read model caught up with the change). */
  private async answerWithItem(response: Response, result: LibraryChangeResult): Promise<LibraryItemView> {
    exposeEventPosition(response, result.position);
    if (await this.readAfterWrite.reached(result.position)) {
      const item: LibraryItemView | null = await this.queries.execute(new GetLibraryItemQuery(result.id));
      if (item) return item;
    }
    // The read model is behind (bounded wait elapsed): answer from the library state, which has the change.
    response.setHeader('X-Read-Model-Stale', 'true');
    const item = itemViewFromState(await this.library.current(), result.id);
    if (!item) throw new NotFoundError('The library item does not exist.');
    return item;
  }
}
