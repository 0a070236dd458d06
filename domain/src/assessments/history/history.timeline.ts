/** The assessment at a point of its stream, and the history's grouping into sessions of work. */
import { AssessmentState, evolveAssessment, initialAssessmentState } from '../assessment.aggregate';
import type { HistoryEvent } from './history.types';

export type HistoryPoint = { revision: number } | { at: string };

/** The state after the events up to and including `revision` (or recorded at or before `at`). */
export function assessmentStateAt(events: readonly HistoryEvent[], point: HistoryPoint): AssessmentState {
  let state = initialAssessmentState;
  if ('revision' in point) {
    for (const event of events) {
      if (event.revision > point.revision) break;
      state = evolveAssessment(state, event);
    }
    return state;
  }
  const until = Date.parse(point.at);
  if (Number.isNaN(until)) throw new RangeError(`Not a date-time: ${point.at}`);
  for (const event of events) {
    // Times are compared as instants: stored times and a caller's ISO string may differ in form (Z, offset, ms).
    if (Date.parse(event.recordedAt) <= until) state = evolveAssessment(state, event);
  }
  return state;
}

export interface HistorySessionOf<T> {
  userId: string | null;
  startedAt: string;
  endedAt: string;
  entries: T[];
}

export const DEFAULT_SESSION_GAP_MINUTES = 30;

/** Consecutive entries of the same user with gaps <= gapMinutes form one session (entries sorted by time). */
export function groupIntoSessions<T extends { userId: string | null; at: string }>(
  entries: readonly T[],
  gapMinutes: number = DEFAULT_SESSION_GAP_MINUTES,
): HistorySessionOf<T>[] {
  const gap = gapMinutes * 60_000;
  const timed = entries.map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }));
  // Stable on equal times (Array.prototype.sort is stable); the input is not reordered.
  timed.sort((a, b) => a.time - b.time || a.index - b.index);
  const sessions: HistorySessionOf<T>[] = [];
  let lastTime = Number.NEGATIVE_INFINITY;
  for (const { entry, time } of timed) {
    const current = sessions[sessions.length - 1];
    if (current && current.userId === entry.userId && time - lastTime <= gap) {
      current.entries.push(entry);
      current.endedAt = entry.at;
    } else {
      sessions.push({ userId: entry.userId, startedAt: entry.at, endedAt: entry.at, entries: [entry] });
    }
    lastTime = time;
  }
  return sessions;
}
