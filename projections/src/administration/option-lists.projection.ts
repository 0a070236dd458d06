/**
 * The option value lists (spec 002 §2 "Option value lists") and what uses their items:
 *
 * - option_lists: one document per list that was ever edited, its items as the decider folds them (an unedited list
 *   is its defaults: option-lists.queries.ts answers them).
 * - option_list_usage: per live assessment, the option ids it stores (assessmentType, lookedAfterStatus), so a delete
 *   can count the assessments that use an item. Its own collection because the assessment list does not carry the
 *   looked-after status, and this projection must not write another's collections.
 */
import { evolveOptionList, initialOptionListState } from '@cans/domain/administration/option-lists.decider';
import {
  OPTION_LIST_EVENT_TYPES,
  OPTION_LIST_TITLES,
  OptionListEvent,
  OptionListKey,
} from '@cans/domain/administration/option-lists.events';
import { AssessmentEvent, AssessmentEvents } from '@cans/domain/assessments/assessment.events';
import type { OptionItem } from '@cans/domain/assessments';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

export const OPTION_LISTS_COLLECTION = 'option_lists';
export const OPTION_LIST_USAGE_COLLECTION = 'option_list_usage';

export interface OptionListDocument extends Document {
  id: OptionListKey;
  title: string;
  items: OptionItem[];
  /** The highest number given as an id so far (the decider's state; deleted ids are not given again). */
  lastNumber: number;
  /** Every id given so far (the decider's state: a name-keyed id is not given again). */
  givenIds: string[];
  revision: number;
  updatedAt: string;
}

export interface OptionUsageDocument extends Document {
  assessmentType: string;
  lookedAfterStatus: string | null;
}

/** The assessment events that set or drop the option ids an assessment stores. */
const USAGE_EVENT_TYPES = [
  AssessmentEvents.Started,
  AssessmentEvents.ChildInformationSaved,
  AssessmentEvents.TypeChanged,
  AssessmentEvents.Deleted,
] as const;
type UsageEvent = Extract<AssessmentEvent, { type: (typeof USAGE_EVENT_TYPES)[number] }>;

export const optionListsProjection = defineEventProjection<OptionListEvent | UsageEvent>({
  name: 'option-lists',
  // 2: the documents keep givenIds.
  version: 2,
  collections: [
    { name: OPTION_LISTS_COLLECTION },
    { name: OPTION_LIST_USAGE_COLLECTION, indexes: ['assessmentType', 'lookedAfterStatus'] },
  ],
  eventTypes: [...OPTION_LIST_EVENT_TYPES, ...USAGE_EVENT_TYPES],
  async apply(event, view) {
    switch (event.type) {
      case AssessmentEvents.Started:
        view.upsert(OPTION_LIST_USAGE_COLLECTION, {
          id: event.data.assessmentId,
          assessmentType: event.data.assessmentType,
          lookedAfterStatus: null,
        } satisfies OptionUsageDocument);
        return;
      case AssessmentEvents.ChildInformationSaved:
        view.patch(OPTION_LIST_USAGE_COLLECTION, event.data.assessmentId, { lookedAfterStatus: event.data.child.lookedAfterStatus });
        return;
      case AssessmentEvents.TypeChanged:
        view.patch(OPTION_LIST_USAGE_COLLECTION, event.data.assessmentId, { assessmentType: event.data.to });
        return;
      case AssessmentEvents.Deleted:
        view.delete(OPTION_LIST_USAGE_COLLECTION, event.data.assessmentId);
        return;
      default: {
        const list = event.data.list;
        const before = await view.get<OptionListDocument>(OPTION_LISTS_COLLECTION, list);
        const next = evolveOptionList(before ?? initialOptionListState(list), event);
        view.upsert(OPTION_LISTS_COLLECTION, {
          id: list,
          title: OPTION_LIST_TITLES[list],
          items: next.items.map(({ id, name }) => ({ id, name })),
          lastNumber: next.lastNumber,
          givenIds: [...next.givenIds],
          revision: event.revision,
          updatedAt: event.recordedAt,
        } satisfies OptionListDocument);
      }
    }
  },
});
