import {
  Answers,
  Domain,
  Instrument,
  Item,
  Module,
  Question,
  QuestionRule,
  Rating,
  defaultActionableRatings,
} from '../instrument/instrument.types';
import { seedInstrument, seedRules } from '../instrument/seed-instrument';
import { answerKey, evaluateRules, parseAnswerKey, visibleQuestionsFor } from './rule-evaluator';

// ---------------------------------------------------------------------------------------------------------
// A small fixture instrument
// ---------------------------------------------------------------------------------------------------------

const ANSWERS = { '0': 'a0', '1': 'a1', '2': 'a2', '3': 'a3', NA: 'na' };

function question(code: string, order: number, extra: Partial<Question> = {}): Question {
  return {
    kind: 'question',
    code,
    name: code,
    description: `<p>${code}</p>`,
    visible: true,
    caregiverItem: false,
    order,
    answers: ANSWERS,
    ...extra,
  };
}

function module(code: string, order: number, items: Item[], extra: Partial<Module> = {}): Module {
  return {
    kind: 'module',
    code,
    name: code,
    description: `<p>${code}</p>`,
    visible: true,
    caregiverItem: false,
    order,
    triggeredOnly: false,
    items,
    modules: [],
    ...extra,
  };
}

function domain(code: string, order: number, items: Item[], modules: Module[], caregiverItem = false): Domain {
  const mark = <T extends { caregiverItem: boolean }>(n: T): T => ({ ...n, caregiverItem });
  const markModule = (m: Module): Module => ({ ...mark(m), items: m.items.map(mark), modules: m.modules.map(markModule) });
  return {
    kind: 'domain',
    code,
    name: code,
    description: `<p>${code}</p>`,
    visible: true,
    caregiverItem,
    order,
    ratingMeaning: 'need',
    actionableRatings: defaultActionableRatings('need'),
    items: items.map(mark),
    modules: modules.map(markModule),
  };
}

const fixture: Instrument = {
  code: 'FIXTURE',
  name: 'Fixture',
  version: '1',
  domains: [
    domain(
      'CHILD',
      1,
      [
        question('TRIG', 1),
        question('PLAIN', 2),
        question('OLDER_ONLY', 3, { ageMin: 6, ageMax: 22 }),
        question('OFF_IN_LIBRARY', 4, { visible: false }),
        question('ALERT', 5),
        question('HOME', 6),
      ],
      [
        module('GATED', 1, [question('GATED_Q', 1), question('INNER_TRIG', 2)], {
          triggeredOnly: true,
          modules: [module('NESTED', 1, [question('NESTED_Q', 1)], { triggeredOnly: true })],
        }),
        module('OPEN', 2, [question('OPEN_Q1', 1), question('OPEN_Q2', 2)]),
      ],
    ),
    domain(
      'CARE',
      2,
      [question('CG_TRIG', 1), question('CG_Q', 2)],
      [module('CG_MOD', 1, [question('CG_MQ', 1)], { triggeredOnly: true })],
      true,
    ),
  ],
};

function rule(
  code: string,
  questionCode: string,
  answers: Rating[],
  action: 'show' | 'hide',
  target: QuestionRule['target'],
  domainCode = 'CHILD',
): QuestionRule {
  return { code, name: code, description: code, trigger: { domainCode, questionCode }, answers, action, target };
}

const fixtureRules: QuestionRule[] = [
  rule('SHOW_GATED', 'TRIG', ['2', '3'], 'show', { moduleCode: 'GATED' }),
  rule('SHOW_NESTED', 'PLAIN', ['1', '2', '3'], 'show', { moduleCode: 'NESTED' }),
  rule('HIDE_GATED', 'PLAIN', ['NA'], 'hide', { moduleCode: 'GATED' }),
  rule('HIDE_OPEN_Q1', 'PLAIN', ['3'], 'hide', { moduleCode: 'OPEN', questionCode: 'OPEN_Q1' }),
  rule('SHOW_OPEN_Q2', 'INNER_TRIG', ['3'], 'show', { moduleCode: 'OPEN', questionCode: 'OPEN_Q2' }),
  rule('SHOW_CG_MOD', 'CG_TRIG', ['2', '3'], 'show', { moduleCode: 'CG_MOD' }, 'CARE'),
  rule('HOME_HIDES_CG_Q', 'HOME', ['NA'], 'hide', { questionCode: 'CG_Q' }),
  rule('CG_SHOWS_ALERT', 'CG_Q', ['3'], 'show', { questionCode: 'ALERT' }, 'CARE'),
];

