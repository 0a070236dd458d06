/**
 * visibleQuestionsOf and ruleEvaluationOf keep their results per library version, keyed by what visibility depends
 * on (age, caregivers, the rules' trigger ratings). Property: after any sequence of ratings, clears, caregivers
 * added and removed, and ages, on the seed library (whose rules open and close modules), what they answer equals a
 * fresh evaluation of the same state by the rule evaluator itself.
 */
import fc from 'fast-check';
import type { Rating } from '../library/instrument/instrument.types';
import { evaluateRules, visibleQuestionsFor } from '../library/rules/rule-evaluator';
import { AssessmentState } from './assessment.aggregate';
import { evaluatorAnswersOf, questionnaireAgeOf, ruleEvaluationOf, visibleQuestionsOf } from './questionnaire';
import { caregiver, ev, fold, seedLibrary, startedState } from './test-support/assessment-fixtures';

const triggerCodes = [...new Set(seedLibrary.rules.map((rule) => rule.trigger.questionCode))];
/** Triggers of caregiver items (rated once per caregiver): the seed has CG_SUBSTANCE_USE. */
const caregiverTriggerCodes = ['CG_SUBSTANCE_USE'];
const otherCodes = ['FAMILY_FUNCTIONING', 'LIVING_SITUATION', 'SOCIAL_FUNCTIONING', 'COMMUNICATION'];
const RATING_VALUES: Rating[] = ['0', '1', '2', '3', 'NA'];
const CAREGIVERS = ['cg-a', 'cg-b'];

type Step =
  | { kind: 'rate'; code: string; caregiverId: string | null; rating: Rating }
  | { kind: 'clear'; code: string; caregiverId: string | null }
  | { kind: 'add-caregiver'; caregiverId: string }
  | { kind: 'remove-caregiver'; caregiverId: string };

const rateStep = (codes: string[], caregiverIds: (string | null)[]) =>
  fc.record({
    kind: fc.constant('rate' as const),
    code: fc.constantFrom(...codes),
    caregiverId: fc.constantFrom(...caregiverIds),
    rating: fc.constantFrom(...RATING_VALUES),
  });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: rateStep([...triggerCodes, ...otherCodes], [null]) },
  { weight: 3, arbitrary: rateStep(caregiverTriggerCodes, CAREGIVERS) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('clear' as const),
      code: fc.constantFrom(...triggerCodes),
      caregiverId: fc.constantFrom(null, ...CAREGIVERS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add-caregiver' as const), caregiverId: fc.constantFrom(...CAREGIVERS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove-caregiver' as const), caregiverId: fc.constantFrom(...CAREGIVERS) }) },
);

function applyStep(state: AssessmentState, s: Step): AssessmentState {
  const present = (id: string) => state.caregivers.some((c) => c.caregiverId === id);
  switch (s.kind) {
    case 'rate':
      if (s.caregiverId !== null && !present(s.caregiverId)) return state;
      return fold(state, [ev('ItemRated', { questionCode: s.code, caregiverId: s.caregiverId, rating: s.rating })]);
    case 'clear':
      if (s.caregiverId !== null && !present(s.caregiverId)) return state;
      return fold(state, [ev('ItemRatingCleared', { questionCode: s.code, caregiverId: s.caregiverId })]);
    case 'add-caregiver':
      return present(s.caregiverId) ? state : fold(state, [ev('CaregiverAdded', { caregiver: caregiver(s.caregiverId, s.caregiverId) })]);
    case 'remove-caregiver':
      return present(s.caregiverId) ? fold(state, [ev('CaregiverRemoved', { caregiverId: s.caregiverId })]) : state;
  }
}

/** The evaluator run afresh on the state: no memory involved. */
function freshly(state: AssessmentState) {
  const age = questionnaireAgeOf(state.child!);
  const answers = evaluatorAnswersOf(state);
  const options = { caregiverCount: state.caregivers.length };
  return {
    questions: visibleQuestionsFor(seedLibrary.instrument, seedLibrary.rules, answers, age, options).map((q) => ({
      ...q,
      caregiverId: q.caregiverIndex === undefined ? null : state.caregivers[q.caregiverIndex].caregiverId,
    })),
    evaluation: evaluateRules(seedLibrary.instrument, seedLibrary.rules, answers, { ...options, childAgeYears: age }),
  };
}

describe('the questionnaire kept per library version', () => {
  it('answers what a fresh evaluation answers, after any sequence of ratings, clears, caregivers and ages', () => {
    fc.assert(
      fc.property(fc.constantFrom('2012-03-15', '2019-06-01', '2008-01-20'), fc.array(step, { maxLength: 40 }), (dateOfBirth, steps) => {
        let state = applyStep(startedState({ dateOfBirth, age: 12 }), { kind: 'add-caregiver', caregiverId: 'cg-a' });
        for (const s of steps) {
          state = applyStep(state, s);
          const fresh = freshly(state);
          expect(visibleQuestionsOf(state, seedLibrary)).toEqual(fresh.questions);
          expect(ruleEvaluationOf(state, seedLibrary)).toEqual(fresh.evaluation);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same answer for a rating that no rule listens to, and a new one when a trigger rating changes', () => {
    const state = startedState();
    const first = visibleQuestionsOf(state, seedLibrary);
    expect(
      visibleQuestionsOf(
        fold(state, [ev('ItemRated', { questionCode: 'FAMILY_FUNCTIONING', caregiverId: null, rating: '2' })]),
        seedLibrary,
      ),
    ).toBe(first);
    const opened = fold(state, [ev('ItemRated', { questionCode: triggerCodes[0], caregiverId: null, rating: '3' })]);
    expect(visibleQuestionsOf(opened, seedLibrary)).toEqual(freshly(opened).questions);
  });
});
