/**
 * Time to approval (a standard CANS process measure): per agency and month of approval, how many assessments were
 * approved and the mean and median days from creation to completion, completion to approval, and creation to
 * approval. The worked example of the analyst's tutorial (docs/writing-a-projection.md).
 *
 * - Times are the events' recordedAt (no clock): creation = AssessmentStarted, completion = the FIRST
 *   AssessmentCompleted (a return and a second completion do not restart the clock: completion to approval includes
 *   the time spent returned), approval = AssessmentApproved. Days are fractional (12 hours = 0.5).
 * - An assessment counts once, at its FIRST approval, with the agency it had then (its owner's agency; a
 *   reassignment after approval does not move it). A later approval of the same assessment, should an edit under
 *   Edit_Approved_Case ever lead to one, neither counts it again nor moves it to another month: the measure is the
 *   first pass through the workflow.
 * - A deleted assessment leaves the figures (deleted assessments are gone everywhere); closing cannot follow an
 *   approval. Months are UTC ('yyyy-MM' of the approval's recordedAt).
 */
import { AgencyEvent, AgencyEvents } from '@cans/domain/administration/agency.events';
import { AssessmentEvent, AssessmentEvents } from '@cans/domain/assessments/assessment.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from '../engine/projection';
import { defineAnalyticsProjection } from './analytics-projection';

const BY_MONTH = 'by_month';
const ASSESSMENTS = 'assessments';
const GROUPS = 'groups';
const AGENCIES = 'agencies';
/** The group of assessments without an agency. */
const NO_AGENCY = 'none';

/** The three durations of one approved assessment, in days; null when it was approved without a completion. */
export interface ApprovalDurations {
  creationToCompletion: number | null;
  completionToApproval: number | null;
  creationToApproval: number;
}

type Measure = keyof ApprovalDurations;
const MEASURES: readonly Measure[] = ['creationToCompletion', 'completionToApproval', 'creationToApproval'];

/** An assessment until its first approval; then what it added to its group (to take it out if it is deleted). */
interface AssessmentDocument extends Document {
  agencyId: string | null;
  createdAt: string;
  completedAt: string | null;
  counted: { group: string; durations: ApprovalDurations } | null;
}

/** The durations of one agency and month, each list sorted (medians), never served. */
interface GroupDocument extends Document, Record<Measure, number[]> {
  agencyId: string | null;
  month: string;
}

interface AgencyDocument extends Document {
  name: string | null;
  /** Months with a row, to rename them when the agency is renamed. */
  months: string[];
}

export interface TimeToApprovalDocument extends Document {
  agencyId: string | null;
  agencyName: string | null;
  month: string;
  approved: number;
  creationToCompletionMeanDays: number | null;
  creationToCompletionMedianDays: number | null;
  completionToApprovalMeanDays: number | null;
  completionToApprovalMedianDays: number | null;
  creationToApprovalMeanDays: number | null;
  creationToApprovalMedianDays: number | null;
}

const DAY_MS = 86_400_000;
/** Days between two ISO times, to a ten-thousandth of a day (about 9 seconds). */
export const daysBetween = (from: string, to: string): number =>
  Math.round(((Date.parse(to) - Date.parse(from)) / DAY_MS) * 10_000) / 10_000;

export function approvalDurations(createdAt: string, completedAt: string | null, approvedAt: string): ApprovalDurations {
  return {
    creationToCompletion: completedAt === null ? null : daysBetween(createdAt, completedAt),
    completionToApproval: completedAt === null ? null : daysBetween(completedAt, approvedAt),
    creationToApproval: daysBetween(createdAt, approvedAt),
  };
}

const round2 = (days: number): number => Math.round(days * 100) / 100;
export const meanOf = (sorted: readonly number[]): number | null =>
  sorted.length ? round2(sorted.reduce((sum, value) => sum + value, 0) / sorted.length) : null;
