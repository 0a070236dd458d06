/**
 * Domain progress on the seed instrument. Counts for the 12-year-old of the fixtures (born 2012-03-15, assessed
 * 2024-05-01), from the seed's structure:
 * - Life Functioning 13: 7 all-age items, DECISION MAKING and SEXUAL DEVELOPMENT (6+), RECREATION, the School
 *   module (5+, 3 items); not the 14+ items nor Early Childhood (0-5); Developmental Needs (3) only when
 *   DEVELOPMENTAL/INTELLECTUAL is rated 1-3.
 * - Child Strengths 10 (12 minus VOCATIONAL 14+ and CURIOSITY 0-5), Acculturation 4, Behavioral/Emotional 10
 *   (+6 Substance Use module), Risk Behaviors 11 (+5 per triggered module), Trauma 12 (+7 Adjustment module, +3
 *   Separation and Loss inside it), Caregiver Resources and Needs 11 per caregiver (+2 Caregiver Substance Use).
 */
import { AssessmentState } from './assessment.aggregate';
import { caregiver, fold, ev, rate, rateEverything, seedLibrary, startedState, withCaregivers } from './test-support/assessment-fixtures';
import { DOMAIN_STATUS_COLOURS, DomainProgress, assessmentProgress, domainStatusOf, percentageOf, progressLabel } from './progress';
import { questionnaireAgeOf, visibleQuestionsOf } from './questionnaire';

const progress = (state: AssessmentState) => assessmentProgress(state, seedLibrary);
const summary = (domains: readonly DomainProgress[]) => domains.map((d) => `${d.title} ${d.answered}/${d.total} ${d.label} s${d.status}`);
const domainOf = (state: AssessmentState, code: string, caregiverId: string | null = null) => {
  const found = progress(state).domains.find((d) => d.domainCode === code && d.caregiverId === caregiverId);
  if (!found) throw new Error(`no domain ${code}`);
  return found;
};

const LIFE_FUNCTIONING_BASE = {
  FAMILY_FUNCTIONING: '0',
  LIVING_SITUATION: '0',
  SOCIAL_FUNCTIONING: '0',
  DEVELOPMENTAL_INTELLECTUAL: '0',
  COMMUNICATION: '0',
  MEDICAL_PHYSICAL: '0',
  SLEEP: '0',
  DECISION_MAKING: '0',
  SEXUAL_DEVELOPMENT: '0',
  RECREATIONAL: '0',
  SCHOOL_ATTENDANCE: '0',
  SCHOOL_BEHAVIOR: '0',
  SCHOOL_ACHIEVEMENT: '0',
} as const;

describe('percentages and statuses (spec 000 §4 "Domain progress")', () => {
  it('rounds, but never shows 100% before every question is answered', () => {
    expect([
      percentageOf(0, 5),
      percentageOf(1, 3),
      percentageOf(2, 3),
      percentageOf(1, 16),
      percentageOf(199, 200),
      percentageOf(5, 5),
    ]).toEqual([0, 33, 67, 6, 99, 100]);
    expect([domainStatusOf(0, 5), domainStatusOf(1, 5), domainStatusOf(5, 5)]).toEqual([0, 1, 2]);
    expect(progressLabel(81)).toBe('81% Completed');
    expect(DOMAIN_STATUS_COLOURS[2].name).toBe('green');
  });
});

