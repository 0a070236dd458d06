import { Instrument, Module, Question, QuestionRule } from './instrument.types';
import { IntegrityIssue, validateInstrumentIntegrity } from './instrument-integrity';
import {
  LIBRARY_MESSAGES,
  RULE_MESSAGES,
  richTextIsEmpty,
  validateExportRange,
  validateLibraryForm,
  validateRuleForm,
} from './instrument-validation';
import { seedInstrument, seedRules } from './seed-instrument';

const validQuestion = { type: 'question' as const, name: 'SLEEP', description: '<p>Sleep</p>' };

describe('library form (spec 002 §5 Library)', () => {
  it('accepts a valid entry', () => {
    expect(validateLibraryForm(validQuestion)).toEqual({});
    expect(validateLibraryForm({ ...validQuestion, ageMin: 6, ageMax: 22 })).toEqual({});
    expect(validateLibraryForm({ ...validQuestion, ageMin: '0', ageMax: '5' })).toEqual({});
    expect(validateLibraryForm({ ...validQuestion, ageMin: 6, ageMax: 6 })).toEqual({});
  });

  it('uses the spec message keys', () => {
    expect(LIBRARY_MESSAGES).toMatchObject({
      nameRequired: 'lib_name_required',
      descriptionRequired: 'lib_description_required',
      maxAgeRequired: 'max_age_required',
      minAgeRequired: 'min_age_required',
      ageRangeError: 'age_range_error',
      exportRangeRequired: 'export_assessment_doa_required',
    });
  });

  it.each(['domain', 'module', 'question'] as const)('requires a name for a %s (lib_name_required)', (type) => {
    expect(validateLibraryForm({ type, description: '<p>x</p>' })).toEqual({ name: 'lib_name_required' });
    expect(validateLibraryForm({ type, name: '   ', description: '<p>x</p>' })).toEqual({ name: 'lib_name_required' });
    expect(validateLibraryForm({ type, name: null, description: '<p>x</p>' })).toEqual({ name: 'lib_name_required' });
  });

  it('does not require a name for a text passage (a question without a name is a text)', () => {
    expect(validateLibraryForm({ type: 'text', description: '<p>Read this first.</p>' })).toEqual({});
  });

  it.each(['domain', 'module', 'question', 'text'] as const)('requires a description for a %s (lib_description_required)', (type) => {
    expect(validateLibraryForm({ type, name: 'N' })).toEqual({ description: 'lib_description_required' });
  });

  it('treats an empty rich-text editor as no description', () => {
    for (const empty of ['', '<p><br></p>', '<p>&nbsp;</p>', '<p> </p><p></p>', '\u00a0']) {
      expect(validateLibraryForm({ ...validQuestion, description: empty })).toEqual({ description: 'lib_description_required' });
      expect(richTextIsEmpty(empty)).toBe(true);
    }
    expect(richTextIsEmpty('<p><b>x</b></p>')).toBe(false);
    // A picture alone is a description (issue 28 item 16: pictures in library descriptions).
    expect(richTextIsEmpty('<p><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>')).toBe(false);
    expect(richTextIsEmpty('<p><img src="https://tracker.example/p.png"></p>')).toBe(true);
  });

  it('requires the maximum age when only the minimum is set (max_age_required)', () => {
    expect(validateLibraryForm({ ...validQuestion, ageMin: 6 })).toEqual({ ageMax: 'max_age_required' });
    expect(validateLibraryForm({ ...validQuestion, ageMin: 0, ageMax: '' })).toEqual({ ageMax: 'max_age_required' });
  });

  it('requires the minimum age when only the maximum is set (min_age_required)', () => {
    expect(validateLibraryForm({ ...validQuestion, ageMax: 5 })).toEqual({ ageMin: 'min_age_required' });
    expect(validateLibraryForm({ ...validQuestion, ageMin: null, ageMax: 0 })).toEqual({ ageMin: 'min_age_required' });
  });

  it('rejects a minimum greater than the maximum (age_range_error)', () => {
    expect(validateLibraryForm({ ...validQuestion, ageMin: 14, ageMax: 6 })).toEqual({ ageMax: 'age_range_error' });
    expect(validateLibraryForm({ ...validQuestion, ageMin: '10', ageMax: '9' })).toEqual({ ageMax: 'age_range_error' });
  });

  it('requires whole-number ages', () => {
    expect(validateLibraryForm({ ...validQuestion, ageMin: 2.5, ageMax: 5 })).toEqual({ ageMin: 'age_whole_number' });
    expect(validateLibraryForm({ ...validQuestion, ageMin: -1, ageMax: 5 })).toEqual({ ageMin: 'age_whole_number' });
    expect(validateLibraryForm({ ...validQuestion, ageMin: 0, ageMax: 'six' })).toEqual({ ageMax: 'age_whole_number' });
    expect(validateLibraryForm({ ...validQuestion, ageMin: Number.NaN, ageMax: 5 })).toEqual({ ageMin: 'age_whole_number' });
  });

  it('caps name and abbreviation length', () => {
    expect(validateLibraryForm({ ...validQuestion, name: 'x'.repeat(1000) })).toEqual({});
    expect(validateLibraryForm({ ...validQuestion, name: 'x'.repeat(1001) })).toEqual({ name: 'lib_name_max_length' });
    expect(validateLibraryForm({ ...validQuestion, shortName: 'x'.repeat(1001) })).toEqual({ shortName: 'lib_short_name_max_length' });
  });

  it('does not allow the type to change on edit', () => {
    expect(validateLibraryForm({ ...validQuestion, originalType: 'question' })).toEqual({});
    expect(validateLibraryForm({ ...validQuestion, originalType: 'module' })).toEqual({ type: 'lib_type_locked' });
  });

  it('reports several fields at once', () => {
    expect(validateLibraryForm({ type: 'domain', ageMin: 3 })).toEqual({
      name: 'lib_name_required',
      description: 'lib_description_required',
      ageMax: 'max_age_required',
    });
  });

  it('requires a date range for the export (export_assessment_doa_required)', () => {
    expect(validateExportRange(undefined, undefined)).toEqual({ dateRange: 'export_assessment_doa_required' });
    expect(validateExportRange('2024-01-01 00:00:00', '')).toEqual({ dateRange: 'export_assessment_doa_required' });
    expect(validateExportRange('2024-01-01 00:00:00', '2024-01-31 23:59:59')).toEqual({});
  });
});

