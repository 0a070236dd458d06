/**
 * Integrity of a whole instrument with its rules (codes, sibling orders, ages, answer scales, rule references and
 * rule cycles): what the seed instrument and every library change must keep. The form rules are in
 * instrument-validation.ts.
 */
import {
  Instrument,
  Item,
  LibraryNode,
  Module,
  QuestionRule,
  RATINGS,
  REQUIRED_ANSWER_RATINGS,
  Rating,
  defaultActionableRatings,
  isRating,
} from './instrument.types';
import { IndexedNode, ageLabelOf, ancestorsOf, indexInstrument } from './instrument-tree';
import { isBlank, validateLibraryForm, validateRuleForm } from './instrument-validation';

export type IntegrityIssueCode =
  | 'INVALID_CODE'
  | 'DUPLICATE_CODE'
  | 'DUPLICATE_RULE_CODE'
  | 'QUESTION_COUNT'
  | 'LIBRARY_FORM'
  | 'TEXT_HAS_NAME'
  | 'MISSING_ANSWER_DESCRIPTION'
  | 'ORDER'
  | 'CAREGIVER_FLAG'
  | 'ACTIONABLE_RATINGS'
  | 'AGE_LABEL'
  | 'AGE_UNREACHABLE'
  | 'SHORT_NAME_TOO_LONG'
  | 'RULE_FORM'
  | 'RULE_TRIGGER'
  | 'RULE_TARGET'
  | 'RULE_ANSWERS'
  | 'RULE_MODULE_LOCK'
  | 'GATED_WITHOUT_SHOW_RULE'
  | 'SHOW_TARGET_NOT_GATED'
  | 'RULE_CYCLE';

export interface IntegrityIssue {
  readonly issue: IntegrityIssueCode;
  /** Code of the node or rule concerned ('' for instrument-wide issues). */
  readonly ref: string;
  readonly message: string;
}

export interface IntegrityOptions {
  /** Inclusive bounds on the number of questions (text passages excluded); default 80..120. */
  readonly minQuestions?: number;
  readonly maxQuestions?: number;
  /** Chart labels show abbreviations without truncation up to this length (spec: labels over 20 are cut). */
  readonly shortNameMaxLength?: number;
}

export const CODE_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

function checkOrders(siblings: readonly { code: string; order: number }[], where: string, issues: IntegrityIssue[]): void {
  const seen = new Set<number>();
  for (const s of siblings) {
    if (!Number.isInteger(s.order) || s.order < 1) {
      issues.push({ issue: 'ORDER', ref: s.code, message: `order must be a whole number >= 1 (${where})` });
    } else if (seen.has(s.order)) {
      issues.push({ issue: 'ORDER', ref: s.code, message: `order ${s.order} is used twice (${where})` });
    }
    seen.add(s.order);
  }
}

function checkNode(entry: IndexedNode, options: Required<IntegrityOptions>, issues: IntegrityIssue[]): void {
  const node = entry.node;
  const push = (issue: IntegrityIssueCode, message: string): void => void issues.push({ issue, ref: node.code, message });

  if (!CODE_PATTERN.test(node.code)) push('INVALID_CODE', `code '${node.code}' is not UPPER_SNAKE`);

  const form = validateLibraryForm({
    type: node.kind,
    name: node.name,
    shortName: node.shortName,
    description: node.description,
    ageMin: node.ageMin,
    ageMax: node.ageMax,
  });
  for (const [field, message] of Object.entries(form)) push('LIBRARY_FORM', `${field}: ${message}`);

  if (node.kind === 'text' && node.name.trim() !== '') push('TEXT_HAS_NAME', 'a text passage has no name');
  if (node.shortName !== undefined && node.shortName.length > options.shortNameMaxLength) {
    push('SHORT_NAME_TOO_LONG', `abbreviation longer than ${options.shortNameMaxLength} characters`);
  }
  if (node.caregiverItem !== entry.domain.caregiverItem) {
    push('CAREGIVER_FLAG', `caregiverItem must equal its domain's (${entry.domain.caregiverItem})`);
  }

  if (node.kind === 'question') {
    for (const rating of REQUIRED_ANSWER_RATINGS) {
      if (isBlank(node.answers[rating as keyof typeof node.answers]))
        push('MISSING_ANSWER_DESCRIPTION', `no description for answer ${rating}`);
    }
    if (node.answers['4'] !== undefined && isBlank(node.answers['4']))
      push('MISSING_ANSWER_DESCRIPTION', 'answer 4 has an empty description');
  }

  if (node.kind === 'question' || node.kind === 'module' || node.kind === 'domain') {
    const label = ageLabelOf(node.name);
    if (label && (label.ageMin !== node.ageMin || label.ageMax !== node.ageMax)) {
      push(
        'AGE_LABEL',
        `name label implies ages ${label.ageMin ?? '-'}..${label.ageMax ?? '-'}, stored ${node.ageMin ?? '-'}..${node.ageMax ?? '-'}`,
      );
    }
  }

  // The node's own range must overlap every ancestor's range, or it can never be shown.
  let low = node.ageMin ?? 0;
  let high = node.ageMax ?? Number.POSITIVE_INFINITY;
  for (const a of ancestorsOf(entry)) {
    low = Math.max(low, a.ageMin ?? 0);
    high = Math.min(high, a.ageMax ?? Number.POSITIVE_INFINITY);
  }
  if (low > high) push('AGE_UNREACHABLE', 'its age range does not overlap the age range of its domain/modules');
}

