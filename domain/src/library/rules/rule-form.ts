/**
 * State transitions of the question rule form (spec 002 §4 "Question rule form") and the wire form of the
 * trigger answers ("a list on the form, a comma-joined string on the wire").
 *
 * Spec: "Changing the trigger domain clears the module, show question and answers." and "Picking a trigger
 * module copies it into the show module and locks that field."
 *
 * Reading used here (the form has trigger Domain / Module / Question / Answers and target "show" Module /
 * Question): changing the trigger domain clears the trigger module, the trigger question (it belonged to the old
 * domain), the answers, the show question, and the show module when it was the locked copy of the old trigger
 * module. Picking a trigger module copies it into the show module, locks it, and clears what belonged to the
 * previous module (trigger question, answers, show question). Clearing the trigger module unlocks the show
 * module and clears the copy.
 */
import { QuestionRule, Rating, RuleAction, isRating } from '../instrument/instrument.types';
import { validateRuleForm } from '../instrument/instrument-validation';

export interface RuleFormState {
  readonly name: string;
  readonly description: string;
  readonly triggerDomainCode?: string;
  readonly triggerModuleCode?: string;
  readonly triggerQuestionCode?: string;
  readonly answers: readonly Rating[];
  readonly targetModuleCode?: string;
  /** True while the show module is the locked copy of the trigger module. */
  readonly targetModuleLocked: boolean;
  readonly targetQuestionCode?: string;
  readonly action: RuleAction;
}

/** A new rule: empty fields, action show (spec: "default show"). */
export function emptyRuleForm(): RuleFormState {
  return { name: '', description: '', answers: [], targetModuleLocked: false, action: 'show' };
}

export function changeTriggerDomain(form: RuleFormState, domainCode: string | undefined): RuleFormState {
  if (domainCode === form.triggerDomainCode) return form;
  const {
    triggerDomainCode: _d,
    triggerModuleCode: _m,
    triggerQuestionCode: _q,
    targetQuestionCode: _tq,
    targetModuleCode,
    ...rest
  } = form;
  return {
    ...rest,
    answers: [],
    ...(domainCode === undefined ? {} : { triggerDomainCode: domainCode }),
    ...(form.targetModuleLocked || targetModuleCode === undefined ? {} : { targetModuleCode }),
    targetModuleLocked: false,
  };
}

export function changeTriggerModule(form: RuleFormState, moduleCode: string | undefined): RuleFormState {
  if (moduleCode === form.triggerModuleCode) return form;
  const { triggerModuleCode: _m, triggerQuestionCode: _q, targetQuestionCode: _tq, targetModuleCode: _t, ...rest } = form;
  if (moduleCode === undefined) {
    return { ...rest, answers: [], targetModuleLocked: false };
  }
  return { ...rest, answers: [], triggerModuleCode: moduleCode, targetModuleCode: moduleCode, targetModuleLocked: true };
}

export function changeTriggerQuestion(form: RuleFormState, questionCode: string | undefined): RuleFormState {
  if (questionCode === form.triggerQuestionCode) return form;
  const { triggerQuestionCode: _q, ...rest } = form;
  return { ...rest, answers: [], ...(questionCode === undefined ? {} : { triggerQuestionCode: questionCode }) };
}

/** Sets the show module; ignored while it is locked to the trigger module. */
export function changeTargetModule(form: RuleFormState, moduleCode: string | undefined): RuleFormState {
  if (form.targetModuleLocked || moduleCode === form.targetModuleCode) return form;
  const { targetModuleCode: _t, targetQuestionCode: _tq, ...rest } = form;
  return { ...rest, ...(moduleCode === undefined ? {} : { targetModuleCode: moduleCode }) };
}

/** Wire form of the trigger answers: '1,2,3'. */
export function formatTriggerAnswers(answers: readonly Rating[]): string {
  return answers.join(',');
}

/** Parses the wire form: trims, drops values that are not ratings and duplicates, keeps the first-seen order. */
export function parseTriggerAnswers(wire: string | null | undefined): Rating[] {
  if (!wire) return [];
  const result: Rating[] = [];
  for (const part of wire.split(',')) {
    const value = part.trim();
    if (isRating(value) && !result.includes(value)) result.push(value);
  }
  return result;
}

/**
 * Builds the rule from a valid form; throws with the form's field messages when the form is invalid or has no
 * trigger question (a rule without a trigger question can never fire).
 */
export function ruleFromForm(form: RuleFormState, code: string): QuestionRule {
  const errors = validateRuleForm(form);
  const messages = Object.values(errors);
  if (!form.triggerQuestionCode) messages.push('A trigger question is required.');
  if (messages.length > 0) throw new Error(messages.join(' '));
  return {
    code,
    name: form.name.trim(),
    description: form.description.trim(),
    trigger: {
      domainCode: form.triggerDomainCode as string,
      ...(form.triggerModuleCode === undefined ? {} : { moduleCode: form.triggerModuleCode }),
      questionCode: form.triggerQuestionCode as string,
    },
    answers: [...form.answers],
    action: form.action,
    target: {
      ...(form.targetModuleCode === undefined ? {} : { moduleCode: form.targetModuleCode }),
      ...(form.targetQuestionCode === undefined ? {} : { questionCode: form.targetQuestionCode }),
    },
  };
}
