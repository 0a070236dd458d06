/**
 * Question-rule evaluation: which rule-driven modules and questions an assessment shows, given its answers.
 *
 * Semantics (spec 002 "Question Rules" / "Question rule", spec 000 "triggered questions and modules"):
 *
 * 1. A rule FIRES when its trigger question is shown (see 4) and the question's answer is in the rule's answer
 *    set. An answer to a question that is not shown (its module was closed again, the child is outside its age
 *    range, it is hidden in the library) is stale and fires nothing.
 * 2. Gating: a module flagged `triggeredOnly`, and every module or question that is the target of at least one
 *    show-rule, is "rule-gated": hidden until a show-rule targeting it fires.
 * 3. A fired hide-rule hides its target, gated or not. If a show-rule and a hide-rule both fire for the same
 *    target, HIDE WINS. Reasons: the spec gives no precedence and rules have no order, so the result must not
 *    depend on rule order; "show" is the default action, so a hide-rule is an administrator's deliberate
 *    exception (e.g. "not enrolled in school → hide school achievement") and should not be undone by a generic
 *    trigger; and hiding is the conservative choice for a case worker (fewer, not more, items to rate).
 * 4. A node is SHOWN when it is visible in the library, fits the child's age (when an age is given), is not
 *    hidden by a fired hide-rule, is not gated or is triggered by a fired show-rule — and its domain and every
 *    enclosing module are shown too. So a module nested inside a triggered module appears only when both rules
 *    fire, and a module whose trigger question sits inside a closed module stays closed.
 * 5. Caregiver items (items of a caregiver domain) are answered and evaluated once per caregiver:
 *    - caregiver trigger → caregiver target: applies to the same caregiver only;
 *    - child trigger → caregiver target: applies to every caregiver;
 *    - caregiver trigger → child target: applies when the rule fires for ANY caregiver.
 *
 * Rules whose trigger or target does not exist in the instrument are ignored here (the integrity check in
 * instrument-validation.ts reports them). Evaluation is a fixed point from "no rule fired"; for acyclic rule sets
 * (checked by the integrity check) it always converges; `stable: false` reports a cyclic rule set that did not.
 */
import { Answers, Instrument, LibraryNode, Module, Question, QuestionRule, RuleAction } from '../instrument/instrument.types';
import { IndexedNode, InstrumentIndex, ageFits, ancestorsOf, indexInstrument } from '../instrument/instrument-tree';
import { answerKey, parseAnswerKey } from './answer-key';

export { ageInYears } from './age';
export { answerKey, parseAnswerKey } from './answer-key';

export interface EvaluateOptions {
  /** When given, age restrictions apply too (a question outside the child's age range cannot fire a rule). */
  readonly childAgeYears?: number;
  /** Number of caregivers of the child; default: highest caregiver index found in the answers + 1 (0 if none). */
  readonly caregiverCount?: number;
}

/** One instance of a module or question: caregiver items have one instance per caregiver. */
export interface NodeRef {
  readonly code: string;
  readonly kind: 'module' | 'question';
  readonly caregiverIndex?: number;
}

export interface ShownModuleRef extends NodeRef {
  readonly kind: 'module';
  /** Codes of the questions shown inside the module (nested modules included), in questionnaire order. */
  readonly showQuestions: readonly string[];
}

/**
 * Why a rule target is not shown, checked in this order: hidden in the library; outside the child's age range;
 * hidden by a fired hide-rule; gated and no show-rule fired; an enclosing module or domain is not shown.
 */
export type HiddenReason = 'library-hidden' | 'age' | 'hide-rule' | 'not-triggered' | 'ancestor-hidden';

export interface HiddenRef extends NodeRef {
  readonly reason: HiddenReason;
}

export interface FiredRule {
  readonly ruleCode: string;
  readonly action: RuleAction;
  /** Set when the trigger question is a caregiver item: the caregiver whose answer fired the rule. */
  readonly caregiverIndex?: number;
}