const evaluate = (answers: Answers, options = {}) => evaluateRules(fixture, fixtureRules, answers, options);
const shownModules = (answers: Answers, options = {}) =>
  evaluate(answers, options).shownModules.map((m) => answerKey(m.code, m.caregiverIndex));
const visibleKeys = (answers: Answers, age = 10, options = {}) =>
  visibleQuestionsFor(fixture, fixtureRules, answers, age, options).map((q) => q.answerKey);

// ---------------------------------------------------------------------------------------------------------

describe('evaluateRules — firing', () => {
  it.each(['2', '3'] as Rating[])('a rule on {2,3} fires on %s', (answer) => {
    const result = evaluate({ TRIG: answer });
    expect(result.firedRules).toEqual([{ ruleCode: 'SHOW_GATED', action: 'show' }]);
    expect(result.shownModules).toEqual([{ code: 'GATED', kind: 'module', showQuestions: ['GATED_Q', 'INNER_TRIG'] }]);
  });

  it.each(['0', '1', 'NA', '4'] as Rating[])('a rule on {2,3} does not fire on %s', (answer) => {
    const result = evaluate({ TRIG: answer });
    expect(result.firedRules).toEqual([]);
    expect(result.shownModules).toEqual([]);
    expect(result.hiddenModules).toContainEqual({ code: 'GATED', kind: 'module', reason: 'not-triggered' });
  });

  it('does not fire on an unanswered trigger', () => {
    expect(evaluate({}).firedRules).toEqual([]);
  });

  it('reports rule-gated targets as hidden until triggered, and hide targets only when hidden', () => {
    const result = evaluate({});
    expect(result.hiddenModules.map((m) => m.code)).toEqual(['GATED', 'NESTED']);
    // OPEN_Q2 is gated by SHOW_OPEN_Q2; OPEN_Q1 is only a hide target and is shown while HIDE_OPEN_Q1 does not fire.
    expect(result.hiddenQuestions).toEqual([
      { code: 'ALERT', kind: 'question', reason: 'not-triggered' },
      { code: 'OPEN_Q2', kind: 'question', reason: 'not-triggered' },
    ]);
    expect(visibleKeys({})).toEqual(['TRIG', 'PLAIN', 'OLDER_ONLY', 'HOME', 'OPEN_Q1']);
  });

  it('ignores rules whose trigger or target does not exist', () => {
    const broken = [
      rule('NO_TRIGGER', 'MISSING', ['1'], 'show', { moduleCode: 'GATED' }),
      rule('NO_TARGET', 'TRIG', ['1'], 'show', { moduleCode: 'MISSING' }),
      rule('TEXT_KIND_MISMATCH', 'TRIG', ['1'], 'show', { questionCode: 'GATED' }),
    ];
    const result = evaluateRules(fixture, broken, { TRIG: '1' });
    expect(result.firedRules).toEqual([]);
    expect(result.hiddenModules).toEqual([
      { code: 'GATED', kind: 'module', reason: 'not-triggered' },
      { code: 'NESTED', kind: 'module', reason: 'not-triggered' }, // flagged triggeredOnly
    ]);
  });
});

describe('evaluateRules — hide rules and show/hide conflicts', () => {
  it('a hide rule hides a question that is otherwise shown', () => {
    expect(visibleKeys({ PLAIN: '3' })).not.toContain('OPEN_Q1');
    expect(evaluate({ PLAIN: '3' }).hiddenQuestions).toContainEqual({ code: 'OPEN_Q1', kind: 'question', reason: 'hide-rule' });
    expect(visibleKeys({ PLAIN: '2' })).toContain('OPEN_Q1');
  });

  it('hide wins when a show rule and a hide rule fire for the same target', () => {
    const result = evaluate({ TRIG: '3', PLAIN: 'NA' });
    expect(result.firedRules.map((r) => r.ruleCode).sort()).toEqual(['HIDE_GATED', 'SHOW_GATED']);
    expect(result.shownModules).toEqual([]);
    expect(result.hiddenModules).toContainEqual({ code: 'GATED', kind: 'module', reason: 'hide-rule' });
    expect(visibleKeys({ TRIG: '3', PLAIN: 'NA' })).not.toContain('GATED_Q');
  });

  it('the result does not depend on rule order', () => {
    const reversed = evaluateRules(fixture, [...fixtureRules].reverse(), { TRIG: '3', PLAIN: 'NA' });
    expect(reversed.shownModules).toEqual([]);
    expect(reversed.hiddenModules).toContainEqual({ code: 'GATED', kind: 'module', reason: 'hide-rule' });
  });
});