/** Rules that can change whether `rule`'s trigger question is shown (their target is it or an enclosing node). */
function dependencies(rule: QuestionRule, rules: readonly QuestionRule[], byCode: ReadonlyMap<string, IndexedNode>): number[] {
  const trigger = byCode.get(rule.trigger.questionCode);
  if (!trigger) return [];
  const chain = new Set([...ancestorsOf(trigger), trigger.node].map((n) => n.code));
  const result: number[] = [];
  rules.forEach((other, i) => {
    const target = other.target.questionCode ?? other.target.moduleCode;
    if (target !== undefined && chain.has(target)) result.push(i);
  });
  return result;
}

function findRuleCycles(rules: readonly QuestionRule[], byCode: ReadonlyMap<string, IndexedNode>): string[][] {
  const edges = rules.map((r) => dependencies(r, rules, byCode));
  const state = new Array<0 | 1 | 2>(rules.length).fill(0); // 0 new, 1 on stack, 2 done
  const stack: number[] = [];
  const cycles: string[][] = [];
  const visit = (i: number): void => {
    state[i] = 1;
    stack.push(i);
    for (const j of edges[i]) {
      if (state[j] === 1) cycles.push(stack.slice(stack.indexOf(j)).map((k) => rules[k].code));
      else if (state[j] === 0) visit(j);
    }
    stack.pop();
    state[i] = 2;
  };
  rules.forEach((_, i) => state[i] === 0 && visit(i));
  return cycles;
}

function checkRule(rule: QuestionRule, byCode: ReadonlyMap<string, IndexedNode>, issues: IntegrityIssue[]): void {
  const push = (issue: IntegrityIssueCode, message: string): void => void issues.push({ issue, ref: rule.code, message });
  if (!CODE_PATTERN.test(rule.code)) push('INVALID_CODE', `rule code '${rule.code}' is not UPPER_SNAKE`);

  const form = validateRuleForm({
    name: rule.name,
    description: rule.description,
    triggerDomainCode: rule.trigger.domainCode,
    triggerModuleCode: rule.trigger.moduleCode,
    triggerQuestionCode: rule.trigger.questionCode,
    answers: rule.answers,
    targetModuleCode: rule.target.moduleCode,
    targetQuestionCode: rule.target.questionCode,
    action: rule.action,
  });
  for (const [field, message] of Object.entries(form)) push('RULE_FORM', `${field}: ${message}`);

  // Trigger
  const domain = byCode.get(rule.trigger.domainCode);
  if (!domain || domain.node.kind !== 'domain') push('RULE_TRIGGER', `trigger domain '${rule.trigger.domainCode}' does not exist`);
  const trigger = byCode.get(rule.trigger.questionCode);
  if (!trigger || trigger.node.kind !== 'question') {
    push('RULE_TRIGGER', `trigger question '${rule.trigger.questionCode}' does not exist`);
  } else {
    if (trigger.domain.code !== rule.trigger.domainCode)
      push('RULE_TRIGGER', `trigger question is not in domain '${rule.trigger.domainCode}'`);
    const directModule = trigger.modulePath[trigger.modulePath.length - 1]?.code;
    if (directModule !== rule.trigger.moduleCode) {
      push(
        'RULE_TRIGGER',
        `trigger module must be the question's module (${directModule ?? 'none'}), got ${rule.trigger.moduleCode ?? 'none'}`,
      );
    }
    const question = trigger.node;
    const seen = new Set<string>();
    for (const answer of rule.answers) {
      if (!isRating(answer)) push('RULE_ANSWERS', `'${String(answer)}' is not a rating (${RATINGS.join(', ')})`);
      else if (seen.has(answer)) push('RULE_ANSWERS', `answer ${answer} is listed twice`);
      else if (question.answers[answer as Rating] === undefined)
        push('RULE_ANSWERS', `answer ${answer} is not on the trigger question's scale`);
      seen.add(answer);
    }
  }
  if (rule.trigger.moduleCode !== undefined && rule.target.moduleCode !== rule.trigger.moduleCode) {
    push('RULE_MODULE_LOCK', 'with a trigger module, the target module is that module (the form copies and locks it)');
  }

  // Target
  if (rule.target.moduleCode !== undefined) {
    const m = byCode.get(rule.target.moduleCode);
    if (!m || m.node.kind !== 'module') push('RULE_TARGET', `target module '${rule.target.moduleCode}' does not exist`);
  }
  if (rule.target.questionCode !== undefined) {
    const tq = byCode.get(rule.target.questionCode);
    if (!tq || tq.node.kind !== 'question') {
      push('RULE_TARGET', `target question '${rule.target.questionCode}' does not exist`);
    } else if (rule.target.moduleCode !== undefined && tq.modulePath[tq.modulePath.length - 1]?.code !== rule.target.moduleCode) {
      push('RULE_TARGET', `target question is not in module '${rule.target.moduleCode}'`);
    }
  }
}