describe('question rule form (spec 002 §5 Question rule)', () => {
  const valid = {
    name: 'Open the Substance Use Module',
    description: 'Opens it when Substance Use is 1-3.',
    triggerDomainCode: 'BEHAVIORAL_EMOTIONAL_NEEDS',
    triggerQuestionCode: 'SUBSTANCE_USE',
    answers: ['1', '2', '3'],
    targetModuleCode: 'SUBSTANCE_USE_MODULE',
  };

  it('accepts a valid rule', () => {
    expect(validateRuleForm(valid)).toEqual({});
    expect(validateRuleForm({ ...valid, targetModuleCode: undefined, targetQuestionCode: 'SU_SEVERITY' })).toEqual({});
    expect(validateRuleForm({ ...valid, answers: '1,2,3' })).toEqual({});
  });

  it("requires the rule name ('Rule Name is required.')", () => {
    expect(validateRuleForm({ ...valid, name: '' })).toEqual({ name: 'Rule Name is required.' });
    expect(validateRuleForm({ ...valid, name: '  ' })).toEqual({ name: 'Rule Name is required.' });
  });

  it("requires the description ('Description is required.')", () => {
    expect(validateRuleForm({ ...valid, description: undefined })).toEqual({ description: 'Description is required.' });
  });

  it("requires the trigger domain ('Domain is required.')", () => {
    expect(validateRuleForm({ ...valid, triggerDomainCode: null })).toEqual({ triggerDomainCode: 'Domain is required.' });
  });

  it("requires answers ('Please choose the answsers', spelled as in the spec)", () => {
    expect(validateRuleForm({ ...valid, answers: [] })).toEqual({ answers: 'Please choose the answsers' });
    expect(validateRuleForm({ ...valid, answers: '' })).toEqual({ answers: 'Please choose the answsers' });
    expect(validateRuleForm({ ...valid, answers: ' , ' })).toEqual({ answers: 'Please choose the answsers' });
  });

  it("requires a module or a question ('Please choose the module or question')", () => {
    expect(validateRuleForm({ ...valid, targetModuleCode: undefined })).toEqual({ target: 'Please choose the module or question' });
  });

  it('reports every missing field of an empty form', () => {
    expect(validateRuleForm({})).toEqual({
      name: RULE_MESSAGES.nameRequired,
      description: RULE_MESSAGES.descriptionRequired,
      triggerDomainCode: RULE_MESSAGES.domainRequired,
      answers: RULE_MESSAGES.answersRequired,
      target: RULE_MESSAGES.targetRequired,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Integrity: each check detects a broken instrument
// ---------------------------------------------------------------------------------------------------------

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

function brokenCopy(): { instrument: Mutable<Instrument>; rules: Mutable<QuestionRule>[] } {
  return {
    instrument: structuredClone(seedInstrument) as Mutable<Instrument>,
    rules: structuredClone([...seedRules]) as Mutable<QuestionRule>[],
  };
}

const issuesOf = (instrument: Mutable<Instrument>, rules: Mutable<QuestionRule>[], options = {}): IntegrityIssue[] =>
  validateInstrumentIntegrity(instrument as Instrument, rules as QuestionRule[], options);
const kinds = (issues: IntegrityIssue[]) => [...new Set(issues.map((i) => i.issue))];

function findQuestion(instrument: Mutable<Instrument>, code: string): Mutable<Question> {
  const walk = (m: Mutable<Module>): Mutable<Question> | undefined =>
    (m.items.find((i) => i.code === code) as Mutable<Question> | undefined) ?? m.modules.map(walk).find(Boolean);
  for (const d of instrument.domains) {
    const found = (d.items.find((i) => i.code === code) as Mutable<Question> | undefined) ?? d.modules.map(walk).find(Boolean);
    if (found) return found;
  }
  throw new Error(code);
}

function findModule(instrument: Mutable<Instrument>, code: string): Mutable<Module> {
  const walk = (list: Mutable<Module>[]): Mutable<Module> | undefined => {
    for (const m of list) {
      if (m.code === code) return m;
      const inner = walk(m.modules as Mutable<Module>[]);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const d of instrument.domains) {
    const found = walk(d.modules as Mutable<Module>[]);
    if (found) return found;
  }
  throw new Error(code);
}

describe('validateInstrumentIntegrity', () => {
  it('finds duplicate and malformed codes', () => {
    const { instrument, rules } = brokenCopy();
    findQuestion(instrument, 'SLEEP').code = 'FAMILY_FUNCTIONING';
    findQuestion(instrument, 'ANXIETY').code = 'anxiety';
    rules[1].code = rules[0].code;
    const issues = issuesOf(instrument, rules);
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'DUPLICATE_CODE', ref: 'FAMILY_FUNCTIONING' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'INVALID_CODE', ref: 'anxiety' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'DUPLICATE_RULE_CODE', ref: rules[0].code }));
  });

  it('checks the number of questions (80-120 by default)', () => {
    const { instrument, rules } = brokenCopy();
    expect(kinds(issuesOf(instrument, rules, { maxQuestions: 100 }))).toEqual(['QUESTION_COUNT']);
    expect(kinds(issuesOf(instrument, rules, { minQuestions: 115 }))).toEqual(['QUESTION_COUNT']);
  });

  it('applies the library form rules to every node', () => {
    const { instrument, rules } = brokenCopy();
    findQuestion(instrument, 'SLEEP').name = '';
    const q = findQuestion(instrument, 'DEPRESSION');
    q.ageMin = 6;
    const issues = issuesOf(instrument, rules);
    expect(issues).toContainEqual({ issue: 'LIBRARY_FORM', ref: 'SLEEP', message: 'name: lib_name_required' });
    expect(issues).toContainEqual({ issue: 'LIBRARY_FORM', ref: 'DEPRESSION', message: 'ageMax: max_age_required' });
  });

  it('requires answer descriptions 0-3 and N/A', () => {
    const { instrument, rules } = brokenCopy();
    (findQuestion(instrument, 'SLEEP').answers as { NA: string }).NA = ' ';
    expect(issuesOf(instrument, rules)).toEqual([
      { issue: 'MISSING_ANSWER_DESCRIPTION', ref: 'SLEEP', message: 'no description for answer NA' },
    ]);
  });

  it('checks age labels, reachable ages, caregiver flags, orders and abbreviations', () => {
    const { instrument, rules } = brokenCopy();
    const arrests = findQuestion(instrument, 'ARRESTS_DETENTION');
    arrests.ageMin = 5;
    const motor = findQuestion(instrument, 'MOTOR_SKILLS'); // in the 0-5 module
    motor.name = 'MOTOR SKILLS (AGES 6+)';
    motor.ageMin = 6;
    motor.ageMax = 22;
    findQuestion(instrument, 'CG_SAFETY').caregiverItem = false;
    findQuestion(instrument, 'ANXIETY').order = 1;
    findQuestion(instrument, 'DEPRESSION').shortName = 'A very long abbreviation';
    const issues = issuesOf(instrument, rules);
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'AGE_LABEL', ref: 'ARRESTS_DETENTION' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'AGE_UNREACHABLE', ref: 'MOTOR_SKILLS' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'CAREGIVER_FLAG', ref: 'CG_SAFETY' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'ORDER', ref: 'ANXIETY' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'SHORT_NAME_TOO_LONG', ref: 'DEPRESSION' }));
  });

  it('checks the actionable ratings of a domain against its meaning', () => {
    const { instrument, rules } = brokenCopy();
    instrument.domains[1].actionableRatings = ['0', '1'];
    expect(issuesOf(instrument, rules)).toEqual([expect.objectContaining({ issue: 'ACTIONABLE_RATINGS', ref: 'CHILD_STRENGTHS' })]);
  });

  it('requires texts to have no name', () => {
    const { instrument, rules } = brokenCopy();
    instrument.domains[0].items[0].name = 'Intro';
    expect(kinds(issuesOf(instrument, rules))).toEqual(['TEXT_HAS_NAME']);
  });

  it('requires rule triggers and targets to exist and match', () => {
    const { instrument, rules } = brokenCopy();
    rules[0].target = { moduleCode: 'NO_SUCH_MODULE' };
    rules[1].trigger = { domainCode: 'BEHAVIORAL_EMOTIONAL_NEEDS', questionCode: 'NO_SUCH_QUESTION' };
    rules[2].trigger = { domainCode: 'TRAUMA', questionCode: 'DELINQUENT_BEHAVIOR' };
    rules[3].trigger = { domainCode: 'NO_DOMAIN', questionCode: 'FIRE_SETTING' };
    rules[8].target = { moduleCode: 'SCHOOL_MODULE', questionCode: 'SU_SEVERITY' };
    const issues = issuesOf(instrument, rules);
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_TARGET', ref: rules[0].code }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_TRIGGER', ref: rules[1].code }));
    expect(issues).toContainEqual(
      expect.objectContaining({ issue: 'RULE_TRIGGER', ref: rules[2].code, message: "trigger question is not in domain 'TRAUMA'" }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_TRIGGER', ref: rules[3].code }));
    expect(issues).toContainEqual(
      expect.objectContaining({ issue: 'RULE_TARGET', ref: rules[8].code, message: "target question is not in module 'SCHOOL_MODULE'" }),
    );
  });

  it('requires the trigger module to be the trigger question\u2019s module, and the target module locked to it', () => {
    const { instrument, rules } = brokenCopy();
    const school = rules.find((r) => r.code === 'HIDE_SCHOOL_BEHAVIOR_NOT_ENROLLED') as Mutable<QuestionRule>;
    school.trigger = { ...school.trigger, moduleCode: undefined };
    const other = rules.find((r) => r.code === 'HIDE_SCHOOL_ACHIEVEMENT_NOT_ENROLLED') as Mutable<QuestionRule>;
    other.target = { questionCode: 'SCHOOL_ACHIEVEMENT' };
    const issues = issuesOf(instrument, rules);
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_TRIGGER', ref: school.code }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_MODULE_LOCK', ref: other.code }));
  });

  it('requires rule answers to be ratings on the trigger question\u2019s scale, without repeats', () => {
    const { instrument, rules } = brokenCopy();
    rules[0].answers = ['4'];
    rules[1].answers = ['1', '1'];
    (rules[2].answers as string[]) = ['5'];
    rules[3].answers = [];
    const issues = issuesOf(instrument, rules);
    expect(issues).toContainEqual(
      expect.objectContaining({ issue: 'RULE_ANSWERS', ref: rules[0].code, message: "answer 4 is not on the trigger question's scale" }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_ANSWERS', ref: rules[1].code }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'RULE_ANSWERS', ref: rules[2].code }));
    expect(issues).toContainEqual({ issue: 'RULE_FORM', ref: rules[3].code, message: 'answers: Please choose the answsers' });
  });

  it('requires gated modules and show-rules to agree', () => {
    const { instrument, rules } = brokenCopy();
    findModule(instrument, 'FIRE_SETTING_MODULE').triggeredOnly = false;
    const withoutJj = rules.filter((r) => r.target.moduleCode !== 'JUVENILE_JUSTICE_MODULE');
    const issues = issuesOf(instrument, withoutJj);
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'SHOW_TARGET_NOT_GATED', ref: 'SHOW_FIRE_SETTING_MODULE' }));
    expect(issues).toContainEqual(expect.objectContaining({ issue: 'GATED_WITHOUT_SHOW_RULE', ref: 'JUVENILE_JUSTICE_MODULE' }));
  });

  it('finds rule cycles, including a rule that hides its own trigger', () => {
    const { instrument, rules } = brokenCopy();
    rules.push({
      code: 'HIDE_SCHOOL_WHEN_ABSENT',
      name: 'Hide school',
      description: 'Self-hiding',
      trigger: { domainCode: 'LIFE_FUNCTIONING', moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_ATTENDANCE' },
      answers: ['3'],
      action: 'hide',
      target: { moduleCode: 'SCHOOL_MODULE' },
    });
    const issues = issuesOf(instrument, rules);
    expect(issues).toEqual([expect.objectContaining({ issue: 'RULE_CYCLE', ref: 'HIDE_SCHOOL_WHEN_ABSENT' })]);
  });

  it('finds a cycle between two rules', () => {
    const { instrument, rules } = brokenCopy();
    // SU module opens the JJ module, JJ module opens the SU module
    rules.push(
      {
        code: 'A_TO_B',
        name: 'a',
        description: 'a',
        trigger: { domainCode: 'BEHAVIORAL_EMOTIONAL_NEEDS', moduleCode: 'SUBSTANCE_USE_MODULE', questionCode: 'SU_SEVERITY' },
        answers: ['3'],
        action: 'show',
        target: { moduleCode: 'SUBSTANCE_USE_MODULE', questionCode: 'SU_DURATION' },
      },
      {
        code: 'B_TO_A',
        name: 'b',
        description: 'b',
        trigger: { domainCode: 'BEHAVIORAL_EMOTIONAL_NEEDS', moduleCode: 'SUBSTANCE_USE_MODULE', questionCode: 'SU_DURATION' },
        answers: ['3'],
        action: 'show',
        target: { moduleCode: 'SUBSTANCE_USE_MODULE', questionCode: 'SU_SEVERITY' },
      },
    );
    const cycles = issuesOf(instrument, rules).filter((i) => i.issue === 'RULE_CYCLE');
    expect(cycles).toHaveLength(1);
    expect(cycles[0].message).toMatch(/A_TO_B → B_TO_A|B_TO_A → A_TO_B/);
  });
});