describe('domain progress on the seed instrument', () => {
  it('lists every domain for a 12-year-old, the caregiver domain once per caregiver', () => {
    const state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'), caregiver('cg-2', 'Ben'));
    expect(questionnaireAgeOf(state.child!)).toBe(12);
    expect(summary(progress(state).domains)).toEqual([
      'Life Functioning 0/13 0% Completed s0',
      'Child Strengths 0/10 0% Completed s0',
      'Acculturation 0/4 0% Completed s0',
      'Behavioral/Emotional Needs 0/10 0% Completed s0',
      'Risk Behaviors 0/11 0% Completed s0',
      'Trauma 0/12 0% Completed s0',
      'Caregiver Resources and Needs (Ann Hale) 0/11 0% Completed s0',
      'Caregiver Resources and Needs (Ben Hale) 0/11 0% Completed s0',
    ]);
  });

  it('without caregivers there is no caregiver domain to complete', () => {
    expect(progress(startedState()).domains.map((d) => d.domainCode)).not.toContain('CAREGIVER_RESOURCES_NEEDS');
  });

  it('a triggered module joins the count; rating it completes the domain; closing it drops its ratings from the count', () => {
    let state = rate(startedState(), { DEVELOPMENTAL_INTELLECTUAL: '2' });
    expect(domainOf(state, 'LIFE_FUNCTIONING')).toMatchObject({ answered: 1, total: 16, percentage: 6, status: 1, label: '6% Completed' });

    state = rate(state, { ...LIFE_FUNCTIONING_BASE, DEVELOPMENTAL_INTELLECTUAL: '2' });
    expect(domainOf(state, 'LIFE_FUNCTIONING')).toMatchObject({
      answered: 13,
      total: 16,
      percentage: 81,
      status: 1,
      colour: { name: 'amber' },
      unanswered: ['DN_COGNITIVE', 'DN_DEVELOPMENTAL_DELAYS', 'DN_SELF_CARE'],
    });

    state = rate(state, { DN_COGNITIVE: '1', DN_DEVELOPMENTAL_DELAYS: '2', DN_SELF_CARE: 'NA' });
    expect(domainOf(state, 'LIFE_FUNCTIONING')).toMatchObject({
      answered: 16,
      total: 16,
      percentage: 100,
      status: 2,
      colour: { name: 'green' },
    });

    state = rate(state, { DEVELOPMENTAL_INTELLECTUAL: '0' });
    expect(domainOf(state, 'LIFE_FUNCTIONING')).toMatchObject({ answered: 13, total: 13, percentage: 100, status: 2 });
  });

  it('a hide-rule removes questions from the count (not enrolled in school)', () => {
    const state = rate(startedState(), { SCHOOL_ATTENDANCE: 'NA', SCHOOL_BEHAVIOR: '2' });
    expect(domainOf(state, 'LIFE_FUNCTIONING')).toMatchObject({ answered: 1, total: 11, percentage: 9 });
  });

  it('nested modules count only when both rules fire (Trauma → Adjustment → Separation and Loss)', () => {
    let state = rate(startedState(), { DISRUPTIONS_IN_CAREGIVING: '3' });
    expect(domainOf(state, 'TRAUMA').total).toBe(12);
    state = rate(state, { ADJUSTMENT_TO_TRAUMA: '1' });
    expect(domainOf(state, 'TRAUMA')).toMatchObject({ answered: 2, total: 22, percentage: 9 });
  });

  it('caregiver-triggered modules count for that caregiver only', () => {
    let state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'), caregiver('cg-2', 'Ben'));
    state = rate(state, { CG_SUBSTANCE_USE: '1' }, 'cg-2');
    expect(domainOf(state, 'CAREGIVER_RESOURCES_NEEDS', 'cg-1')).toMatchObject({ answered: 0, total: 11 });
    expect(domainOf(state, 'CAREGIVER_RESOURCES_NEEDS', 'cg-2')).toMatchObject({ answered: 1, total: 13, percentage: 8 });
    // Removing the first caregiver keeps Ben's ratings and module (he moves to position 0 for the evaluator).
    state = fold(state, [ev('CaregiverRemoved', { caregiverId: 'cg-1' })]);
    expect(summary(progress(state).domains.filter((d) => d.caregiverId !== null))).toEqual([
      'Caregiver Resources and Needs (Ben Hale) 1/13 8% Completed s1',
    ]);
  });

  it('the age at the date of assessment decides the age-restricted items', () => {
    const four = startedState({ dateOfBirth: '2020-01-10', age: 4 });
    expect(domainOf(four, 'LIFE_FUNCTIONING').total).toBe(11); // 8 all-age + Early Childhood 3, no School, no 6+
    expect(domainOf(four, 'CHILD_STRENGTHS').total).toBe(10); // CURIOSITY in, EDUCATIONAL (5+) and VOCATIONAL (14+) out
    const fifteen = startedState({ dateOfBirth: '2009-01-10', age: 15 });
    expect(domainOf(fifteen, 'LIFE_FUNCTIONING').total).toBe(15);
    expect(domainOf(fifteen, 'CHILD_STRENGTHS').total).toBe(11);
  });

  it('everything rated: every domain complete', () => {
    const state = rateEverything(withCaregivers(startedState(), caregiver('cg-1', 'Ann')), '1');
    const result = progress(state);
    expect(result.allDomainsComplete).toBe(true);
    expect(result.incompleteDomains).toEqual([]);
    // Rated 1 opens every "1-3" module: Developmental Needs, Substance Use, the three Risk modules, Adjustment, CG Substance Use.
    expect(summary(result.domains)).toEqual([
      'Life Functioning 16/16 100% Completed s2',
      'Child Strengths 10/10 100% Completed s2',
      'Acculturation 4/4 100% Completed s2',
      'Behavioral/Emotional Needs 16/16 100% Completed s2',
      'Risk Behaviors 26/26 100% Completed s2',
      'Trauma 19/19 100% Completed s2',
      'Caregiver Resources and Needs (Ann Hale) 13/13 100% Completed s2',
    ]);
    expect(visibleQuestionsOf(state, seedLibrary)).toHaveLength(104);
  });
});
