import { validateInstrumentIntegrity } from '../instrument/instrument-integrity';
import { seedInstrument, seedRules } from '../instrument/seed-instrument';
import {
  changeTargetModule,
  changeTriggerDomain,
  changeTriggerModule,
  changeTriggerQuestion,
  emptyRuleForm,
  formatTriggerAnswers,
  parseTriggerAnswers,
  ruleFromForm,
} from './rule-form';

describe('question rule form state', () => {
  it('starts empty with action show (spec: default show)', () => {
    expect(emptyRuleForm()).toEqual({ name: '', description: '', answers: [], targetModuleLocked: false, action: 'show' });
  });

  it('picking a trigger module copies it into the show module and locks it', () => {
    let form = changeTriggerDomain(emptyRuleForm(), 'LIFE_FUNCTIONING');
    form = changeTriggerModule(form, 'SCHOOL_MODULE');
    expect(form).toMatchObject({ triggerModuleCode: 'SCHOOL_MODULE', targetModuleCode: 'SCHOOL_MODULE', targetModuleLocked: true });
    expect(changeTargetModule(form, 'EARLY_CHILDHOOD_MODULE').targetModuleCode).toBe('SCHOOL_MODULE');
  });

  it('changing the trigger domain clears the module, the show question and the answers', () => {
    let form = changeTriggerDomain(emptyRuleForm(), 'LIFE_FUNCTIONING');
    form = changeTriggerModule(form, 'SCHOOL_MODULE');
    form = changeTriggerQuestion(form, 'SCHOOL_ATTENDANCE');
    form = { ...form, answers: ['NA'], targetQuestionCode: 'SCHOOL_BEHAVIOR', name: 'n', description: 'd', action: 'hide' };
    const next = changeTriggerDomain(form, 'TRAUMA');
    expect(next).toEqual({
      name: 'n',
      description: 'd',
      triggerDomainCode: 'TRAUMA',
      answers: [],
      targetModuleLocked: false,
      action: 'hide',
    });
  });

  it('keeps a show module the user chose (not a locked copy) when the trigger domain changes', () => {
    let form = changeTriggerDomain(emptyRuleForm(), 'RISK_BEHAVIORS');
    form = changeTargetModule(form, 'JUVENILE_JUSTICE_MODULE');
    expect(changeTriggerDomain(form, 'TRAUMA').targetModuleCode).toBe('JUVENILE_JUSTICE_MODULE');
  });

  it('clearing the trigger module unlocks and clears the show module', () => {
    let form = changeTriggerModule(changeTriggerDomain(emptyRuleForm(), 'LIFE_FUNCTIONING'), 'SCHOOL_MODULE');
    form = changeTriggerModule(form, undefined);
    expect(form.targetModuleLocked).toBe(false);
    expect(form.targetModuleCode).toBeUndefined();
    expect(changeTargetModule(form, 'EARLY_CHILDHOOD_MODULE').targetModuleCode).toBe('EARLY_CHILDHOOD_MODULE');
  });

  it('changing the trigger question clears the answers; re-selecting the same value changes nothing', () => {
    const form = { ...changeTriggerQuestion(emptyRuleForm(), 'SUBSTANCE_USE'), answers: ['1' as const] };
    expect(changeTriggerQuestion(form, 'SUBSTANCE_USE')).toBe(form);
    expect(changeTriggerQuestion(form, 'DEPRESSION').answers).toEqual([]);
  });
});

describe('trigger answers on the wire', () => {
  it('is a comma-joined string', () => {
    expect(formatTriggerAnswers(['1', '2', '3'])).toBe('1,2,3');
    expect(parseTriggerAnswers('1,2,3')).toEqual(['1', '2', '3']);
    expect(parseTriggerAnswers(' 2 , NA,2,x,')).toEqual(['2', 'NA']);
    expect(parseTriggerAnswers('')).toEqual([]);
    expect(parseTriggerAnswers(null)).toEqual([]);
  });
});

describe('ruleFromForm', () => {
  it('builds a rule that passes the integrity check', () => {
    let form = changeTriggerDomain(emptyRuleForm(), 'LIFE_FUNCTIONING');
    form = changeTriggerModule(form, 'SCHOOL_MODULE');
    form = changeTriggerQuestion(form, 'SCHOOL_ATTENDANCE');
    form = {
      ...form,
      name: ' Hide behavior ',
      description: 'Not enrolled',
      answers: ['NA'],
      action: 'hide',
      targetQuestionCode: 'SCHOOL_BEHAVIOR',
    };
    const rule = ruleFromForm(form, 'HIDE_SCHOOL_BEHAVIOR_2');
    expect(rule).toEqual({
      code: 'HIDE_SCHOOL_BEHAVIOR_2',
      name: 'Hide behavior',
      description: 'Not enrolled',
      trigger: { domainCode: 'LIFE_FUNCTIONING', moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_ATTENDANCE' },
      answers: ['NA'],
      action: 'hide',
      target: { moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_BEHAVIOR' },
    });
    expect(validateInstrumentIntegrity(seedInstrument, [...seedRules, rule])).toEqual([]);
  });

  it('throws the form messages for an invalid form', () => {
    expect(() => ruleFromForm(emptyRuleForm(), 'X')).toThrow(
      'Rule Name is required. Description is required. Domain is required. Please choose the answsers Please choose the module or question A trigger question is required.',
    );
  });
});