export function medianOf(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = sorted.length >> 1;
  return round2(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
}

/** The list with the value added (sign 1) or one occurrence taken out (sign -1), sorted; a new array. */
function moved(sorted: readonly number[], value: number | null, sign: 1 | -1): number[] {
  if (value === null) return [...sorted];
  if (sign === 1) {
    let index = sorted.length;
    while (index > 0 && sorted[index - 1] > value) index--;
    return [...sorted.slice(0, index), value, ...sorted.slice(index)];
  }
  const index = sorted.indexOf(value);
  return index < 0 ? [...sorted] : [...sorted.slice(0, index), ...sorted.slice(index + 1)];
}

/** Adds or takes out one assessment's durations, then rewrites the group's row. */
async function moveGroup(
  view: ProjectionView,
  group: string,
  agencyId: string | null,
  month: string,
  durations: ApprovalDurations,
  sign: 1 | -1,
) {
  const stored = await view.get<GroupDocument>(GROUPS, group, { readOnly: true });
  const next: GroupDocument = { id: group, agencyId, month, creationToCompletion: [], completionToApproval: [], creationToApproval: [] };
  for (const measure of MEASURES) next[measure] = moved(stored?.[measure] ?? [], durations[measure], sign);
  if (next.creationToApproval.length === 0) {
    view.delete(GROUPS, group);
    view.delete(BY_MONTH, group);
    return;
  }
  view.upsert(GROUPS, next);
  const agency = await view.get<AgencyDocument>(AGENCIES, agencyId ?? NO_AGENCY, { readOnly: true });
  if (!agency?.months.includes(month))
    view.upsert(AGENCIES, { id: agencyId ?? NO_AGENCY, name: agency?.name ?? null, months: [...(agency?.months ?? []), month] });
  view.upsert(BY_MONTH, rowOf(next, agency?.name ?? null));
}

function rowOf(group: GroupDocument, agencyName: string | null): TimeToApprovalDocument {
  return {
    id: group.id,
    agencyId: group.agencyId,
    agencyName,
    month: group.month,
    approved: group.creationToApproval.length,
    creationToCompletionMeanDays: meanOf(group.creationToCompletion),
    creationToCompletionMedianDays: medianOf(group.creationToCompletion),
    completionToApprovalMeanDays: meanOf(group.completionToApproval),
    completionToApprovalMedianDays: medianOf(group.completionToApproval),
    creationToApprovalMeanDays: meanOf(group.creationToApproval),
    creationToApprovalMedianDays: medianOf(group.creationToApproval),
  };
}

/** A renamed (or late-created) agency: its name on every row it has. */
async function renameAgency(view: ProjectionView, agencyId: string, name: string): Promise<void> {
  const agency = await view.get<AgencyDocument>(AGENCIES, agencyId, { readOnly: true });
  view.upsert(AGENCIES, { id: agencyId, name, months: agency?.months ?? [] });
  for (const month of agency?.months ?? []) {
    const row = await view.get<TimeToApprovalDocument>(BY_MONTH, `${agencyId}.${month}`, { readOnly: true });
    if (row) view.upsert(BY_MONTH, { ...row, agencyName: name });
  }
}

// Means and medians of a row are computed from its approved assessments: suppressed with that count (small cells).
const durationFields = (measure: string, label: string, what: string) => [
  {
    name: `${measure}MeanDays`,
    label: `${label}: mean days`,
    description: `Mean days ${what}; empty when none of the month’s assessments has it.`,
    derivedFrom: ['approved'],
  },
  { name: `${measure}MedianDays`, label: `${label}: median days`, description: `Median days ${what}.`, derivedFrom: ['approved'] },
];

/** The events it reads: an agency's deletion leaves its name on its rows. */
type TimeToApprovalEvent = AssessmentEvent | Exclude<AgencyEvent, { type: typeof AgencyEvents.Deleted }>;

export const timeToApprovalProjection = defineAnalyticsProjection<TimeToApprovalEvent>({
  name: 'time-to-approval',
  label: 'Time to approval',
  version: 1,
  description:
    'Per agency and month of approval (UTC): assessments approved, and the mean and median days from creation to first ' +
    'completion, first completion to approval, and creation to approval. Each assessment counts once, at its first approval.',
  eventTypes: [
    AssessmentEvents.Started,
    AssessmentEvents.Reassigned,
    AssessmentEvents.Completed,
    AssessmentEvents.Approved,
    AssessmentEvents.Closed,
    AssessmentEvents.Deleted,
    AgencyEvents.Created,
    AgencyEvents.Updated,
  ],
  collections: [
    {
      name: BY_MONTH,
      label: 'By agency and month',
      description: 'One row per agency and month in which assessments were approved.',
      fields: [
        {
          name: 'agencyId',
          label: 'Agency',
          description: 'The agency of the assessment’s owner when it was approved (its id); empty for none.',
          refersTo: 'agency',
        },
        { name: 'agencyName', label: 'Agency name', description: 'The agency’s current name (kept when the agency is deleted).' },
        { name: 'month', label: 'Month', description: 'Month of approval, `yyyy-MM` (UTC).' },
        { name: 'approved', label: 'Approved', description: 'Assessments approved (for the first time) in the month.', count: true },
        ...durationFields('creationToCompletion', 'Creation to completion', 'from creation to the first completion'),
        ...durationFields('completionToApproval', 'Completion to approval', 'from the first completion to approval'),
        ...durationFields('creationToApproval', 'Creation to approval', 'from creation to approval'),
      ],
      indexes: ['month', 'agencyId'],
    },
  ],
  stateCollections: [ASSESSMENTS, GROUPS, AGENCIES],
  async apply(event, view) {
    switch (event.type) {
      case AgencyEvents.Created:
      case AgencyEvents.Updated:
        return renameAgency(view, event.data.agencyId, event.data.name);
      case AssessmentEvents.Started:
        view.upsert(ASSESSMENTS, {
          id: event.data.assessmentId,
          agencyId: event.data.agencyId,
          createdAt: event.recordedAt,
          completedAt: null,
          counted: null,
        } satisfies AssessmentDocument);
        return;
    }
    const id = event.data.assessmentId;
    const state = await view.get<AssessmentDocument>(ASSESSMENTS, id, { readOnly: true });
    if (!state) return;
    switch (event.type) {
      case AssessmentEvents.Reassigned:
        if (!state.counted) view.upsert(ASSESSMENTS, { ...state, agencyId: event.data.agencyId });
        return;
      case AssessmentEvents.Completed:
        if (state.completedAt === null && !state.counted) view.upsert(ASSESSMENTS, { ...state, completedAt: event.recordedAt });
        return;
      case AssessmentEvents.Approved: {
        if (state.counted) return;
        const month = event.recordedAt.slice(0, 7);
        const group = `${state.agencyId ?? NO_AGENCY}.${month}`;
        const durations = approvalDurations(state.createdAt, state.completedAt, event.recordedAt);
        view.upsert(ASSESSMENTS, { ...state, counted: { group, durations } });
        return moveGroup(view, group, state.agencyId, month, durations, 1);
      }
      case AssessmentEvents.Closed:
        if (!state.counted) view.delete(ASSESSMENTS, id);
        return;
      case AssessmentEvents.Deleted:
        view.delete(ASSESSMENTS, id);
        if (state.counted) {
          const month = state.counted.group.slice(state.counted.group.lastIndexOf('.') + 1);
          return moveGroup(view, state.counted.group, state.agencyId, month, state.counted.durations, -1);
        }
    }
  },
});
