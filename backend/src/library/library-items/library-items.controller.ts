import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@cans/domain/domain-errors';
import type { LibraryItemCommand } from '@cans/domain/library/library-item.decider';
import type { LibraryItemInput } from '@cans/domain/library/library-item.input';
import { LibraryItemEvents } from '@cans/domain/library/library.events';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { INSTRUMENT_READERS } from '../library.privileges';
import { LibraryChangeResult, LibraryCommandRequest } from '../library-stream/library.commands';
import { LibraryStateService } from '../library-stream/library-state.service';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import {
  ChangeVisibilityDto,
  LibraryItemView,
  LibraryTreeView,
  ReorderLibraryDto,
  SaveLibraryItemDto,
  UpdateLibraryItemDto,
} from './library-item.dto';
import {
  GetLibraryItemQuery,
  GetLibraryTreeQuery,
  itemViewFromState,
  libraryItemListRules,
  ListLibraryItemsQuery,
} from './library-item.queries';

const ITEM_NOT_FOUND = 'The library item does not exist.';

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
  @ApiProperty({
    example: 'lib_question_delete_success',
    description: 'Spec success key: lib_{domain|module|question|text}_delete_success',
  })
  message!: string;
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
  @ApiOperation({
    summary: "The whole current library as a tree (domains → items and modules, in order) with each parent's displayed visibility state",
  })
  @ApiOkResponse({ type: LibraryTreeView })
  tree(): Promise<LibraryTreeView> {
    return this.queries.execute(new GetLibraryTreeQuery());
  }

  @Get('items')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ListRoute(
    'List library items, flat. Filters: q (name, abbreviation, code), type, typeCode, parentId, domainId, moduleId, code, visible, caregiverItem, id',
    {
      sort: '["order","ASC"]',
      filter: '{"type":"module","domainId":"…"}',
    },
    libraryItemListRules,
  )
  @ApiOkResponse({ type: [LibraryItemView] })
  async list(@ListParams(libraryItemListRules) list: ListRequest) {
    return ListPage.of('library/items', list, await this.queries.execute(new ListLibraryItemsQuery(list)));
  }

  @Get('items/:id')
  @RequirePrivileges(...INSTRUMENT_READERS)
  @ApiOkResponse({ type: LibraryItemView })
  async get(@IdParam() id: string): Promise<LibraryItemView> {
    const item = await this.queries.execute(new GetLibraryItemQuery(id));
    if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
    return item;
  }

  @Post('items')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Add a domain, module, question or text (placed last among its siblings)' })
  @ApiCreatedResponse({ type: LibraryItemView })
  async create(@Body() body: SaveLibraryItemDto, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, { type: 'AddLibraryItem', itemId: randomUUID(), input: toInput(body) });
    const shown = await this.itemAsShown(result);
    return answerCommand(result, shown.view, { readModelStale: shown.stale });
  }

  @Put('items/:id')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Edit an item (type and code are locked; changing domain/module moves it; the visible switch cascades)' })
  @ApiOkResponse({ type: LibraryItemView })
  async update(@IdParam() id: string, @Body() body: UpdateLibraryItemDto, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, {
      type: 'EditLibraryItem',
      itemId: id,
      input: toInput(body),
      expectedRevision: body.revision,
    });
    const shown = await this.itemAsShown(result);
    return answerCommand(result, shown.view, { readModelStale: shown.stale });
  }

  @Delete('items/:id')
  @HttpCode(200)
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Delete an item with everything under it; 409 while a question rule uses any of them' })
  @ApiOkResponse({ type: DeletedView })
  async remove(@IdParam() id: string, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, { type: 'DeleteLibraryItem', itemId: id });
    const deleted = result.events.find((event) => event.type === LibraryItemEvents.Deleted);
    if (deleted?.type !== LibraryItemEvents.Deleted) throw new NotFoundError(ITEM_NOT_FOUND);
    const body: DeletedView = {
      id,
      message: `lib_${deleted.data.type}_delete_success`,
      deletedItemIds: deleted.data.deletedItemIds,
      version: result.version,
    };
    return answerCommand(result, body);
  }

  @Put('items/:id/visibility')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({
    summary: 'Visible switch with the spec cascade (domain → all under it; module → its items and modules; question → itself)',
  })
  @ApiOkResponse({ type: VisibilityResultView })
  async visibility(@IdParam() id: string, @Body() body: ChangeVisibilityDto, @Auth() { actor }: RequestAuth) {
    const command = { type: 'ChangeLibraryItemVisibility', itemId: id, visible: body.visible, expectedRevision: body.revision } as const;
    const result = await this.execute(actor, command);
    const shown = await this.itemAsShown(result);
    const item = shown.view;
    const changed = result.events.find((event) => event.type === LibraryItemEvents.VisibilityChanged);
    const changedItemIds = changed?.type === LibraryItemEvents.VisibilityChanged ? changed.data.changedItemIds : [];
    const answer: VisibilityResultView = { item, changedItemIds, version: result.version };
    return answerCommand(result, answer, { readModelStale: shown.stale });
  }

  @Put('order')
  @RequirePrivileges('Library_Manage')
  @ApiOperation({ summary: 'Drag-and-drop reorder: new order numbers for each affected item; orders stay distinct among siblings' })
  @ApiOkResponse({ type: ReorderResultView })
  async reorder(@Body() body: ReorderLibraryDto, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, { type: 'ReorderLibraryItems', orders: body.items.map(({ id, order }) => ({ id, order })) });
    const answer: ReorderResultView = { version: result.version };
    return answerCommand(result, answer);
  }

  private execute(actor: RequestAuth['actor'], command: LibraryItemCommand): Promise<LibraryChangeResult> {
    return this.commands.execute(new LibraryCommandRequest(actor, command));
  }

  /**
   * The item as GET shows it (after the read model caught up with the change). stale: the bounded wait elapsed and
   * the answer comes from the library state instead (answered as X-Read-Model-Stale).
   */
  private itemAsShown(result: LibraryChangeResult): Promise<{ view: LibraryItemView; stale: boolean }> {
    return this.readAfterWrite.shown(
      result.position,
      () => this.queries.execute(new GetLibraryItemQuery(result.id)),
      async () => itemViewFromState(await this.library.current(), result.id),
      ITEM_NOT_FOUND,
    );
  }
}
