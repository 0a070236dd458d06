/**
 * Item transitions between a child's consecutive approved assessments (a standard CANS outcome measure): per item,
 * how many children went from each rating to each rating, and the share of actionable needs that resolved or
 * improved.
 *
 * - The child is its PID (trimmed, case-insensitive: the product's child groups, assessment-list/documents.ts), not
 *   previousAssessmentId — that link is optional and set only when the form was prefilled. A child's approved
 *   assessments are ordered by date of assessment, then creation, then id (the product's "latest" order).
 * - Counted: assessments approved and included in reports (an excluded one is left out of every report). A pair is
 *   two consecutive ones; an item counts in a pair when rated in both (N/A is a rating; unrated is not).
 * - Child items by question code. Caregiver items: those of the FIRST LISTED caregiver of each assessment, as the
 *   reports do (spec 001 §9) — caregivers carry no identity across assessments to match them otherwise.
 * - Correct whatever the order of events: approvals out of date order, a date of assessment or a PID changed on an
 *   approved assessment, an assessment deleted, closed or excluded, a re-approval (item-transitions.chains.ts).
 */
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { AssessmentEvent, AssessmentEvents } from '@cans/domain/assessments/assessment.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { ProjectedEvent, ProjectionView } from '../engine/projection';
import { childKeyOf } from '../assessments/assessment-list/documents';
import { defineAnalyticsProjection } from './analytics-projection';
import { ChainMember, percentOf, Ratings, TransitionDeltas, withMember, withoutMember } from './item-transitions.chains';

const TRANSITIONS = 'transitions';
const ITEMS = 'items';
const ASSESSMENTS = 'assessments';
const CHAINS = 'chains';

/** What the projection remembers of an assessment (working state, never served). */
interface AssessmentDocument extends Document {
  status: 'open' | 'approved';
  included: boolean;
  /** The child's key (PID, trimmed and lower case); null before the child record is saved. */
  child: string | null;
  dateOfAssessment: string;
  createdAt: string;
  caregiverIds: string[];
  ratings: Ratings;
  caregiverRatings: Readonly<Record<string, Ratings>>;
}

/** A child's approved (and included) assessments, in order, with the ratings as counted. */
interface ChainDocument extends Document {
  members: ChainMember[];
}

export interface TransitionDocument extends Document {
  subject: 'child' | 'caregiver';
  item: string;
  from: Rating;
  to: Rating;
  count: number;
}

export interface ItemOutcomeDocument extends Document {
  subject: 'child' | 'caregiver';
  item: string;
  pairs: number;
  actionable: number;
  resolved: number;
  improved: number;
  resolvedPercent: number | null;
  improvedPercent: number | null;
}

type Event = ProjectedEvent<AssessmentEvent>;

/** One shared empty record: an assessment without caregiver ratings keeps the same member from event to event. */
const NO_RATINGS: Ratings = Object.freeze({});

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

/** The assessment after the event; null when it is gone (closed or deleted: neither comes back). */
function evolve(state: AssessmentDocument, event: Event): AssessmentDocument | null {
  switch (event.type) {
    case AssessmentEvents.ChildInformationSaved: {
      const { cin, dateOfAssessment } = event.data.child;
      return { ...state, child: cin.trim() ? childKeyOf(cin) : null, dateOfAssessment };
    }
    case AssessmentEvents.CaregiverAdded:
    case AssessmentEvents.FamilyCaregiversBound: {
      const added = event.type === AssessmentEvents.CaregiverAdded ? [event.data.caregiver] : event.data.caregivers;
      const caregiverIds = [...state.caregiverIds];
      for (const { caregiverId } of added) if (!caregiverIds.includes(caregiverId)) caregiverIds.push(caregiverId);
      return caregiverIds.length === state.caregiverIds.length ? state : { ...state, caregiverIds };
    }
    case AssessmentEvents.CaregiverRemoved: {
      const { caregiverId } = event.data;
      const caregiverIds = state.caregiverIds.filter((id) => id !== caregiverId);
      return { ...state, caregiverIds, caregiverRatings: without(state.caregiverRatings, caregiverId) };
    }
    case AssessmentEvents.ItemRated:
    case AssessmentEvents.ItemRatingCleared: {
      const { questionCode, caregiverId } = event.data;
      const rate = (ratings: Ratings) =>
        event.type === AssessmentEvents.ItemRated ? { ...ratings, [questionCode]: event.data.rating } : without(ratings, questionCode);
      if (caregiverId === null) return { ...state, ratings: rate(state.ratings) };
      // A caregiver no longer (or never) on the assessment: dropped, as the aggregate does.
      if (!state.caregiverIds.includes(caregiverId)) return state;
      return { ...state, caregiverRatings: { ...state.caregiverRatings, [caregiverId]: rate(state.caregiverRatings[caregiverId] ?? {}) } };
    }
    case AssessmentEvents.Approved:
      return { ...state, status: 'approved' };
    case AssessmentEvents.Completed:
    case AssessmentEvents.Returned:
      return state.status === 'open' ? state : { ...state, status: 'open' };
    case AssessmentEvents.IncludedInReports:
    case AssessmentEvents.ExcludedFromReports:
      return { ...state, included: event.type === AssessmentEvents.IncludedInReports };
    case AssessmentEvents.Closed:
    case AssessmentEvents.Deleted:
      return null;
    default:
      return state;
  }
}

