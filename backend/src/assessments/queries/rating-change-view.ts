/**
 * What a rating save answers (PUT /assessments/:id/ratings): what the save changed, for the editor to merge into the
 * questionnaire it shows — the item's rating, its domain's progress and status, the overall progress, and the modules
 * and questions a rule opened or closed. Only when the save changed which items are shown (a show- or hide-rule
 * started or stopped firing, which only a rating of a rule's trigger question can do) does it carry the whole
 * questionnaire, since new items need their place, text and answers. A typical save answers a few hundred bytes
 * instead of the whole questionnaire (tens of kB on the full library).
 */
import type { AssessmentQuestion } from '@cans/domain/assessments';
import {
  AssessmentState,
  DOMAIN_STATUS_COLOURS,
  DomainProgressStatus,
  domainStatusOf,
  percentageOf,
  progressLabel,
  ratingOf,
  ruleEvaluationOf,
  visibleQuestionsOf,
} from '@cans/domain/assessments';
import type { AssessmentLibrary } from '../library/assessment-library.service';
import { DomainStatusName, QuestionnaireView, questionnaireView, toWireRating, TriggeredItems, WireRating } from './questionnaire-view';

export interface RatedItem {
  readonly questionCode: string;
  readonly caregiverId: string | null;
}

/** One domain's progress (a caregiver domain: one caregiver's instance), as the questionnaire's DomainView has it. */
export interface DomainProgressView {
  code: string;
  caregiverId: string | null;
  status: DomainStatusName;
  statusCode: DomainProgressStatus;
  percentComplete: number;
  label: string;
  colour: string;
  answered: number;
  total: number;
}

export interface RatingChangeView {
  /** The rated item as it is now (rating null: cleared). */
  item: { questionCode: string; caregiverId: string | null; rating: WireRating | null };
  /** The progress of the item's domain; null when the item is not shown. */
  domain: DomainProgressView | null;
  /** Overall percent: answered over total shown questions. */
  progress: number;
  allDomainsComplete: boolean;
  /** Every module and question a show-rule opened (spec saveAnswer's triggeredModules / triggeredQuestions). */
  triggered: TriggeredItems;
  /** Opened by this save. */
  newlyTriggered: TriggeredItems;
  /** Closed by this save. */
  untriggered: TriggeredItems;
  /** The whole questionnaire, only when this save changed which items are shown; null otherwise (merge the rest). */
  questionnaire: QuestionnaireView | null;
}

const STATUS_NAMES: Record<DomainProgressStatus, DomainStatusName> = { 0: 'notStarted', 1: 'incomplete', 2: 'complete' };
const NOTHING: TriggeredItems = { modules: [], questions: [] };

/** Question codes that trigger a rule of the library version: only their ratings can change what is shown. */
const ruleTriggers = new WeakMap<object, ReadonlySet<string>>();
function isRuleTrigger(library: AssessmentLibrary, questionCode: string): boolean {
  let triggers = ruleTriggers.get(library.rules);
  if (!triggers) {
    triggers = new Set(library.rules.map((rule) => rule.trigger.questionCode));
    ruleTriggers.set(library.rules, triggers);
  }
  return triggers.has(questionCode);
}

const groupKey = (q: { domainCode: string; caregiverId: string | null }) => `${q.domainCode}|${q.caregiverId ?? ''}`;

/** What is shown: each shown question (with its triggered flag) and each module a rule opened. */
function shownShape(state: AssessmentState, library: AssessmentLibrary, visible: readonly AssessmentQuestion[]) {
  const evaluation = ruleEvaluationOf(state, library);
  const questions = visible.map((q) => `${groupKey(q)}|${q.code}|${q.triggered ? 1 : 0}`).join(',');
  const modules = evaluation.shownModules.map((m) => `${m.code}|${m.caregiverIndex ?? ''}`).join(',');
  const triggered: TriggeredItems = {
    modules: [...new Set(evaluation.shownModules.map((m) => m.code))],
    questions: [...new Set(evaluation.shownQuestions.map((q) => q.code))],
  };
  return { signature: `${questions}#${modules}`, triggered };
}

const without = (codes: readonly string[], others: readonly string[]) => codes.filter((code) => !others.includes(code));

export function ratingChangeView(
  before: AssessmentState,
  after: AssessmentState,
  library: AssessmentLibrary,
  rated: RatedItem,
): RatingChangeView {
  const item = { ...rated, rating: toWireRating(ratingOf(after, rated.questionCode, rated.caregiverId)) };
  if (!after.child) {
    return {
      item,
      domain: null,
      progress: 0,
      allDomainsComplete: false,
      triggered: NOTHING,
      newlyTriggered: NOTHING,
      untriggered: NOTHING,
      questionnaire: null,
    };
  }
  const visible = visibleQuestionsOf(after, library);
  const now = shownShape(after, library, visible);
  let changedShown = false;
  let triggeredBefore = now.triggered;
  if (before.child && isRuleTrigger(library, rated.questionCode)) {
    const then = shownShape(before, library, visibleQuestionsOf(before, library));
    changedShown = then.signature !== now.signature;
    triggeredBefore = then.triggered;
  }

  // Progress as assessmentProgress counts it: answered over shown questions, per domain (caregiver) instance.
  const groups = new Map<string, { answered: number; total: number }>();
  let answered = 0;
  for (const q of visible) {
    const key = groupKey(q);
    const group = groups.get(key) ?? { answered: 0, total: 0 };
    group.total += 1;
    if (ratingOf(after, q.code, q.caregiverId) !== undefined) {
      group.answered += 1;
      answered += 1;
    }
    groups.set(key, group);
  }
  const ratedQuestion = visible.find((q) => q.code === rated.questionCode && q.caregiverId === rated.caregiverId);
  const ratedGroup = ratedQuestion ? groups.get(groupKey(ratedQuestion)) : undefined;
  return {
    item,
    domain: ratedQuestion && ratedGroup ? domainProgressView(ratedQuestion.domainCode, ratedQuestion.caregiverId, ratedGroup) : null,
    progress: percentageOf(answered, visible.length),
    allDomainsComplete: [...groups.values()].every((group) => group.answered >= group.total),
    triggered: now.triggered,
    newlyTriggered: {
      modules: without(now.triggered.modules, triggeredBefore.modules),
      questions: without(now.triggered.questions, triggeredBefore.questions),
    },
    untriggered: {
      modules: without(triggeredBefore.modules, now.triggered.modules),
      questions: without(triggeredBefore.questions, now.triggered.questions),
    },
    questionnaire: changedShown ? questionnaireView(after, library) : null,
  };
}

function domainProgressView(
  code: string,
  caregiverId: string | null,
  { answered, total }: { answered: number; total: number },
): DomainProgressView {
  const percentComplete = percentageOf(answered, total);
  const statusCode = domainStatusOf(answered, total);
  return {
    code,
    caregiverId,
    status: STATUS_NAMES[statusCode],
    statusCode,
    percentComplete,
    label: progressLabel(percentComplete),
    colour: DOMAIN_STATUS_COLOURS[statusCode].hex,
    answered,
    total,
  };
}
