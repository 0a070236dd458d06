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

/**
 * What is shown depends only on the library version, the child's age, the caregivers and the ratings of the rules'
 * trigger questions (rule-evaluator.ts): every other rating leaves it as it is. A save, its answer and the live
 * projections ask for the same assessment's questionnaire several times per rating, nearly always with the same
 * inputs, so each library version keeps its last results by that key. Results are shared: callers only read them.
 */
interface Shown {
  questions?: readonly AssessmentQuestion[];
  evaluation?: RuleEvaluation;
}
const SHOWN_PER_LIBRARY = 512;
const shownByLibrary = new WeakMap<Instrument, WeakMap<readonly QuestionRule[], Map<string, Shown>>>();
const triggerCodesByRules = new WeakMap<readonly QuestionRule[], readonly string[]>();

function triggerCodesOf(rules: readonly QuestionRule[]): readonly string[] {
  let codes = triggerCodesByRules.get(rules);
  if (!codes) triggerCodesByRules.set(rules, (codes = [...new Set(rules.map((rule) => rule.trigger.questionCode))].sort()));
  return codes;
}

function shownFor(state: AssessmentState, library: QuestionnaireLibrary, age: number): Shown {
  let byRules = shownByLibrary.get(library.instrument);
  if (!byRules) shownByLibrary.set(library.instrument, (byRules = new WeakMap()));
  let results = byRules.get(library.rules);
  if (!results) byRules.set(library.rules, (results = new Map()));
  let key = `${age}|${state.caregivers.map((caregiver) => caregiver.caregiverId).join(',')}`;
  for (const code of triggerCodesOf(library.rules)) {
    key += `|${state.childRatings[code] ?? ''}`;
    for (const caregiver of state.caregivers) key += `,${state.caregiverRatings[caregiver.caregiverId]?.[code] ?? ''}`;
  }
  let shown = results.get(key);
  if (!shown) {
    // A plain bound: past it the memory starts over (a handful of keys are live at a time).
    if (results.size >= SHOWN_PER_LIBRARY) results.clear();
    results.set(key, (shown = {}));
  }
  return shown;
}

/** The questions the case worker rates on this assessment now (age, library visibility, rules; caregivers). */
export function visibleQuestionsOf(state: AssessmentState, library: QuestionnaireLibrary): readonly AssessmentQuestion[] {
  const age = questionnaireAgeOf(requireChild(state));
  const shown = shownFor(state, library, age);
  shown.questions ??= Object.freeze(
    visibleQuestionsFor(library.instrument, library.rules, evaluatorAnswersOf(state), age, {
      caregiverCount: state.caregivers.length,
    }).map((q) => ({ ...q, caregiverId: q.caregiverIndex === undefined ? null : state.caregivers[q.caregiverIndex].caregiverId })),
  );
  return shown.questions;
}

/** Triggered questions and modules (what the spec's saveAnswer returns), per caregiver id where relevant. */
export function ruleEvaluationOf(state: AssessmentState, library: QuestionnaireLibrary): RuleEvaluation {
  const age = questionnaireAgeOf(requireChild(state));
  const shown = shownFor(state, library, age);
  shown.evaluation ??= evaluateRules(library.instrument, library.rules, evaluatorAnswersOf(state), {
    childAgeYears: age,
    caregiverCount: state.caregivers.length,
  });
  return shown.evaluation;
}

/** Maps an evaluator caregiver position back to the caregiver id (null for the child). */
export function caregiverIdAt(state: Pick<AssessmentState, 'caregivers'>, caregiverIndex: number | undefined): string | null {
  return caregiverIndex === undefined ? null : (state.caregivers[caregiverIndex]?.caregiverId ?? null);
}
