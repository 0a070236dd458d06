/**
 * The questionnaire of one assessment as the library's rule evaluator sees it.
 *
 * The aggregate keys caregiver ratings by caregiver id; the evaluator keys them by the caregiver's position
 * ('CODE#index', library/rules/answer-key.ts). The position is the caregiver's place in the assessment's current
 * caregiver list, so it is computed here, at read time, and never stored: removing a caregiver cannot make another
 * caregiver's ratings point at the wrong person.
 */
import type { Answers, Instrument, QuestionRule } from '../library/instrument/instrument.types';
import { ageInYears } from '../library/rules/age';
import { answerKey } from '../library/rules/answer-key';
import { RuleEvaluation, VisibleQuestion, evaluateRules, visibleQuestionsFor } from '../library/rules/rule-evaluator';
import type { AssessmentState } from './assessment.aggregate';
import type { ChildInformation } from './assessment.values';

/** The library version an assessment is answered on: its instrument and its question rules. */
export interface QuestionnaireLibrary {
  readonly instrument: Instrument;
  readonly rules: readonly QuestionRule[];
}

/**
 * The child's age for the library's age restrictions: whole years at the date of assessment, from the date of
 * birth; the entered age only when the dates cannot give one (they always can for a validated record).
 */
export function questionnaireAgeOf(child: Pick<ChildInformation, 'dateOfBirth' | 'dateOfAssessment' | 'age'>): number {
  try {
    return ageInYears(child.dateOfBirth, child.dateOfAssessment);
  } catch {
    return Math.max(0, Math.floor(child.age));
  }
}

/** The ratings as the evaluator's answers map: child items by code, caregiver items by 'CODE#position'. */
export function evaluatorAnswersOf(state: Pick<AssessmentState, 'childRatings' | 'caregiverRatings' | 'caregivers'>): Answers {
  const answers: Record<string, Answers[string]> = { ...state.childRatings };
  state.caregivers.forEach((caregiver, index) => {
    for (const [code, rating] of Object.entries(state.caregiverRatings[caregiver.caregiverId] ?? {})) {
      answers[answerKey(code, index)] = rating;
    }
  });
  return answers;
}

/** A question to rate, with the caregiver it is for (null for a child item). */
export interface AssessmentQuestion extends VisibleQuestion {
  readonly caregiverId: string | null;
}

function requireChild(state: AssessmentState): ChildInformation {
  if (!state.child) throw new Error(`Assessment ${state.assessmentId} has no child information`);
  return state.child;
}

/** The questions the case worker rates on this assessment now (age, library visibility, rules; caregivers). */
export function visibleQuestionsOf(state: AssessmentState, library: QuestionnaireLibrary): AssessmentQuestion[] {
  const child = requireChild(state);
  return visibleQuestionsFor(library.instrument, library.rules, evaluatorAnswersOf(state), questionnaireAgeOf(child), {
    caregiverCount: state.caregivers.length,
  }).map((q) => ({ ...q, caregiverId: q.caregiverIndex === undefined ? null : state.caregivers[q.caregiverIndex].caregiverId }));
}

/** Triggered questions and modules (what the spec's saveAnswer returns), per caregiver id where relevant. */
export function ruleEvaluationOf(state: AssessmentState, library: QuestionnaireLibrary): RuleEvaluation {
  const child = requireChild(state);
  return evaluateRules(library.instrument, library.rules, evaluatorAnswersOf(state), {
    childAgeYears: questionnaireAgeOf(child),
    caregiverCount: state.caregivers.length,
  });
}

/** Maps an evaluator caregiver position back to the caregiver id (null for the child). */
export function caregiverIdAt(state: Pick<AssessmentState, 'caregivers'>, caregiverIndex: number | undefined): string | null {
  return caregiverIndex === undefined ? null : (state.caregivers[caregiverIndex]?.caregiverId ?? null);
}