describe('evaluateRules — nesting and stale triggers', () => {
  it('a module nested in a triggered module needs both rules', () => {
    expect(shownModules({ PLAIN: '2' })).toEqual([]);
    expect(evaluate({ PLAIN: '2' }).hiddenModules).toContainEqual({ code: 'NESTED', kind: 'module', reason: 'ancestor-hidden' });
    expect(shownModules({ TRIG: '2' })).toEqual(['GATED']);
    expect(shownModules({ TRIG: '2', PLAIN: '2' })).toEqual(['GATED', 'NESTED']);
    expect(visibleKeys({ TRIG: '2', PLAIN: '2' })).toContain('NESTED_Q');
    expect(evaluate({ TRIG: '2', PLAIN: '2' }).shownModules[0]).toEqual({
      code: 'GATED',
      kind: 'module',
      showQuestions: ['GATED_Q', 'INNER_TRIG', 'NESTED_Q'],
    });
  });

  it('a trigger inside a closed module is stale and fires nothing', () => {
    expect(visibleKeys({ INNER_TRIG: '3' })).not.toContain('OPEN_Q2');
    expect(evaluate({ INNER_TRIG: '3' }).firedRules).toEqual([]);
    // once the module is open, the same answer fires
    expect(visibleKeys({ TRIG: '2', INNER_TRIG: '3' })).toContain('OPEN_Q2');
    expect(evaluate({ TRIG: '2', INNER_TRIG: '3' }).shownQuestions).toEqual([{ code: 'OPEN_Q2', kind: 'question' }]);
  });

  it('a trigger outside the child age range is stale when an age is given', () => {
    const ageRules = [rule('AGE_TRIGGER', 'OLDER_ONLY', ['2'], 'show', { moduleCode: 'GATED' })];
    expect(evaluateRules(fixture, ageRules, { OLDER_ONLY: '2' }).shownModules.map((m) => m.code)).toEqual(['GATED']);
    expect(evaluateRules(fixture, ageRules, { OLDER_ONLY: '2' }, { childAgeYears: 5 }).shownModules).toEqual([]);
    expect(evaluateRules(fixture, ageRules, { OLDER_ONLY: '2' }, { childAgeYears: 6 }).shownModules.map((m) => m.code)).toEqual(['GATED']);
  });

  it('reports stable: false for a rule set that oscillates (a rule hiding its own trigger)', () => {
    const selfHiding = [rule('SELF_HIDE', 'OPEN_Q1', ['1'], 'hide', { moduleCode: 'OPEN' })];
    expect(evaluateRules(fixture, selfHiding, { OPEN_Q1: '1' }).stable).toBe(false);
    expect(evaluateRules(fixture, fixtureRules, { TRIG: '2', INNER_TRIG: '3' }).stable).toBe(true);
  });
});

