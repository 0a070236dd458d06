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
 * The command handler (backend/src/assessments/commands/assessment.commands.ts) picks the policy of a batch from
 * concurrencyPolicyOf and runs it through the one event-sourced command handler.
 */
import type { AssessmentCommandType } from './assessment.workflow';

export type AssessmentConcurrencyPolicy = 'merge' | 'reject';

const MERGEABLE: ReadonlySet<AssessmentCommandType> = new Set<AssessmentCommandType>([
  'RateItem',
  'ClearItemRating',
  'SaveQuestionComment',
  'DeleteQuestionComment',
]);

export function concurrencyPolicyOf(command: AssessmentCommandType): AssessmentConcurrencyPolicy {
  return MERGEABLE.has(command) ? 'merge' : 'reject';
}

/**
 * Attempts of a merge command (the first try plus retries) before the conflict is reported as 409. Each round of a
 * race lets at least one writer through, so N concurrent answers need at most N attempts; an assessment is edited
 * by a handful of people, this bound is far above that.
 */
export const MERGE_ATTEMPTS = 25;

/** The policy of a batch: merge only when every command of it merges (one rejecting command makes it reject). */
export function batchConcurrencyPolicyOf(commands: readonly AssessmentCommandType[]): AssessmentConcurrencyPolicy {
  return commands.length > 0 && commands.every((command) => concurrencyPolicyOf(command) === 'merge') ? 'merge' : 'reject';
}