/** The assessment as a chain member, or null when it is not counted. */
function memberOf(state: AssessmentDocument | null): (ChainMember & { child: Ratings; key: string }) | null {
  if (!state || state.status !== 'approved' || !state.included || !state.child) return null;
  const first = state.caregiverIds[0];
  return {
    key: state.child,
    id: state.id,
    dateOfAssessment: state.dateOfAssessment,
    createdAt: state.createdAt,
    child: state.ratings,
    caregiver: (first && state.caregiverRatings[first]) || NO_RATINGS,
  };
}

const sameMember = (a: ReturnType<typeof memberOf>, b: ReturnType<typeof memberOf>): boolean =>
  a === b ||
  (!!a &&
    !!b &&
    a.key === b.key &&
    a.dateOfAssessment === b.dateOfAssessment &&
    a.createdAt === b.createdAt &&
    a.child === b.child &&
    a.caregiver === b.caregiver);

/** Takes the assessment out of its former chain and puts it in its new one, then moves the counters. */
async function rechain(view: ProjectionView, before: ReturnType<typeof memberOf>, after: ReturnType<typeof memberOf>): Promise<void> {
  if (sameMember(before, after)) return;
  const deltas = new TransitionDeltas();
  const chains = new Map<string, ChainMember[]>();
  const membersOf = async (key: string) =>
    chains.get(key) ?? (await view.get<ChainDocument>(CHAINS, key, { readOnly: true }))?.members ?? [];
  if (before) chains.set(before.key, withoutMember(await membersOf(before.key), before.id, deltas));
  if (after) {
    const { key: _key, ...member } = after;
    chains.set(after.key, withMember(await membersOf(after.key), member, deltas));
  }
  for (const [key, members] of chains) {
    if (members.length === 0) view.delete(CHAINS, key);
    else view.upsert(CHAINS, { id: key, members });
  }
  await applyDeltas(view, deltas);
}

async function applyDeltas(view: ProjectionView, deltas: TransitionDeltas): Promise<void> {
  for (const [id, delta] of deltas.transitions) {
    if (delta.count === 0) continue;
    const stored = await view.get<TransitionDocument>(TRANSITIONS, id, { readOnly: true });
    const count = (stored?.count ?? 0) + delta.count;
    if (count === 0) view.delete(TRANSITIONS, id);
    else view.upsert(TRANSITIONS, { id, subject: delta.subject, item: delta.item, from: delta.from, to: delta.to, count });
  }
  for (const [id, delta] of deltas.items) {
    if (delta.pairs === 0 && delta.actionable === 0 && delta.resolved === 0 && delta.improved === 0) continue;
    const stored = await view.get<ItemOutcomeDocument>(ITEMS, id, { readOnly: true });
    const pairs = (stored?.pairs ?? 0) + delta.pairs;
    const actionable = (stored?.actionable ?? 0) + delta.actionable;
    const resolved = (stored?.resolved ?? 0) + delta.resolved;
    const improved = (stored?.improved ?? 0) + delta.improved;
    if (pairs === 0) view.delete(ITEMS, id);
    else
      view.upsert(ITEMS, {
        id,
        subject: delta.subject,
        item: delta.item,
        pairs,
        actionable,
        resolved,
        improved,
        resolvedPercent: percentOf(resolved, actionable),
        improvedPercent: percentOf(improved, actionable),
      } satisfies ItemOutcomeDocument);
  }
}

const SUBJECT = {
  name: 'subject',
  label: 'Child or caregiver',
  description: '`child` for child items; `caregiver` for the first listed caregiver’s items.',
};
const ITEM = {
  name: 'item',
  label: 'Item',
  description: 'The question’s code (stable across library versions), shown with its current name.',
  refersTo: 'item',
} as const;