export interface RuleEvaluation {
  readonly firedRules: readonly FiredRule[];
  /** Rule targets shown because a show-rule fired for them (the spec's triggeredModules / triggeredQuestions). */
  readonly shownModules: readonly ShownModuleRef[];
  readonly shownQuestions: readonly NodeRef[];
  /** Rule targets (of show- or hide-rules) that are not shown, with the reason. */
  readonly hiddenModules: readonly HiddenRef[];
  readonly hiddenQuestions: readonly HiddenRef[];
  /** False only for a cyclic rule set that did not settle; the lists then reflect the last round. */
  readonly stable: boolean;
}

/** A question the case worker has to rate. */
export interface VisibleQuestion {
  readonly code: string;
  /** Set for caregiver items: the 0-based caregiver index. */
  readonly caregiverIndex?: number;
  /** answerKey(code, caregiverIndex): the key of its answer in the answers map. */
  readonly answerKey: string;
  readonly domainCode: string;
  /** Enclosing modules, outermost first. */
  readonly moduleCodes: readonly string[];
  /** True when the question or an enclosing module is shown because a show-rule fired. */
  readonly triggered: boolean;
  readonly question: Question;
}

type Scope = number | undefined; // caregiver index, or undefined for the child

interface PreparedRule {
  readonly rule: QuestionRule;
  readonly trigger: IndexedNode<Question>;
  readonly target: IndexedNode<Module | Question>;
}

interface Context {
  readonly index: InstrumentIndex;
  readonly rules: readonly PreparedRule[];
  readonly answers: Answers;
  readonly age?: number;
  readonly caregiverScopes: readonly number[];
  /** Codes of rule-gated nodes. */
  readonly gated: ReadonlySet<string>;
}

interface Round {
  /** Fired rules: `${ruleIndex}|${scope}`. */
  readonly fired: ReadonlySet<string>;
  /** Instance keys (answerKey form) shown / hidden by fired rules. */
  readonly shownBy: ReadonlySet<string>;
  readonly hiddenBy: ReadonlySet<string>;
  readonly effective: (entry: IndexedNode, scope: Scope) => boolean;
}

const scopeLabel = (scope: Scope): string => (scope === undefined ? '' : String(scope));
const instanceKey = (code: string, scope: Scope): string => answerKey(code, scope);

function prepare(instrument: Instrument, rules: readonly QuestionRule[], answers: Answers, options: EvaluateOptions): Context {
  const index = indexInstrument(instrument);
  const prepared: PreparedRule[] = [];
  for (const rule of rules) {
    const trigger = index.byCode.get(rule.trigger.questionCode);
    const targetCode = rule.target.questionCode ?? rule.target.moduleCode;
    const target = targetCode === undefined ? undefined : index.byCode.get(targetCode);
    if (!trigger || trigger.node.kind !== 'question' || !target) continue;
    if (rule.target.questionCode !== undefined ? target.node.kind !== 'question' : target.node.kind !== 'module') continue;
    prepared.push({ rule, trigger: trigger as IndexedNode<Question>, target: target as IndexedNode<Module | Question> });
  }

  const gated = new Set<string>();
  for (const m of index.modules) if (m.node.triggeredOnly) gated.add(m.node.code);
  for (const p of prepared) if (p.rule.action === 'show') gated.add(p.target.node.code);

  let age: number | undefined;
  if (options.childAgeYears !== undefined) {
    if (!Number.isFinite(options.childAgeYears) || options.childAgeYears < 0) {
      throw new RangeError(`childAgeYears must be a number >= 0, got ${options.childAgeYears}`);
    }
    age = Math.floor(options.childAgeYears);
  }

  let count = options.caregiverCount;
  if (count === undefined) {
    count = 0;
    for (const key of Object.keys(answers)) {
      const { questionCode, caregiverIndex } = parseAnswerKey(key);
      if (caregiverIndex !== undefined && index.byCode.get(questionCode)?.domain.caregiverItem) {
        count = Math.max(count, caregiverIndex + 1);
      }
    }
  } else if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`caregiverCount must be a whole number >= 0, got ${count}`);
  }

  return {
    index,
    rules: prepared,
    answers,
    age,
    caregiverScopes: Array.from({ length: count }, (_, i) => i),
    gated,
  };
}

