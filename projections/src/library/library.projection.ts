import type { Document } from '@cans/storage/read-store/read-store.port';
import {
  AnswerDescriptions,
  LIBRARY_TYPE_CODES,
  LibraryNodeKind,
  Rating,
  RuleAction,
} from '@cans/domain/library/instrument/instrument.types';
import {
  LIBRARY_EVENT_TYPES,
  LIBRARY_STREAM_ID,
  LibraryEvent,
  LibraryItemEvents,
  QuestionRuleContent,
  QuestionRuleEvents,
} from '@cans/domain/library/library.events';
import { defineEventProjection, ProjectedEvent, ProjectionView } from '../engine/projection';

export const LIBRARY_ITEMS_COLLECTION = 'library_items';
export const QUESTION_RULES_COLLECTION = 'question_rules';
export const LIBRARY_VERSIONS_COLLECTION = 'library_versions';
export const LIBRARY_STATUS_COLLECTION = 'library_status';
/** The one document of library_status. */
export const LIBRARY_STATUS_ID = 'current';

export type VisibilityState = 'visible' | 'indeterminate' | 'hidden';

/** One node of the library (domain, module, question, text), flat; the tree is assembled by the query. */
export interface LibraryItemDocument extends Document {
  code: string;
  type: LibraryNodeKind;
  /** Spec library type: 1 domain, 2 module, 3 question, 4 text. */
  typeCode: 1 | 2 | 3 | 4;
  parentId: string | null;
  /** The enclosing domain (null for a domain). */
  domainId: string | null;
  /** The direct parent module (null when the item sits directly in its domain, and for domains). */
  moduleId: string | null;
  name: string;
  shortName: string | null;
  description: string;
  visible: boolean;
  /** Displayed switch state: a parent is indeterminate when only some items under it are visible. */
  visibilityState: VisibilityState;
  /** Questions and texts under a domain or module (all depths), and how many of them are visible. */
  leafCount: number;
  visibleLeafCount: number;
  ageMin: number | null;
  ageMax: number | null;
  caregiverItem: boolean;
  order: number;
  answers: AnswerDescriptions | null;
  ratingMeaning: string | null;
  actionableRatings: string[] | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface QuestionRuleDocument extends Document {
  code: string;
  name: string;
  description: string;
  triggerDomainId: string;
  triggerModuleId: string | null;
  triggerQuestionId: string;
  answers: Rating[];
  action: RuleAction;
  moduleId: string | null;
  questionId: string | null;
  /** Stable codes of the referenced items (codes never change, so these never go stale). */
  triggerDomainCode: string | null;
  triggerModuleCode: string | null;
  triggerQuestionCode: string | null;
  targetModuleCode: string | null;
  targetQuestionCode: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** One library version: the change that produced it. */
export interface LibraryVersionDocument extends Document {
  version: number;
  change: string;
  summary: string;
  itemId: string | null;
  ruleId: string | null;
  userId: string | null;
  recordedAt: string;
}

export interface LibraryStatusDocument extends Document {
  version: number;
  updatedAt: string | null;
}

const isLeaf = (type: LibraryNodeKind) => type === 'question' || type === 'text';

export function visibilityStateOf(doc: Pick<LibraryItemDocument, 'type' | 'visible' | 'leafCount' | 'visibleLeafCount'>): VisibilityState {
  if (isLeaf(doc.type) || doc.leafCount === 0) return doc.visible ? 'visible' : 'hidden';
  if (!doc.visible || doc.visibleLeafCount === 0) return 'hidden';
  return doc.visibleLeafCount === doc.leafCount ? 'visible' : 'indeterminate';
}

const getItem = (view: ProjectionView, id: string | null) =>
  id === null ? Promise.resolve(null) : view.get<LibraryItemDocument>(LIBRARY_ITEMS_COLLECTION, id);

function put(view: ProjectionView, doc: LibraryItemDocument): void {
  view.upsert(LIBRARY_ITEMS_COLLECTION, { ...doc, visibilityState: visibilityStateOf(doc) });
}

/** Adds (or with a negative sign removes) leaf counts to every container from `parentId` up to the domain. */
async function addCounts(view: ProjectionView, parentId: string | null, leaves: number, visibleLeaves: number): Promise<void> {
  let current = await getItem(view, parentId);
  while (current) {
    put(view, { ...current, leafCount: current.leafCount + leaves, visibleLeafCount: current.visibleLeafCount + visibleLeaves });
    current = await getItem(view, current.parentId);
  }
}

/** Leaf counts an item brings to its ancestors. */
const countsOf = (doc: LibraryItemDocument): [number, number] =>
  isLeaf(doc.type) ? [1, doc.visible ? 1 : 0] : [doc.leafCount, doc.visibleLeafCount];

async function applyItemEvent(
  event: ProjectedEvent<LibraryEvent>,
  view: ProjectionView,
): Promise<{ itemId: string | null; summary: string }> {
  const stamp = { revision: event.revision, updatedAt: event.recordedAt };
  switch (event.type) {
    case LibraryItemEvents.Added: {
      const d = event.data;
      const parent = await getItem(view, d.parentId);
      const doc: LibraryItemDocument = {
        id: d.itemId,
        code: d.code,
        type: d.type,
        typeCode: LIBRARY_TYPE_CODES[d.type],
        parentId: d.parentId,
        domainId: parent ? (parent.type === 'domain' ? parent.id : parent.domainId) : null,
        moduleId: parent?.type === 'module' ? parent.id : null,
        name: d.name,
        shortName: d.shortName,
        description: d.description,
        visible: d.visible,
        visibilityState: 'visible',
        leafCount: 0,
        visibleLeafCount: 0,
        ageMin: d.ageMin,
        ageMax: d.ageMax,
        caregiverItem: d.caregiverItem,
        order: d.order,
        answers: d.answers,
        ratingMeaning: d.ratingMeaning,
        actionableRatings: d.actionableRatings,
        createdAt: event.recordedAt,
        ...stamp,
      };
      put(view, doc);
      if (isLeaf(d.type)) await addCounts(view, d.parentId, 1, d.visible ? 1 : 0);
      return { itemId: d.itemId, summary: `Added ${d.type} ${d.code}` };
    }
    case LibraryItemEvents.Edited: {
      const d = event.data;
      const doc = await getItem(view, d.itemId);
      if (doc) {
        const { itemId: _id, answers, ...content } = d;
        put(view, { ...doc, ...content, answers, ...stamp });
      }
      return { itemId: d.itemId, summary: `Edited ${doc?.type ?? 'item'} ${doc?.code ?? d.itemId}` };
    }
    case LibraryItemEvents.Moved: {
      const d = event.data;
      const moved = await getItem(view, d.itemId);
      if (moved) {
        const [leaves, visibleLeaves] = countsOf(moved);
        await addCounts(view, d.fromParentId, -leaves, -visibleLeaves);
        const parent = await getItem(view, d.toParentId);
        put(view, { ...moved, parentId: d.toParentId, moduleId: parent?.type === 'module' ? parent.id : null, order: d.order });
        await addCounts(view, d.toParentId, leaves, visibleLeaves);
      }
      for (const id of d.subtreeItemIds) {
        const doc = await getItem(view, id);
        if (doc) put(view, { ...doc, domainId: d.domainId, caregiverItem: d.caregiverItem, ...stamp });
      }
      return { itemId: d.itemId, summary: `Moved ${moved?.type ?? 'item'} ${moved?.code ?? d.itemId}` };
    }
    case LibraryItemEvents.VisibilityChanged: {
      const d = event.data;
      const delta = d.visible ? 1 : -1;
      for (const id of d.changedItemIds) {
        const doc = await getItem(view, id);
        if (!doc) continue;
        put(view, { ...doc, visible: d.visible, ...stamp });
        if (isLeaf(doc.type)) await addCounts(view, doc.parentId, 0, delta);
      }
      const toggled = await getItem(view, d.itemId);
      return { itemId: d.itemId, summary: `${d.visible ? 'Showed' : 'Hid'} ${toggled?.type ?? 'item'} ${toggled?.code ?? d.itemId}` };
    }
    case LibraryItemEvents.CaregiverFlagChanged: {
      const d = event.data;
      for (const id of d.itemIds) {
        const doc = await getItem(view, id);
        if (doc) put(view, { ...doc, caregiverItem: d.caregiverItem, ...stamp });
      }
      const domain = await getItem(view, d.domainId);
      return {
        itemId: d.domainId,
        summary: `Set caregiver's item ${d.caregiverItem ? 'on' : 'off'} for domain ${domain?.code ?? d.domainId}`,
      };
    }
    case LibraryItemEvents.Reordered: {
      const d = event.data;
      for (const { itemId, order } of d.orders) {
        const doc = await getItem(view, itemId);
        if (doc) put(view, { ...doc, order, ...stamp });
      }
      return { itemId: null, summary: `Reordered ${d.orders.length} item${d.orders.length === 1 ? '' : 's'}` };
    }
    case LibraryItemEvents.Deleted: {
      const d = event.data;
      const root = await getItem(view, d.itemId);
      if (root) {
        const [leaves, visibleLeaves] = countsOf(root);
        await addCounts(view, root.parentId, -leaves, -visibleLeaves);
      }
      for (const id of d.deletedItemIds) view.delete(LIBRARY_ITEMS_COLLECTION, id);
      return { itemId: d.itemId, summary: `Deleted ${root?.type ?? 'item'} ${root?.code ?? d.itemId}` };
    }
  }
  return { itemId: null, summary: event.type };
}

async function ruleDocument(
  view: ProjectionView,
  content: QuestionRuleContent,
): Promise<Omit<QuestionRuleDocument, 'id' | 'code' | 'revision' | 'createdAt' | 'updatedAt'>> {
  const codeOf = async (id: string | null) => (await getItem(view, id))?.code ?? null;
  return {
    name: content.name,
    description: content.description,
    triggerDomainId: content.trigger.domainId,
    triggerModuleId: content.trigger.moduleId,
    triggerQuestionId: content.trigger.questionId,
    answers: content.answers,
    action: content.action,
    moduleId: content.target.moduleId,
    questionId: content.target.questionId,
    triggerDomainCode: await codeOf(content.trigger.domainId),
    triggerModuleCode: await codeOf(content.trigger.moduleId),
    triggerQuestionCode: await codeOf(content.trigger.questionId),
    targetModuleCode: await codeOf(content.target.moduleId),
    targetQuestionCode: await codeOf(content.target.questionId),
  };
}

async function applyRuleEvent(
  event: ProjectedEvent<LibraryEvent>,
  view: ProjectionView,
): Promise<{ ruleId: string | null; summary: string }> {
  switch (event.type) {
    case QuestionRuleEvents.Added: {
      const d = event.data;
      view.upsert(QUESTION_RULES_COLLECTION, {
        id: d.ruleId,
        code: d.code,
        ...(await ruleDocument(view, d)),
        revision: event.revision,
        createdAt: event.recordedAt,
        updatedAt: event.recordedAt,
      });
      return { ruleId: d.ruleId, summary: `Added rule ${d.code}` };
    }
    case QuestionRuleEvents.Edited: {
      const d = event.data;
      const existing = await view.get<QuestionRuleDocument>(QUESTION_RULES_COLLECTION, d.ruleId);
      if (existing) {
        view.upsert(QUESTION_RULES_COLLECTION, {
          ...existing,
          ...(await ruleDocument(view, d)),
          revision: event.revision,
          updatedAt: event.recordedAt,
        });
      }
      return { ruleId: d.ruleId, summary: `Edited rule ${existing?.code ?? d.ruleId}` };
    }
    case QuestionRuleEvents.Deleted: {
      const d = event.data;
      const existing = await view.get<QuestionRuleDocument>(QUESTION_RULES_COLLECTION, d.ruleId);
      view.delete(QUESTION_RULES_COLLECTION, d.ruleId);
      return { ruleId: d.ruleId, summary: `Deleted rule ${existing?.code ?? d.ruleId}` };
    }
  }
  return { ruleId: null, summary: event.type };
}

/**
 * The question library's read models: the items (flat, with the displayed visibility state of every parent),
 * the question rules, the library's version history, and its current version.
 */
export const libraryProjection = defineEventProjection<LibraryEvent>({
  name: 'library',
  version: 1,
  collections: [
    { name: LIBRARY_ITEMS_COLLECTION, indexes: ['type', 'parentId', 'domainId', 'moduleId', 'code', 'order', 'name'] },
    { name: QUESTION_RULES_COLLECTION, indexes: ['name', 'code'] },
    { name: LIBRARY_VERSIONS_COLLECTION, indexes: ['version', 'recordedAt'] },
    { name: LIBRARY_STATUS_COLLECTION },
  ],
  eventTypes: LIBRARY_EVENT_TYPES,
  async apply(event, view) {
    if (event.streamId !== LIBRARY_STREAM_ID) return;
    const isRuleEvent = Object.values<string>(QuestionRuleEvents).includes(event.type);
    const change = isRuleEvent
      ? { itemId: null, ...(await applyRuleEvent(event, view)) }
      : { ruleId: null, ...(await applyItemEvent(event, view)) };
    const version = event.revision + 1;
    view.upsert(LIBRARY_VERSIONS_COLLECTION, {
      id: String(version),
      version,
      change: event.type,
      summary: change.summary,
      itemId: change.itemId,
      ruleId: change.ruleId,
      userId: event.metadata.userId,
      recordedAt: event.recordedAt,
    });
    view.upsert(LIBRARY_STATUS_COLLECTION, { id: LIBRARY_STATUS_ID, version, updatedAt: event.recordedAt });
  },
});
