/** Decisions about the questionnaire: ratings, question comments, the narrative. */
import { NotFoundError } from '../domain-errors';
import { indexInstrument } from '../library/instrument/instrument-tree';
import { Question, isRating } from '../library/instrument/instrument.types';
import { AssessmentState, ratingOf } from './assessment.aggregate';
import { AssessmentAccessDenied } from './assessment.commands';
import type {
  AssessmentContext,
  ClearItemRating,
  DeleteQuestionComment,
  RateItem,
  SaveNarrative,
  SaveQuestionComment,
} from './assessment.commands';
import { AssessmentEvent, AssessmentEvents, assessmentEvent } from './assessment.events';
import { hasErrors, invalid, passGate, requireLibrary, sameJson } from './assessment.gate';
import { RULE_MESSAGES } from './assessment.messages';
import { parseNarrative, validateQuestionComment } from './child-information.validation';
import type { QuestionnaireLibrary } from './questionnaire';

/**
 * Checks that a question can be rated/commented for that caregiver (or the child). Reads only the question in
 * the library and the caregiver list, never another item's rating: ratings of different items never depend on
 * each other (the merge rule, see assessment.concurrency.ts). Visibility is deliberately NOT checked here; it
 * depends on other ratings and is applied when progress and reports are computed.
 */
function questionFor(state: AssessmentState, library: QuestionnaireLibrary, questionCode: string, caregiverId: string | null): Question {
  const entry = indexInstrument(library.instrument).byCode.get(questionCode);
  if (!entry || entry.node.kind !== 'question') invalid({ questionCode: [RULE_MESSAGES.unknownQuestion(String(questionCode))] });
  if (entry.domain.caregiverItem) {
    if (caregiverId === null || caregiverId === undefined) invalid({ caregiverId: [RULE_MESSAGES.caregiverRequiredForItem] });
    if (!state.caregivers.some((c) => c.caregiverId === caregiverId)) invalid({ caregiverId: [RULE_MESSAGES.caregiverNotFound] });
  } else if (caregiverId !== null && caregiverId !== undefined) {
    invalid({ caregiverId: [RULE_MESSAGES.childItemHasNoCaregiver] });
  }
  return entry.node;
}

const RATING_CHOICES = 'Choose a rating: 0, 1, 2, 3, 4 or N/A.';

export function decideRateItem(state: AssessmentState, command: RateItem, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'RateItem', ctx);
  const question = questionFor(state, requireLibrary(ctx), command.questionCode, command.caregiverId);
  if (!isRating(command.rating)) invalid({ rating: [RATING_CHOICES] });
  // '4' is on the scale but optional per question: only a rating the question describes can be chosen.
  if (question.answers[command.rating] === undefined) invalid({ rating: [`This question has no rating ${command.rating}.`] });
  if (ratingOf(state, command.questionCode, command.caregiverId) === command.rating) return [];
  return [
    assessmentEvent(AssessmentEvents.ItemRated, {
      assessmentId: state.assessmentId,
      questionCode: command.questionCode,
      caregiverId: command.caregiverId,
      rating: command.rating,
    }),
  ];
}

export function decideClearItemRating(state: AssessmentState, command: ClearItemRating, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'ClearItemRating', ctx);
  questionFor(state, requireLibrary(ctx), command.questionCode, command.caregiverId);
  if (ratingOf(state, command.questionCode, command.caregiverId) === undefined) return [];
  return [
    assessmentEvent(AssessmentEvents.ItemRatingCleared, {
      assessmentId: state.assessmentId,
      questionCode: command.questionCode,
      caregiverId: command.caregiverId,
    }),
  ];
}

export function decideSaveQuestionComment(state: AssessmentState, command: SaveQuestionComment, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'SaveQuestionComment', ctx);
  const errors = validateQuestionComment(command.content);
  if (hasErrors(errors)) invalid(errors);
  const content = command.content.trim();
  const existing = state.comments[command.commentId];
  if (existing) {
    // A comment carries its author's name: only the author edits it. It stays on its question.
    if (existing.authorId !== ctx.actorId) throw new AssessmentAccessDenied(RULE_MESSAGES.notAuthorOfComment);
    if (existing.content === content) return [];
    return [
      assessmentEvent(AssessmentEvents.QuestionCommentSaved, {
        assessmentId: state.assessmentId,
        commentId: existing.commentId,
        questionCode: existing.questionCode,
        caregiverId: existing.caregiverId,
        content,
        authorId: existing.authorId,
      }),
    ];
  }
  questionFor(state, requireLibrary(ctx), command.questionCode, command.caregiverId);
  return [
    assessmentEvent(AssessmentEvents.QuestionCommentSaved, {
      assessmentId: state.assessmentId,
      commentId: command.commentId,
      questionCode: command.questionCode,
      caregiverId: command.caregiverId,
      content,
      authorId: ctx.actorId,
    }),
  ];
}

export function decideDeleteQuestionComment(
  state: AssessmentState,
  command: DeleteQuestionComment,
  ctx: AssessmentContext,
): AssessmentEvent[] {
  passGate(state, 'DeleteQuestionComment', ctx);
  const existing = state.comments[command.commentId];
  if (!existing) throw new NotFoundError(RULE_MESSAGES.commentNotFound);
  if (existing.authorId !== ctx.actorId) throw new AssessmentAccessDenied(RULE_MESSAGES.notAuthorOfComment);
  return [assessmentEvent(AssessmentEvents.QuestionCommentDeleted, { assessmentId: state.assessmentId, commentId: command.commentId })];
}

export function decideSaveNarrative(state: AssessmentState, command: SaveNarrative, ctx: AssessmentContext): AssessmentEvent[] {
  passGate(state, 'SaveNarrative', ctx);
  const parsed = parseNarrative(command.narrative);
  if (!parsed.ok) invalid(parsed.errors);
  if (sameJson(parsed.value, state.narrative)) return [];
  return [assessmentEvent(AssessmentEvents.NarrativeSaved, { assessmentId: state.assessmentId, narrative: parsed.value })];
}