/** The scopes a node is instantiated in: the child, or each caregiver for caregiver items. */
function scopesOf(ctx: Context, entry: IndexedNode): Scope[] {
  return entry.domain.caregiverItem ? [...ctx.caregiverScopes] : [undefined];
}

function runRound(ctx: Context, fired: ReadonlySet<string>): Round {
  const shownBy = new Set<string>();
  const hiddenBy = new Set<string>();
  ctx.rules.forEach((p, i) => {
    const triggerScopes = p.trigger.domain.caregiverItem ? ctx.caregiverScopes : [undefined];
    for (const ts of triggerScopes) {
      if (!fired.has(`${i}|${scopeLabel(ts)}`)) continue;
      const targetScopes: Scope[] = p.target.domain.caregiverItem ? (ts === undefined ? [...ctx.caregiverScopes] : [ts]) : [undefined];
      for (const scope of targetScopes) {
        (p.rule.action === 'hide' ? hiddenBy : shownBy).add(instanceKey(p.target.node.code, scope));
      }
    }
  });

  const selfVisible = (node: LibraryNode, scope: Scope): boolean => {
    if (!node.visible) return false;
    if (ctx.age !== undefined && !ageFits(node, ctx.age)) return false;
    const key = instanceKey(node.code, scope);
    if (hiddenBy.has(key)) return false;
    if (ctx.gated.has(node.code) && !shownBy.has(key)) return false;
    return true;
  };
  const effective = (entry: IndexedNode, scope: Scope): boolean => [...ancestorsOf(entry), entry.node].every((n) => selfVisible(n, scope));

  return { fired, shownBy, hiddenBy, effective };
}

