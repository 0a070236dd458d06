/**
 * What the question rule commands decide (pure functions of the library state and the input).
 *
 * A rule is checked twice: the spec's form rules (validateRuleForm, messages verbatim) and the references — the
 * trigger domain, module and question must exist and sit inside each other, the answers must be on the trigger
 * question's scale, the show module must be the trigger module when one is chosen (the form copies and locks
 * it), the show question must be in the show module, and the rule must not make rules depend on each other in
 * a cycle (the evaluator could then not settle). Refusals are domain errors with English messages.
 */
import { foldEvents } from '../decider';
import { DomainRuleViolation, FieldErrors, hasFieldErrors, NotFoundError } from '../domain-errors';
import { RATINGS, RuleAction, isRating } from './instrument/instrument.types';
import { CODE_PATTERN, validateInstrumentIntegrity } from './instrument/instrument-integrity';
import { validateRuleForm } from './instrument/instrument-validation';
import { LibraryEvent, QuestionRuleContent, QuestionRuleEvents } from './library.events';
import { toLibraryInstrument, withoutIds } from './library-instrument';
import { fieldRefusal } from './library-messages';
import { evolveLibrary, LibraryState, QuestionRuleRecord, domainOf } from './library-state';
import { deriveCode } from './stable-codes';

export interface QuestionRuleInput {
  /** Add only: the stable code; derived from the name when absent. Edit: absent or unchanged. */
  code?: string | null;
  name?: string | null;
  description?: string | null;
  triggerDomainId?: string | null;
  triggerModuleId?: string | null;
  triggerQuestionId?: string | null;
  /** The trigger answers: '0'…'4', 'NA'. */
  answers?: string[] | null;
  /** Default show (spec). */
  action?: RuleAction | null;
  /** Show (or hide) this module … */
  moduleId?: string | null;
  /** … or this question (in that module when both are set). */
  questionId?: string | null;
}

export const QUESTION_RULE_MESSAGES = {
  triggerQuestionRequired: 'A trigger question is required.',
  answersNotRatings: `Answers are ${RATINGS.join(', ')}.`,
  domainNotFound: 'The domain does not exist.',
  triggerModuleNotInDomain: 'The module is not in the chosen domain.',
  triggerQuestionNotInPlace: 'The question is not in the chosen domain and module.',
  answerNotOnScale: (rating: string) => `The trigger question has no answer ${rating}.`,
  moduleNotFound: 'The module does not exist.',
  moduleLocked: 'With a trigger module, the show module is that module.',
  questionNotFound: 'The question does not exist.',
  questionNotInModule: 'The question is not in the chosen module.',
  cycle: 'This rule would make rules depend on each other in a cycle.',
  codeFormat: 'The code is UPPER_SNAKE_CASE (letters, digits, underscores), at most 100 characters.',
  codeTaken: 'This code is already used by another rule (codes are never reused).',
  codeLocked: 'The code cannot be changed.',
} as const;

export class QuestionRuleAlreadyExistsError extends DomainRuleViolation {
  constructor(ruleId: string) {
    super(`A question rule with id ${ruleId} already exists (or existed).`, {}, true);
    this.name = 'QuestionRuleAlreadyExistsError';
  }
}

const notFound = () => new NotFoundError('The question rule does not exist.');

const add = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

/** The spec's rule form rules, by API field (the module-or-question message goes on both target fields). */
export function ruleFormErrors(input: QuestionRuleInput): FieldErrors {
  const errors: FieldErrors = {};
  const form = validateRuleForm({
    name: input.name,
    description: input.description,
    triggerDomainCode: input.triggerDomainId,
    triggerModuleCode: input.triggerModuleId,
    triggerQuestionCode: input.triggerQuestionId,
    answers: input.answers,
    targetModuleCode: input.moduleId,
    targetQuestionCode: input.questionId,
    action: input.action,
  });
  if (form.name) add(errors, 'name', form.name);
  if (form.description) add(errors, 'description', form.description);
  if (form.triggerDomainCode) add(errors, 'triggerDomainId', form.triggerDomainCode);
  if (!input.triggerQuestionId) add(errors, 'triggerQuestionId', QUESTION_RULE_MESSAGES.triggerQuestionRequired);
  if (form.answers) add(errors, 'answers', form.answers);
  else if (!(input.answers ?? []).every((a) => isRating(a))) add(errors, 'answers', QUESTION_RULE_MESSAGES.answersNotRatings);
  // The spec's "module or question" message belongs to both target fields: either one satisfies it.
  if (form.target) {
    add(errors, 'moduleId', form.target);
    add(errors, 'questionId', form.target);
  }
  return errors;
}