describe('evaluateRules — caregiver items', () => {
  it('evaluates a caregiver rule once per caregiver', () => {
    const answers = { [answerKey('CG_TRIG', 0)]: '1', [answerKey('CG_TRIG', 1)]: '3' } as const;
    const result = evaluate(answers);
    expect(result.firedRules).toEqual([{ ruleCode: 'SHOW_CG_MOD', action: 'show', caregiverIndex: 1 }]);
    expect(result.shownModules).toEqual([{ code: 'CG_MOD', kind: 'module', caregiverIndex: 1, showQuestions: ['CG_MQ'] }]);
    expect(result.hiddenModules).toContainEqual({ code: 'CG_MOD', kind: 'module', caregiverIndex: 0, reason: 'not-triggered' });
    const visible = visibleKeys(answers);
    expect(visible).toContain('CG_MQ#1');
    expect(visible).not.toContain('CG_MQ#0');
  });

  it('lists caregiver questions once per caregiver, caregiver by caregiver', () => {
    expect(visibleKeys({}, 10, { caregiverCount: 2 }).filter((k) => k.startsWith('CG_'))).toEqual([
      'CG_TRIG#0',
      'CG_Q#0',
      'CG_TRIG#1',
      'CG_Q#1',
    ]);
    expect(visibleKeys({}, 10, { caregiverCount: 0 }).filter((k) => k.startsWith('CG_'))).toEqual([]);
  });

  it('infers the caregiver count from the answers when not given', () => {
    expect(visibleKeys({ 'CG_Q#2': '0' }).filter((k) => k.startsWith('CG_TRIG'))).toEqual(['CG_TRIG#0', 'CG_TRIG#1', 'CG_TRIG#2']);
  });

  it('ignores a caregiver item answered without a caregiver index', () => {
    expect(evaluate({ CG_TRIG: '3' }, { caregiverCount: 1 }).firedRules).toEqual([]);
  });

  it('a child trigger applies to every caregiver', () => {
    const visible = visibleKeys({ HOME: 'NA' }, 10, { caregiverCount: 2 });
    expect(visible).not.toContain('CG_Q#0');
    expect(visible).not.toContain('CG_Q#1');
    expect(visible).toContain('CG_TRIG#1');
  });

  it('a caregiver trigger with a child target fires when any caregiver matches', () => {
    expect(visibleKeys({ 'CG_Q#0': '0', 'CG_Q#1': '0' })).not.toContain('ALERT');
    expect(visibleKeys({ 'CG_Q#0': '0', 'CG_Q#1': '3' })).toContain('ALERT');
    expect(evaluate({ 'CG_Q#0': '3', 'CG_Q#1': '3' }).shownQuestions).toEqual([{ code: 'ALERT', kind: 'question' }]);
  });

  it('rejects an invalid caregiver count', () => {
    expect(() => evaluate({}, { caregiverCount: -1 })).toThrow(RangeError);
  });
});

describe('visibleQuestionsFor — library visibility and age', () => {
  it('never lists a question hidden in the library', () => {
    expect(visibleKeys({})).not.toContain('OFF_IN_LIBRARY');
  });

  it('applies age restrictions inclusively', () => {
    expect(visibleKeys({}, 5)).not.toContain('OLDER_ONLY');
    expect(visibleKeys({}, 6)).toContain('OLDER_ONLY');
    expect(visibleKeys({}, 22)).toContain('OLDER_ONLY');
    expect(visibleKeys({}, 23)).not.toContain('OLDER_ONLY');
    expect(visibleKeys({}, 5.9)).not.toContain('OLDER_ONLY'); // fractions are floored
  });

  it('rejects a negative or non-numeric age', () => {
    expect(() => visibleKeys({}, -1)).toThrow(RangeError);
    expect(() => visibleKeys({}, Number.NaN)).toThrow(RangeError);
  });

  it('marks triggered questions and their position', () => {
    const q = visibleQuestionsFor(fixture, fixtureRules, { TRIG: '2', PLAIN: '1' }, 10).find((x) => x.code === 'NESTED_Q');
    expect(q).toMatchObject({
      code: 'NESTED_Q',
      answerKey: 'NESTED_Q',
      domainCode: 'CHILD',
      moduleCodes: ['GATED', 'NESTED'],
      triggered: true,
    });
    const plain = visibleQuestionsFor(fixture, fixtureRules, {}, 10).find((x) => x.code === 'OPEN_Q1');
    expect(plain).toMatchObject({ triggered: false, moduleCodes: ['OPEN'] });
  });

  it('a module hidden in the library stays hidden even when triggered', () => {
    const off: Instrument = {
      ...fixture,
      domains: fixture.domains.map((d) =>
        d.code === 'CHILD' ? { ...d, modules: d.modules.map((m) => (m.code === 'GATED' ? { ...m, visible: false } : m)) } : d,
      ),
    };
    const result = evaluateRules(off, fixtureRules, { TRIG: '3' });
    expect(result.shownModules).toEqual([]);
    expect(result.hiddenModules).toContainEqual({ code: 'GATED', kind: 'module', reason: 'library-hidden' });
  });
});