function nextFired(ctx: Context, round: Round): Set<string> {
  const next = new Set<string>();
  ctx.rules.forEach((p, i) => {
    for (const scope of scopesOf(ctx, p.trigger)) {
      if (!round.effective(p.trigger, scope)) continue;
      const answer = ctx.answers[instanceKey(p.trigger.node.code, scope)];
      if (answer !== undefined && p.rule.answers.includes(answer)) next.add(`${i}|${scopeLabel(scope)}`);
    }
  });
  return next;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

function settle(ctx: Context): { round: Round; stable: boolean } {
  let fired: ReadonlySet<string> = new Set<string>();
  const maxRounds = ctx.rules.length * (ctx.caregiverScopes.length + 1) + 2;
  for (let i = 0; i < maxRounds; i++) {
    const round = runRound(ctx, fired);
    const next = nextFired(ctx, round);
    if (sameSet(next, fired)) return { round, stable: true };
    fired = next;
  }
  return { round: runRound(ctx, fired), stable: false };
}

function hiddenReason(ctx: Context, round: Round, entry: IndexedNode, scope: Scope): HiddenReason {
  const node = entry.node;
  if (!node.visible) return 'library-hidden';
  if (ctx.age !== undefined && !ageFits(node, ctx.age)) return 'age';
  const key = instanceKey(node.code, scope);
  if (round.hiddenBy.has(key)) return 'hide-rule';
  if (ctx.gated.has(node.code) && !round.shownBy.has(key)) return 'not-triggered';
  return 'ancestor-hidden';
}

function buildEvaluation(ctx: Context, round: Round, stable: boolean): RuleEvaluation {
  const firedRules: FiredRule[] = [];
  ctx.rules.forEach((p, i) => {
    const scopes = p.trigger.domain.caregiverItem ? ctx.caregiverScopes : [undefined];
    for (const scope of scopes) {
      if (!round.fired.has(`${i}|${scopeLabel(scope)}`)) continue;
      firedRules.push({ ruleCode: p.rule.code, action: p.rule.action, ...(scope === undefined ? {} : { caregiverIndex: scope }) });
    }
  });

  const targetCodes = new Set(ctx.rules.map((p) => p.target.node.code));
  const shownModules: ShownModuleRef[] = [];
  const shownQuestions: NodeRef[] = [];
  const hiddenModules: HiddenRef[] = [];
  const hiddenQuestions: HiddenRef[] = [];
  for (const entry of ctx.index.nodes) {
    const node = entry.node;
    if (!targetCodes.has(node.code) && !ctx.gated.has(node.code)) continue;
    if (node.kind !== 'module' && node.kind !== 'question') continue;
    for (const scope of scopesOf(ctx, entry)) {
      const ref = { code: node.code, kind: node.kind, ...(scope === undefined ? {} : { caregiverIndex: scope }) };
      if (round.effective(entry, scope)) {
        if (!round.shownBy.has(instanceKey(node.code, scope))) continue;
        if (node.kind === 'module') {
          const showQuestions = ctx.index.questions
            .filter((q) => q.modulePath.includes(node) && round.effective(q, scope))
            .map((q) => q.node.code);
          shownModules.push({ ...ref, kind: 'module', showQuestions });
        } else {
          shownQuestions.push(ref);
        }
      } else {
        const hidden = { ...ref, reason: hiddenReason(ctx, round, entry, scope) };
        (node.kind === 'module' ? hiddenModules : hiddenQuestions).push(hidden);
      }
    }
  }
  return { firedRules, shownModules, shownQuestions, hiddenModules, hiddenQuestions, stable };
}

/**
 * Evaluates the question rules of an instrument against the answers of one assessment.
 * Library visibility always applies; age restrictions apply when `options.childAgeYears` is given.
 */
export function evaluateRules(
  instrument: Instrument,
  rules: readonly QuestionRule[],
  answers: Answers,
  options: EvaluateOptions = {},
): RuleEvaluation {
  const ctx = prepare(instrument, rules, answers, options);
  const { round, stable } = settle(ctx);
  return buildEvaluation(ctx, round, stable);
}

/**
 * The questions a case worker rates for a child of `childAgeYears` (whole years; fractions are floored), in
 * questionnaire order; a caregiver domain's questions are listed once per caregiver (caregiver 0 first).
 *
 * A question is listed only if it and its domain and enclosing modules are all visible in the library AND fit
 * the child's age AND are (not rule-gated OR triggered by a fired show-rule) AND are not hidden by a fired
 * hide-rule. Text passages are not listed.
 */
export function visibleQuestionsFor(
  instrument: Instrument,
  rules: readonly QuestionRule[],
  answers: Answers,
  childAgeYears: number,
  options: Omit<EvaluateOptions, 'childAgeYears'> = {},
): VisibleQuestion[] {
  const ctx = prepare(instrument, rules, answers, { ...options, childAgeYears });
  const { round } = settle(ctx);
  const result: VisibleQuestion[] = [];
  const byDomain = new Map<string, IndexedNode<Question>[]>();
  for (const q of ctx.index.questions) {
    const list = byDomain.get(q.domain.code) ?? [];
    list.push(q);
    byDomain.set(q.domain.code, list);
  }
  for (const entry of ctx.index.nodes) {
    if (entry.node.kind !== 'domain') continue;
    const questions = byDomain.get(entry.node.code) ?? [];
    for (const scope of scopesOf(ctx, entry)) {
      for (const q of questions) {
        if (!round.effective(q, scope)) continue;
        const triggered = [...q.modulePath, q.node].some((n) => round.shownBy.has(instanceKey(n.code, scope)));
        result.push({
          code: q.node.code,
          ...(scope === undefined ? {} : { caregiverIndex: scope }),
          answerKey: instanceKey(q.node.code, scope),
          domainCode: q.domain.code,
          moduleCodes: q.modulePath.map((m) => m.code),
          triggered,
          question: q.node,
        });
      }
    }
  }
  return result;
}