export const itemTransitionsProjection = defineAnalyticsProjection<AssessmentEvent>({
  name: 'item-transitions',
  label: 'Item transitions',
  version: 1,
  description:
    'Per item, how ratings moved between a child’s consecutive approved assessments (child = PID; ordered by date of assessment; ' +
    'only assessments included in reports; caregiver items of the first listed caregiver): counts from each rating to each ' +
    'rating, and the share of actionable needs (rated 2 or 3) that resolved (to 0 or 1) or improved (to a lower rating).',
  eventTypes: [
    AssessmentEvents.Started,
    AssessmentEvents.ChildInformationSaved,
    AssessmentEvents.CaregiverAdded,
    AssessmentEvents.FamilyCaregiversBound,
    AssessmentEvents.CaregiverRemoved,
    AssessmentEvents.ItemRated,
    AssessmentEvents.ItemRatingCleared,
    AssessmentEvents.Completed,
    AssessmentEvents.Returned,
    AssessmentEvents.Approved,
    AssessmentEvents.Closed,
    AssessmentEvents.Deleted,
    AssessmentEvents.IncludedInReports,
    AssessmentEvents.ExcludedFromReports,
  ],
  collections: [
    {
      name: TRANSITIONS,
      label: 'Rating transitions',
      description: 'One row per item and pair of ratings seen: how many consecutive pairs went from the *From* rating to the *To* rating.',
      fields: [
        SUBJECT,
        ITEM,
        { name: 'from', label: 'From', description: 'Rating at the earlier assessment: `0`, `1`, `2`, `3`, `4` or `NA`.' },
        { name: 'to', label: 'To', description: 'Rating at the next approved assessment of the same child.' },
        { name: 'count', label: 'Pairs', description: 'Consecutive pairs of approved assessments with these two ratings.', count: true },
      ],
      indexes: ['item'],
    },
    {
      name: ITEMS,
      label: 'Outcomes by item',
      description: 'One row per item: pairs rated in both assessments, and what became of actionable ratings.',
      fields: [
        SUBJECT,
        ITEM,
        {
          name: 'pairs',
          label: 'Pairs',
          description: 'Consecutive pairs of approved assessments with the item rated in both.',
          count: true,
        },
        { name: 'actionable', label: 'Actionable', description: 'Pairs whose earlier rating is actionable (`2` or `3`).', count: true },
        { name: 'resolved', label: 'Resolved', description: 'Actionable pairs whose later rating is `0` or `1`.', count: true },
        {
          name: 'improved',
          label: 'Improved',
          description: 'Actionable pairs whose later rating is lower (includes resolved).',
          count: true,
        },
        // A percentage gives its numerator away with its denominator: suppressed with either.
        {
          name: 'resolvedPercent',
          label: 'Resolved (%)',
          description: '*Resolved* / *Actionable* in percent, one decimal; empty without actionable pairs.',
          derivedFrom: ['actionable', 'resolved'],
        },
        {
          name: 'improvedPercent',
          label: 'Improved (%)',
          description: '*Improved* / *Actionable* in percent, one decimal; empty without actionable pairs.',
          derivedFrom: ['actionable', 'improved'],
        },
      ],
      indexes: ['item'],
    },
  ],
  stateCollections: [ASSESSMENTS, CHAINS],
  async apply(event, view) {
    const id = event.data.assessmentId;
    if (event.type === AssessmentEvents.Started) {
      // Nothing to read: a new assessment has no state yet.
      view.upsert(ASSESSMENTS, {
        id,
        status: 'open',
        included: true,
        child: null,
        dateOfAssessment: '',
        createdAt: event.recordedAt,
        caregiverIds: [],
        ratings: {},
        caregiverRatings: {},
      } satisfies AssessmentDocument);
      return;
    }
    // Read-only: evolve builds a new document for any change.
    const before = await view.get<AssessmentDocument>(ASSESSMENTS, id, { readOnly: true });
    if (!before) return;
    const after = evolve(before, event);
    if (after === before) return;
    if (after) view.upsert(ASSESSMENTS, after);
    else view.delete(ASSESSMENTS, id);
    // Most events (ratings of an assessment not yet approved) stop here.
    const wasCounted = memberOf(before);
    const isCounted = memberOf(after);
    if (wasCounted || isCounted) await rechain(view, wasCounted, isCounted);
  },
});
