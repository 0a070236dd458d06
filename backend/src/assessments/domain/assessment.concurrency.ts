/**
 * How command handlers write to an assessment stream when several users work on it at once.
 *
 * Two policies:
 *
 * - 'merge' (rating an item, clearing a rating, saving or deleting a question comment). Their events are
 *   self-contained facts about ONE item (ItemRated carries the question, the caregiver and the rating; nothing
 *   about other items), and their decisions read only that item's question, the caregiver list and the status. So
 *   when the append meets a revision conflict (someone else wrote meanwhile), the handler RELOADS the stream,
 *   DECIDES AGAIN on the fresh state and appends at the fresh revision. Two users rating different items at the
 *   same time therefore both keep their ratings; two users rating the SAME item: the later one wins (as if they
 *   had clicked one after the other). Re-deciding (rather than appending blindly with expectedRevision 'any')
 *   keeps every rule: a rating that lands after a concurrent Complete/Close is refused (409), a rating for a
 *   caregiver removed meanwhile is refused (400). Such handlers ignore any revision sent by the client.
 *
 * - 'reject' (every other command: transitions, child record, caregivers, narrative, sharing). The handler
 *   appends at the revision the client last saw when it sent one (forms and transition buttons carry it), else at
 *   the revision it loaded; a conflict is NOT retried and answers 409 (WrongExpectedRevisionError): approving an
 *   assessment that someone returned a second ago must not silently win.
 *
 * executeAssessmentCommand implements both over two small ports (load, append), so the Nest handler only wires
 * EventSourcedRepository into it.
 */
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import type { AssessmentState } from './assessment.aggregate';
import type { AssessmentEvent } from './assessment.events';
import type { AssessmentCommandType } from './assessment.workflow';

export type ConcurrencyPolicy = 'merge' | 'reject';

const MERGEABLE: ReadonlySet<AssessmentCommandType> = new Set<AssessmentCommandType>([
  'RateItem',
  'ClearItemRating',
  'SaveQuestionComment',
  'DeleteQuestionComment',
]);

export function concurrencyPolicyOf(command: AssessmentCommandType): ConcurrencyPolicy {
  return MERGEABLE.has(command) ? 'merge' : 'reject';
}

/** Attempts of a merge command (the first try plus retries) before the conflict is reported as 409. */
export const MERGE_ATTEMPTS = 5;

export interface LoadedAssessment {
  readonly state: AssessmentState;
  readonly revision: number | 'no_stream';
}

export interface AssessmentStreamPorts<TResult> {
  load(): Promise<LoadedAssessment>;
  append(events: AssessmentEvent[], expectedRevision: number | 'no_stream'): Promise<TResult>;
}

export interface ExecutionOutcome<TResult> {
  /** The append's result; null when the decision produced no event (nothing changed, nothing appended). */
  readonly result: TResult | null;
  readonly events: readonly AssessmentEvent[];
  /** The state the decision was made on (for the answer, e.g. triggered questions after a rating). */
  readonly decidedOn: LoadedAssessment;
  readonly attempts: number;
}

export interface ExecutionOptions {
  readonly policy: ConcurrencyPolicy;
  /** 'reject' only: the revision the client last saw. */
  readonly clientRevision?: number;
  readonly maxAttempts?: number;
}

export async function executeAssessmentCommand<TResult>(
  ports: AssessmentStreamPorts<TResult>,
  decide: (state: AssessmentState) => AssessmentEvent[],
  options: ExecutionOptions,
): Promise<ExecutionOutcome<TResult>> {
  const maxAttempts = options.policy === 'merge' ? Math.max(1, options.maxAttempts ?? MERGE_ATTEMPTS) : 1;
  for (let attempt = 1; ; attempt++) {
    const loaded = await ports.load();
    const events = decide(loaded.state);
    if (events.length === 0) return { result: null, events, decidedOn: loaded, attempts: attempt };
    const expected = options.policy === 'reject' && options.clientRevision !== undefined ? options.clientRevision : loaded.revision;
    try {
      const result = await ports.append(events, expected);
      return { result, events, decidedOn: loaded, attempts: attempt };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
    }
  }
}