function referenceErrors(state: LibraryState, input: QuestionRuleInput): FieldErrors {
  const errors: FieldErrors = {};
  const item = (id: string | null | undefined) => (id ? state.items.get(id) : undefined);

  const domain = item(input.triggerDomainId);
  if (!domain || domain.type !== 'domain') add(errors, 'triggerDomainId', QUESTION_RULE_MESSAGES.domainNotFound);
  const triggerModule = item(input.triggerModuleId);
  if (
    input.triggerModuleId &&
    (!triggerModule || triggerModule.type !== 'module' || domainOf(state, triggerModule.id)?.id !== input.triggerDomainId)
  ) {
    add(errors, 'triggerModuleId', QUESTION_RULE_MESSAGES.triggerModuleNotInDomain);
  }
  const question = item(input.triggerQuestionId);
  if (!question || question.type !== 'question' || question.parentId !== (input.triggerModuleId || input.triggerDomainId)) {
    add(errors, 'triggerQuestionId', QUESTION_RULE_MESSAGES.triggerQuestionNotInPlace);
  } else {
    for (const answer of input.answers ?? []) {
      if (isRating(answer) && question.answers?.[answer as keyof typeof question.answers] === undefined) {
        add(errors, 'answers', QUESTION_RULE_MESSAGES.answerNotOnScale(answer));
      }
    }
  }

  const targetModule = item(input.moduleId);
  if (input.moduleId && (!targetModule || targetModule.type !== 'module')) add(errors, 'moduleId', QUESTION_RULE_MESSAGES.moduleNotFound);
  else if (input.triggerModuleId && input.moduleId !== input.triggerModuleId) add(errors, 'moduleId', QUESTION_RULE_MESSAGES.moduleLocked);
  const targetQuestion = item(input.questionId);
  if (input.questionId && (!targetQuestion || targetQuestion.type !== 'question'))
    add(errors, 'questionId', QUESTION_RULE_MESSAGES.questionNotFound);
  else if (targetQuestion && input.moduleId && targetQuestion.parentId !== input.moduleId)
    add(errors, 'questionId', QUESTION_RULE_MESSAGES.questionNotInModule);
  return errors;
}

function contentFrom(input: QuestionRuleInput): QuestionRuleContent {
  const answers = RATINGS.filter((r) => (input.answers ?? []).includes(r));
  return {
    name: (input.name ?? '').trim(),
    description: (input.description ?? '').trim(),
    // Both ids are checked (validate) before the content is built.
    trigger: { domainId: input.triggerDomainId ?? '', moduleId: input.triggerModuleId || null, questionId: input.triggerQuestionId ?? '' },
    answers,
    action: input.action ?? 'show',
    target: { moduleId: input.moduleId || null, questionId: input.questionId || null },
  };
}

/** Validates everything; throws 400 with field messages. */
function validate(state: LibraryState, input: QuestionRuleInput): QuestionRuleContent {
  const form = ruleFormErrors(input);
  if (hasFieldErrors(form)) throw fieldRefusal(form);
  const references = referenceErrors(state, input);
  if (hasFieldErrors(references)) throw fieldRefusal(references);
  return contentFrom(input);
}

