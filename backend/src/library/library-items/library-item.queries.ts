import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LibraryItemDocument, visibilityStateOf } from '@cans/projections/library/library.projection';
import { getLibraryItem, listLibraryItems, wholeLibrary } from '@cans/projections/library/library.queries';
import { LIBRARY_TYPE_CODES } from '@cans/domain/library/instrument/instrument.types';
import { domainOf, LibraryItemRecord, LibraryState, subtreeIds } from '@cans/domain/library/library-state';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { LibraryItemView, LibraryTreeNodeView, LibraryTreeView } from './library-item.dto';

export const libraryItemListRules: ListRules = {
  sortable: ['order', 'name', 'code', 'type', 'typeCode', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'order', direction: 'asc' },
  filterable: ['q', 'id', 'type', 'typeCode', 'parentId', 'domainId', 'moduleId', 'code', 'visible', 'caregiverItem'],
  maxPageSize: 1000,
};

export function toItemView(doc: LibraryItemDocument): LibraryItemView {
  const { leafCount: _l, visibleLeafCount: _v, ...view } = doc;
  return view as LibraryItemView;
}

/**
 * The view of an item computed from the library state instead of the read model: what a command answers with
 * when the read model did not catch up within the read-your-writes bound (timestamps are then the last change's).
 */
export function itemViewFromState(state: LibraryState, itemId: string): LibraryItemView | null {
  const item = state.items.get(itemId);
  if (!item) return null;
  const parent = item.parentId === null ? undefined : state.items.get(item.parentId);
  const leaves = subtreeIds(state, itemId)
    .map((id) => state.items.get(id))
    .filter((node): node is LibraryItemRecord => node !== undefined && (node.type === 'question' || node.type === 'text'));
  const visibleLeaves = leaves.filter((leaf) => leaf.visible).length;
  const isContainer = item.type === 'domain' || item.type === 'module';
  return {
    id: item.id,
    code: item.code,
    type: item.type,
    typeCode: LIBRARY_TYPE_CODES[item.type],
    parentId: item.parentId,
    domainId: item.type === 'domain' ? null : (domainOf(state, itemId)?.id ?? null),
    moduleId: parent?.type === 'module' ? parent.id : null,
    name: item.name,
    shortName: item.shortName,
    description: item.description,
    visible: item.visible,
    visibilityState: visibilityStateOf({
      type: item.type,
      visible: item.visible,
      leafCount: isContainer ? leaves.length : 0,
      visibleLeafCount: visibleLeaves,
    }),
    ageMin: item.ageMin,
    ageMax: item.ageMax,
    caregiverItem: item.caregiverItem,
    order: item.order,
    answers: item.answers as LibraryItemView['answers'],
    ratingMeaning: item.ratingMeaning,
    actionableRatings: item.actionableRatings ? [...item.actionableRatings] : null,
    revision: item.revision,
    createdAt: state.recordedAt ?? '',
    updatedAt: state.recordedAt ?? '',
  };
}

export class ListLibraryItemsQuery {
  constructor(readonly list: ListRequest) {}
}

export class GetLibraryItemQuery {
  constructor(readonly itemId: string) {}
}

/** The current library as a tree: domains in order, each with its items and modules (nested) in order. */
export class GetLibraryTreeQuery {}

@QueryHandler(ListLibraryItemsQuery)
export class ListLibraryItemsHandler implements IQueryHandler<ListLibraryItemsQuery, { rows: LibraryItemView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list }: ListLibraryItemsQuery) {
    const { rows, total } = await listLibraryItems(this.readStore, list);
    return { rows: rows.map(toItemView), total };
  }
}

@QueryHandler(GetLibraryItemQuery)
export class GetLibraryItemHandler implements IQueryHandler<GetLibraryItemQuery, LibraryItemView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ itemId }: GetLibraryItemQuery) {
    const doc = await getLibraryItem(this.readStore, itemId);
    return doc ? toItemView(doc) : null;
  }
}

@QueryHandler(GetLibraryTreeQuery)
export class GetLibraryTreeHandler implements IQueryHandler<GetLibraryTreeQuery, LibraryTreeView> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(): Promise<LibraryTreeView> {
    const { version, items: docs } = await wholeLibrary(this.readStore);
    const children = new Map<string | null, LibraryItemDocument[]>();
    for (const doc of docs) {
      const list = children.get(doc.parentId) ?? [];
      list.push(doc);
      children.set(doc.parentId, list);
    }
    const build = (doc: LibraryItemDocument): LibraryTreeNodeView => {
      const view = toItemView(doc) as LibraryTreeNodeView;
      if (doc.type === 'domain' || doc.type === 'module') {
        const kids = children.get(doc.id) ?? [];
        view.items = kids.filter((k) => k.type === 'question' || k.type === 'text').map(toItemView);
        view.modules = kids.filter((k) => k.type === 'module').map(build);
      }
      return view;
    };
    return { version, domains: (children.get(null) ?? []).map(build) };
  }
}

export const libraryItemQueryHandlers = [ListLibraryItemsHandler, GetLibraryItemHandler, GetLibraryTreeHandler];
