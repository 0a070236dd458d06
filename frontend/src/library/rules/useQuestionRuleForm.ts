/*
 * The state and the save of the question rule form. Changing the trigger domain clears the module, the question, the
 * show question and the answers; picking a trigger module copies it into the show module (the field locks). The API
 * validates; its messages (the spec's sentences) show under the fields.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { toApiError, type ApiError } from '../../providers/api-error';
import { RATINGS, type Rating } from '../../shared/ratings';
import { RULES_PATH } from '../library-paths';
import { flattenTree, modulesUnder, questionsOf, ratingsOf, type Choice } from '../library-tree';
import type { QuestionRule, QuestionRuleInput, RuleAction, LibraryTreeNode } from '../library-types';

export interface RuleFormState {
  name: string;
  description: string;
  triggerDomainId: string;
  triggerModuleId: string;
  triggerQuestionId: string;
  answers: Rating[];
  action: RuleAction;
  moduleId: string;
  questionId: string;
}

const EMPTY_RULE: RuleFormState = {
  name: '',
  description: '',
  triggerDomainId: '',
  triggerModuleId: '',
  triggerQuestionId: '',
  answers: [],
  action: 'show',
  moduleId: '',
  questionId: '',
};

const fromRule = (rule: QuestionRule): RuleFormState => ({
  name: rule.name,
  description: rule.description,
  triggerDomainId: rule.triggerDomainId,
  triggerModuleId: rule.triggerModuleId ?? '',
  triggerQuestionId: rule.triggerQuestionId,
  answers: rule.answers,
  action: rule.action,
  moduleId: rule.moduleId ?? '',
  questionId: rule.questionId ?? '',
});

const toInput = (form: RuleFormState): QuestionRuleInput => ({
  name: form.name,
  description: form.description,
  triggerDomainId: form.triggerDomainId || null,
  triggerModuleId: form.triggerModuleId || null,
  triggerQuestionId: form.triggerQuestionId || null,
  answers: form.answers,
  action: form.action,
  moduleId: form.moduleId || null,
  questionId: form.questionId || null,
});

/** The choices of every picker, from the tree and what is picked so far. */
function useRuleChoices(domains: LibraryTreeNode[], form: RuleFormState) {
  const nodes = useMemo(() => new Map(flattenTree(domains).map((n) => [n.id, n])), [domains]);
  const domain = nodes.get(form.triggerDomainId);
  const showQuestions: Choice[] = form.moduleId
    ? questionsOf(nodes.get(form.moduleId)).map((q) => ({ id: q.id, label: q.name }))
    : flattenTree(domains)
        .filter((n) => n.type === 'question')
        .map((q) => ({ id: q.id, label: `${nodes.get(q.parentId ?? '')?.name ?? ''} › ${q.name}` }));
  return {
    nodes,
    domains: domains.map((d) => ({ id: d.id, label: d.name })),
    triggerModules: domain ? modulesUnder(domain) : [],
    triggerQuestions: questionsOf(nodes.get(form.triggerModuleId || form.triggerDomainId)).map((q) => ({ id: q.id, label: q.name })),
    ratings: ratingsOf(nodes.get(form.triggerQuestionId)),
    modules: domains.flatMap((d) => modulesUnder(d, `${d.name} › `)),
    showQuestions,
  };
}

export function useQuestionRuleForm(rule: QuestionRule | null, domains: LibraryTreeNode[]) {
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const [create, creation] = useCreate<QuestionRuleInput, ApiError, QuestionRule>();
  const [update, change] = useUpdate<QuestionRuleInput & { id: string; revision: number }, ApiError>();
  const [form, setForm] = useState<RuleFormState>(rule ? fromRule(rule) : EMPTY_RULE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The record can arrive again (the list's copy first, then the full one): the form follows what the server has.
  const [shownRule, setShownRule] = useState(rule);
  if (rule !== shownRule) {
    setShownRule(rule);
    if (rule) setForm(fromRule(rule));
  }
  const choices = useRuleChoices(domains, form);

  const patch = (changes: Partial<RuleFormState>) => {
    setForm((f) => ({ ...f, ...changes }));
    // Messages about changed fields are out of date; either target satisfies "module or question".
    const changed = Object.keys(changes);
    if (changed.includes('moduleId') || changed.includes('questionId')) changed.push('moduleId', 'questionId');
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !changed.includes(k))));
  };

  const changeTriggerDomain = (triggerDomainId: string) =>
    patch({
      triggerDomainId,
      triggerModuleId: '',
      triggerQuestionId: '',
      answers: [],
      questionId: '',
      moduleId: form.triggerModuleId ? '' : form.moduleId,
    });

  const changeTriggerModule = (triggerModuleId: string) =>
    patch({
      triggerModuleId,
      triggerQuestionId: '',
      answers: [],
      // A trigger module is also the module the rule shows; the field locks (and unlocks empty again).
      moduleId: triggerModuleId,
      questionId:
        triggerModuleId && questionsOf(choices.nodes.get(triggerModuleId)).some((q) => q.id === form.questionId) ? form.questionId : '',
    });

  const changeTriggerQuestion = (triggerQuestionId: string) => {
    const ratings = ratingsOf(choices.nodes.get(triggerQuestionId));
    patch({ triggerQuestionId, answers: form.answers.filter((a) => ratings.includes(a)) });
  };

  const toggleAnswer = (rating: Rating, on: boolean) =>
    patch({ answers: RATINGS.filter((r) => (r === rating ? on : form.answers.includes(r))) });

  const save = async () => {
    const data = toInput(form);
    try {
      if (rule) {
        await update(
          'question-rules',
          { id: rule.id, data: { ...data, revision: rule.revision }, previousData: rule },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      } else {
        await create('question-rules', { data }, { returnPromise: true });
      }
      notify(translate('cans.library.rules.saved'), { type: 'success' });
      navigate(RULES_PATH);
    } catch (failure) {
      const error = toApiError(failure);
      setErrors(error.fieldErrors);
      if (!Object.keys(error.fieldErrors).length) notify(error.message, { type: 'error', autoHideDuration: 5000 });
    }
  };

  return {
    form,
    errors,
    saving: creation.isPending || change.isPending,
    choices,
    patch,
    changeTriggerDomain,
    changeTriggerModule,
    changeTriggerQuestion,
    toggleAnswer,
    save,
  };
}