/** Refuses a rule set in which rules depend on each other in a cycle through `ruleCode`. */
function checkNoCycle(stateAfter: LibraryState, ruleCode: string): void {
  const { instrument, rules } = withoutIds(toLibraryInstrument(stateAfter));
  const cycles = validateInstrumentIntegrity(instrument, rules, { minQuestions: 0, maxQuestions: Number.MAX_SAFE_INTEGER })
    .filter((issue) => issue.issue === 'RULE_CYCLE')
    .map((issue) => issue.message.slice(issue.message.indexOf(': ') + 2).split(' → '));
  if (cycles.some((codes) => codes.includes(ruleCode))) {
    const target = contentOfCode(stateAfter, ruleCode)?.target.questionId ? 'questionId' : 'moduleId';
    throw fieldRefusal({ [target]: [QUESTION_RULE_MESSAGES.cycle] });
  }
}

function contentOfCode(state: LibraryState, code: string): QuestionRuleRecord | undefined {
  return [...state.rules.values()].find((rule) => rule.code === code);
}

function decideAddRule(state: LibraryState, input: QuestionRuleInput, ruleId: string): LibraryEvent[] {
  if (state.usedRuleIds.has(ruleId)) throw new QuestionRuleAlreadyExistsError(ruleId);
  const content = validate(state, input);
  let code: string;
  if (input.code) {
    if (!CODE_PATTERN.test(input.code) || input.code.length > 100) throw fieldRefusal({ code: [QUESTION_RULE_MESSAGES.codeFormat] });
    if (state.usedRuleCodes.has(input.code)) throw fieldRefusal({ code: [QUESTION_RULE_MESSAGES.codeTaken] });
    code = input.code;
  } else {
    code = deriveCode(content.name, 'RULE', state.usedRuleCodes);
  }
  const events: LibraryEvent[] = [{ type: QuestionRuleEvents.Added, data: { ruleId, code, ...content } }];
  checkNoCycle(foldEvents({ evolve: evolveLibrary, initialState: state }, events), code);
  return events;
}

function decideEditRule(state: LibraryState, ruleId: string, input: QuestionRuleInput, expectedRevision?: number): LibraryEvent[] {
  const rule = state.rules.get(ruleId);
  if (!rule) throw notFound();
  if (input.code && input.code !== rule.code) throw fieldRefusal({ code: [QUESTION_RULE_MESSAGES.codeLocked] });
  if (expectedRevision !== undefined && expectedRevision !== rule.revision) {
    throw new DomainRuleViolation('The question rule was changed by someone else. Reload and try again.', {}, true);
  }
  const content = validate(state, input);
  const stored: QuestionRuleContent = {
    name: rule.name,
    description: rule.description,
    trigger: rule.trigger,
    answers: [...rule.answers],
    action: rule.action,
    target: rule.target,
  };
  if (JSON.stringify(stored) === JSON.stringify(content)) return [];
  const events: LibraryEvent[] = [{ type: QuestionRuleEvents.Edited, data: { ruleId, ...content } }];
  checkNoCycle(foldEvents({ evolve: evolveLibrary, initialState: state }, events), rule.code);
  return events;
}

function decideDeleteRule(state: LibraryState, ruleId: string): LibraryEvent[] {
  if (!state.rules.has(ruleId)) throw notFound();
  return [{ type: QuestionRuleEvents.Deleted, data: { ruleId } }];
}

export type QuestionRuleCommand =
  | { type: 'AddQuestionRule'; ruleId: string; input: QuestionRuleInput }
  /** expectedRevision: the rule revision the user edited; a stale one answers 409. */
  | { type: 'EditQuestionRule'; ruleId: string; input: QuestionRuleInput; expectedRevision?: number }
  | { type: 'DeleteQuestionRule'; ruleId: string };

export function decideQuestionRuleCommand(command: QuestionRuleCommand, state: LibraryState): LibraryEvent[] {
  switch (command.type) {
    case 'AddQuestionRule':
      return decideAddRule(state, command.input, command.ruleId);
    case 'EditQuestionRule':
      return decideEditRule(state, command.ruleId, command.input, command.expectedRevision);
    case 'DeleteQuestionRule':
      return decideDeleteRule(state, command.ruleId);
  }
}
