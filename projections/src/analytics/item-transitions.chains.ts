/**
 * The arithmetic of item transitions (item-transitions.projection.ts), pure: a child's approved assessments in
 * order (a chain), the consecutive pairs of that chain, and what a pair adds to the published counters.
 *
 * A chain member keeps the ratings AS COUNTED: taking a member out subtracts exactly what its pairs added, whatever
 * happened to the assessment since. Inserting or removing one member changes at most three pairs — (previous, it),
 * (it, next) and (previous, next) —, so an approval out of date order, a changed date of assessment, a deletion or an
 * exclusion costs a few counter updates, never a recount.
 */
import { NEED_ACTIONABLE_RATINGS, Rating } from '@cans/domain/library/instrument/instrument.types';
import { isLaterThan } from '../assessments/assessment-list/documents';

export type Ratings = Readonly<Record<string, Rating>>;
export type Subject = 'child' | 'caregiver';

export interface ChainMember {
  /** Assessment id. */
  readonly id: string;
  readonly dateOfAssessment: string;
  readonly createdAt: string;
  /** Child items: question code → rating, as counted. */
  readonly child: Ratings;
  /** Caregiver items of the first listed caregiver, as counted. */
  readonly caregiver: Ratings;
}

/** Per item: how the counters move. */
export interface ItemDelta {
  subject: Subject;
  item: string;
  pairs: number;
  actionable: number;
  resolved: number;
  improved: number;
}

export interface TransitionDelta {
  subject: Subject;
  item: string;
  from: Rating;
  to: Rating;
  count: number;
}

/** The counter changes of one event, keyed by the published documents' ids. */
export class TransitionDeltas {
  readonly transitions = new Map<string, TransitionDelta>();
  readonly items = new Map<string, ItemDelta>();

  /** Adds (sign 1) or subtracts (sign -1) what the pair (earlier → later) counts. */
  addPair(earlier: ChainMember, later: ChainMember, sign: 1 | -1): void {
    this.addRatings('child', earlier.child, later.child, sign);
    this.addRatings('caregiver', earlier.caregiver, later.caregiver, sign);
  }

  private addRatings(subject: Subject, earlier: Ratings, later: Ratings, sign: 1 | -1): void {
    for (const item in earlier) {
      const to = later[item];
      if (to === undefined) continue;
      const from = earlier[item];
      const transitionId = transitionIdOf(subject, item, from, to);
      const transition = this.transitions.get(transitionId) ?? { subject, item, from, to, count: 0 };
      transition.count += sign;
      this.transitions.set(transitionId, transition);
      const itemId = itemIdOf(subject, item);
      const stats = this.items.get(itemId) ?? { subject, item, pairs: 0, actionable: 0, resolved: 0, improved: 0 };
      const outcome = pairOutcome(from, to);
      stats.pairs += sign;
      if (outcome.actionable) stats.actionable += sign;
      if (outcome.resolved) stats.resolved += sign;
      if (outcome.improved) stats.improved += sign;
      this.items.set(itemId, stats);
    }
  }
}

export const transitionIdOf = (subject: Subject, item: string, from: Rating, to: Rating): string => `${subject}.${item}.${from}.${to}`;
export const itemIdOf = (subject: Subject, item: string): string => `${subject}.${item}`;

const ACTIONABLE: ReadonlySet<Rating> = new Set(NEED_ACTIONABLE_RATINGS);
const RESOLVED: ReadonlySet<Rating> = new Set<Rating>(['0', '1']);

/**
 * One item between two consecutive assessments. Actionable: the earlier rating is 2 or 3 (for needs and strengths
 * alike, instrument.types.ts). Resolved: actionable, and the later rating is 0 or 1. Improved: actionable, and the
 * later rating is a lower number (3 → 2 improved without resolving; N/A is no number, so never improved).
 */
export function pairOutcome(from: Rating, to: Rating): { actionable: boolean; resolved: boolean; improved: boolean } {
  const actionable = ACTIONABLE.has(from);
  return {
    actionable,
    resolved: actionable && RESOLVED.has(to),
    improved: actionable && to !== 'NA' && Number(to) < Number(from),
  };
}

/** The chain without the member (if present); the pairs it broke and the one it closes go into `deltas`. */
export function withoutMember(members: readonly ChainMember[], id: string, deltas: TransitionDeltas): ChainMember[] {
  const index = members.findIndex((member) => member.id === id);
  if (index < 0) return [...members];
  const previous = members[index - 1];
  const next = members[index + 1];
  if (previous) deltas.addPair(previous, members[index], -1);
  if (next) deltas.addPair(members[index], next, -1);
  if (previous && next) deltas.addPair(previous, next, 1);
  return [...members.slice(0, index), ...members.slice(index + 1)];
}

/** The chain with the member in its place (date of assessment, then creation, then id); pairs into `deltas`. */
export function withMember(members: readonly ChainMember[], member: ChainMember, deltas: TransitionDeltas): ChainMember[] {
  let index = members.length;
  while (index > 0 && isLaterThan(members[index - 1], member)) index--;
  const previous = members[index - 1];
  const next = members[index];
  if (previous && next) deltas.addPair(previous, next, -1);
  if (previous) deltas.addPair(previous, member, 1);
  if (next) deltas.addPair(member, next, 1);
  return [...members.slice(0, index), member, ...members.slice(index)];
}

/** A share in percent with one decimal; null without a denominator. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null);