describe('answer keys', () => {
  it('round-trips child and caregiver keys', () => {
    expect(answerKey('SUBSTANCE_USE')).toBe('SUBSTANCE_USE');
    expect(answerKey('CG_SUPERVISION', 1)).toBe('CG_SUPERVISION#1');
    expect(parseAnswerKey('CG_SUPERVISION#1')).toEqual({ questionCode: 'CG_SUPERVISION', caregiverIndex: 1 });
    expect(parseAnswerKey('SUBSTANCE_USE')).toEqual({ questionCode: 'SUBSTANCE_USE' });
    expect(() => answerKey('X', -1)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The seed instrument
// ---------------------------------------------------------------------------------------------------------

describe('seed rules', () => {
  const seedShown = (answers: Answers, options = {}) =>
    evaluateRules(seedInstrument, seedRules, answers, options).shownModules.map((m) => answerKey(m.code, m.caregiverIndex));
  const seedVisible = (answers: Answers, age: number, caregiverCount = 0) =>
    visibleQuestionsFor(seedInstrument, seedRules, answers, age, { caregiverCount }).map((q) => q.answerKey);

  it.each([
    ['SUBSTANCE_USE', 'SUBSTANCE_USE_MODULE'],
    ['DELINQUENT_BEHAVIOR', 'JUVENILE_JUSTICE_MODULE'],
    ['FIRE_SETTING', 'FIRE_SETTING_MODULE'],
    ['SEXUALLY_REACTIVE_BEHAVIOR', 'SEXUALLY_REACTIVE_MODULE'],
    ['DEVELOPMENTAL_INTELLECTUAL', 'DEVELOPMENTAL_NEEDS_MODULE'],
    ['ADJUSTMENT_TO_TRAUMA', 'ADJUSTMENT_TO_TRAUMA_MODULE'],
  ])('%s rated 1, 2 or 3 opens %s; 0 and N/A do not', (trigger, moduleCode) => {
    for (const answer of ['1', '2', '3'] as Rating[]) expect(seedShown({ [trigger]: answer })).toEqual([moduleCode]);
    for (const answer of ['0', 'NA'] as Rating[]) expect(seedShown({ [trigger]: answer })).toEqual([]);
  });

  it('Separation and Loss opens inside the trauma module on Disruptions in Caregiving 2 or 3 only', () => {
    expect(seedShown({ ADJUSTMENT_TO_TRAUMA: '2', DISRUPTIONS_IN_CAREGIVING: '1' })).toEqual(['ADJUSTMENT_TO_TRAUMA_MODULE']);
    expect(seedShown({ ADJUSTMENT_TO_TRAUMA: '2', DISRUPTIONS_IN_CAREGIVING: '0' })).toEqual(['ADJUSTMENT_TO_TRAUMA_MODULE']);
    expect(seedShown({ ADJUSTMENT_TO_TRAUMA: '2', DISRUPTIONS_IN_CAREGIVING: '2' })).toEqual([
      'ADJUSTMENT_TO_TRAUMA_MODULE',
      'SEPARATION_LOSS_MODULE',
    ]);
    expect(seedShown({ ADJUSTMENT_TO_TRAUMA: '1', DISRUPTIONS_IN_CAREGIVING: '3' })).toEqual([
      'ADJUSTMENT_TO_TRAUMA_MODULE',
      'SEPARATION_LOSS_MODULE',
    ]);
    // nested: without the enclosing trauma module it stays closed
    expect(seedShown({ ADJUSTMENT_TO_TRAUMA: '0', DISRUPTIONS_IN_CAREGIVING: '3' })).toEqual([]);
    expect(seedVisible({ ADJUSTMENT_TO_TRAUMA: '0', DISRUPTIONS_IN_CAREGIVING: '3' }, 10)).not.toContain('SL_SEPARATION_DISTRESS');
    expect(seedVisible({ ADJUSTMENT_TO_TRAUMA: '3', DISRUPTIONS_IN_CAREGIVING: '3' }, 10)).toContain('SL_SEPARATION_DISTRESS');
  });

  it('opens the caregiver substance use module only for the caregiver whose answer fired', () => {
    const answers = { 'CG_SUBSTANCE_USE#0': '0', 'CG_SUBSTANCE_USE#1': '2' } as const;
    expect(seedShown(answers)).toEqual(['CG_SUBSTANCE_USE_MODULE#1']);
    const visible = seedVisible(answers, 10, 2);
    expect(visible).toContain('CG_SU_IMPACT_ON_PARENTING#1');
    expect(visible).not.toContain('CG_SU_IMPACT_ON_PARENTING#0');
    expect(visible.filter((k) => k.startsWith('CG_SUPERVISION'))).toEqual(['CG_SUPERVISION#0', 'CG_SUPERVISION#1']);
  });

  it('hides school behavior and achievement for a child not enrolled in school', () => {
    const enrolled = seedVisible({ SCHOOL_ATTENDANCE: '1' }, 10);
    expect(enrolled).toEqual(expect.arrayContaining(['SCHOOL_ATTENDANCE', 'SCHOOL_BEHAVIOR', 'SCHOOL_ACHIEVEMENT']));
    const notEnrolled = seedVisible({ SCHOOL_ATTENDANCE: 'NA' }, 10);
    expect(notEnrolled).toContain('SCHOOL_ATTENDANCE');
    expect(notEnrolled).not.toContain('SCHOOL_BEHAVIOR');
    expect(notEnrolled).not.toContain('SCHOOL_ACHIEVEMENT');
  });

  it('a substance-use answer for a child under 10 opens nothing (the item is outside the age range)', () => {
    expect(seedVisible({ SUBSTANCE_USE: '3' }, 9)).not.toContain('SU_SEVERITY');
    expect(seedVisible({ SUBSTANCE_USE: '3' }, 10)).toContain('SU_SEVERITY');
  });

  it('the seed rule set always settles', () => {
    const all: Record<string, Rating> = {};
    for (const r of seedRules) all[r.trigger.questionCode] = r.answers[0];
    expect(evaluateRules(seedInstrument, seedRules, all).stable).toBe(true);
  });
});

describe('seed age restrictions', () => {
  const visibleAt = (age: number) => visibleQuestionsFor(seedInstrument, seedRules, {}, age).map((q) => q.code);

  it('shows early childhood items for ages 0-5 only', () => {
    for (const age of [0, 3, 5])
      expect(visibleAt(age)).toEqual(expect.arrayContaining(['MOTOR_SKILLS', 'FEEDING_ELIMINATION', 'ST_CURIOSITY']));
    expect(visibleAt(6)).not.toContain('MOTOR_SKILLS');
  });

  it('shows ARRESTS/DETENTION from age 6 and CHRONICITY at all ages', () => {
    expect(visibleAt(5)).not.toContain('ARRESTS_DETENTION');
    expect(visibleAt(6)).toContain('ARRESTS_DETENTION');
    for (const age of [0, 6, 14, 22]) expect(visibleAt(age)).toContain('CHRONICITY');
  });

  it('shows job and independent living items from 14, sexual development from 6, school from 5', () => {
    expect(visibleAt(13)).not.toContain('JOB_FUNCTIONING');
    expect(visibleAt(14)).toEqual(expect.arrayContaining(['JOB_FUNCTIONING', 'INDEPENDENT_LIVING_SKILLS', 'ST_VOCATIONAL']));
    expect(visibleAt(5)).not.toContain('SEXUAL_DEVELOPMENT');
    expect(visibleAt(6)).toContain('SEXUAL_DEVELOPMENT');
    expect(visibleAt(4)).not.toContain('SCHOOL_ATTENDANCE');
    expect(visibleAt(5)).toContain('SCHOOL_ATTENDANCE');
  });

  it('lists no gated module question without its trigger', () => {
    const codes = visibleAt(15);
    for (const c of [
      'SU_SEVERITY',
      'JJ_SERIOUSNESS',
      'FS_HISTORY',
      'SRB_HISTORY',
      'DN_COGNITIVE',
      'TR_INTRUSIONS',
      'SL_SEPARATION_DISTRESS',
    ]) {
      expect(codes).not.toContain(c);
    }
  });
});