/**
 * Checks a whole instrument and its rules. Returns every issue found (empty = valid):
 * codes UPPER_SNAKE and unique (nodes; rules among rules); question count within bounds; every node passes the
 * library form rules; texts have no name; questions describe 0-3 and N/A; sibling orders unique; caregiver flags
 * mirror the domain; actionable ratings match the rating meaning; name age labels match the ages; ages reachable;
 * abbreviations fit the chart labels; rules pass the rule form, their trigger/target exist and match, answers
 * are on the trigger's scale, the trigger-module lock holds; gated modules and show-rules agree; no rule cycle.
 */
export function validateInstrumentIntegrity(
  instrument: Instrument,
  rules: readonly QuestionRule[],
  options: IntegrityOptions = {},
): IntegrityIssue[] {
  const opts: Required<IntegrityOptions> = {
    minQuestions: options.minQuestions ?? 80,
    maxQuestions: options.maxQuestions ?? 120,
    shortNameMaxLength: options.shortNameMaxLength ?? 20,
  };
  const issues: IntegrityIssue[] = [];
  const index = indexInstrument(instrument);

  if (!CODE_PATTERN.test(instrument.code))
    issues.push({ issue: 'INVALID_CODE', ref: instrument.code, message: 'instrument code is not UPPER_SNAKE' });
  for (const code of index.duplicateCodes)
    issues.push({ issue: 'DUPLICATE_CODE', ref: code, message: `code '${code}' is used by more than one node` });

  const questionCount = index.questions.length;
  if (questionCount < opts.minQuestions || questionCount > opts.maxQuestions) {
    issues.push({
      issue: 'QUESTION_COUNT',
      ref: '',
      message: `${questionCount} questions; expected ${opts.minQuestions} to ${opts.maxQuestions}`,
    });
  }

  checkOrders(instrument.domains, 'domains', issues);
  for (const entry of index.nodes) {
    checkNode(entry, opts, issues);
    const node = entry.node;
    if (node.kind === 'domain') {
      const expected = defaultActionableRatings(node.ratingMeaning);
      if (node.actionableRatings.length !== expected.length || !expected.every((r) => node.actionableRatings.includes(r))) {
        issues.push({
          issue: 'ACTIONABLE_RATINGS',
          ref: node.code,
          message: `actionable ratings of a ${node.ratingMeaning} domain are ${expected.join(', ')}`,
        });
      }
    }
    if (node.kind === 'domain' || node.kind === 'module') {
      const container = node as { items: readonly Item[]; modules: readonly Module[]; code: string };
      checkOrders(container.items, `items of ${node.code}`, issues);
      checkOrders(container.modules, `modules of ${node.code}`, issues);
    }
  }

  const ruleCodes = new Set<string>();
  for (const rule of rules) {
    if (ruleCodes.has(rule.code))
      issues.push({ issue: 'DUPLICATE_RULE_CODE', ref: rule.code, message: `rule code '${rule.code}' is used twice` });
    ruleCodes.add(rule.code);
    checkRule(rule, index.byCode, issues);
  }

  const showTargets = new Set(rules.filter((r) => r.action === 'show').map((r) => r.target.questionCode ?? r.target.moduleCode));
  for (const m of index.modules) {
    if (m.node.triggeredOnly && !showTargets.has(m.node.code)) {
      issues.push({
        issue: 'GATED_WITHOUT_SHOW_RULE',
        ref: m.node.code,
        message: 'module is hidden until triggered but no show-rule targets it',
      });
    }
  }
  for (const rule of rules) {
    if (rule.action !== 'show' || rule.target.questionCode !== undefined || rule.target.moduleCode === undefined) continue;
    const target = index.byCode.get(rule.target.moduleCode);
    if (target?.node.kind === 'module' && !target.node.triggeredOnly) {
      issues.push({
        issue: 'SHOW_TARGET_NOT_GATED',
        ref: rule.code,
        message: `show-rule targets module '${target.node.code}', which is not flagged triggeredOnly`,
      });
    }
  }

  for (const cycle of findRuleCycles(rules, index.byCode)) {
    issues.push({ issue: 'RULE_CYCLE', ref: cycle[0], message: `rules depend on each other in a cycle: ${cycle.join(' → ')}` });
  }
  return issues;
}

/** Codes of all nodes of one kind, in questionnaire order. */
export function codesOfKind(instrument: Instrument, kind: LibraryNode['kind']): string[] {
  return indexInstrument(instrument)
    .nodes.filter((n) => n.node.kind === kind)
    .map((n) => n.node.code);
}
