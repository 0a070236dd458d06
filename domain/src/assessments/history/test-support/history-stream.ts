/**
 * Builds an assessment stream as the store hands it over (RecordedEvent: revision, position, recordedAt, metadata),
 * so the history's specs describe exactly what the backend reads. The events come from the assessment fixtures'
 * builders and decider, so every stream is one the product can write.
 */
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { AssessmentEvent } from '../../assessment.events';
import { ASSESSMENT_ID, OWNER, SIBLING, SUPERVISOR, historyOf, startedState } from '../../test-support/assessment-fixtures';
import { describeAssessmentEvents } from '../history.describe';
import { FieldChange, HistoryVocabulary, historyVocabulary } from '../history.types';

export const START = '2024-05-01T09:00:00.000Z';

export const NAMES: Readonly<Record<string, string>> = {
  [OWNER]: 'Wendy Walker',
  [SUPERVISOR]: 'Sam Shaw',
  [SIBLING]: 'Jane Doe',
  'worker-3': 'John Roe',
};

/** Item names as the backend would load them from the library version (short names). */
export const ITEM_NAMES: Readonly<Record<string, string>> = { CHRONICITY: 'Chronicity', CG_SUPERVISION: 'Supervision' };

export const vocabulary = historyVocabulary({ userNames: NAMES, itemNames: ITEM_NAMES });

export class RecordedStream {
  readonly events: RecordedEvent[] = [];
  private clock = Date.parse(START);

  /** Appends events by `userId`, one minute apart after the last (or the first at `at`). */
  append(userId: string | null, events: AssessmentEvent | readonly AssessmentEvent[], at?: string): this {
    if (at !== undefined) this.clock = Date.parse(at) - 60_000;
    for (const event of Array.isArray(events) ? events : [events]) {
      this.clock += 60_000;
      const revision = this.events.length;
      this.events.push({
        eventId: `event-${revision}`,
        type: event.type,
        data: event.data,
        schemaVersion: 1,
        streamId: `assessment-${ASSESSMENT_ID}`,
        revision,
        position: 1000 + revision * 3,
        recordedAt: new Date(this.clock).toISOString(),
        metadata: { userId, correlationId: `c-${revision}`, causationId: null },
      });
    }
    return this;
  }

  /** Appends an event of a type the assessment code does not know (a newer writer's). */
  appendRaw(userId: string | null, type: string, data: unknown): this {
    return this.append(userId, { type, data } as unknown as AssessmentEvent);
  }

  get lastRevision(): number {
    return this.events.length - 1;
  }
}

/** A stream holding what StartAssessment writes (started, library version 1, the child record), by the owner. */
export function startedStream(): RecordedStream {
  const started = historyOf(startedState()).map(({ type, data }) => ({ type, data }) as AssessmentEvent);
  return new RecordedStream().append(OWNER, started);
}

/** Appends the events and describes them (against everything before them): kind, sentence and changes. */
export function describeNew(
  stream: RecordedStream,
  events: AssessmentEvent | readonly AssessmentEvent[],
  userId: string | null = OWNER,
  words: HistoryVocabulary = vocabulary,
) {
  const from = stream.events.length;
  stream.append(userId, events);
  return describeAssessmentEvents(stream.events, words)
    .slice(from)
    .map(({ kind, sentence, changes }) => ({ kind, sentence, changes }));
}

/** A FieldChange, short. */
export const change = (field: string, label: string, before: string | null, after: string | null): FieldChange => ({
  field,
  label,
  before,
  after,
});
