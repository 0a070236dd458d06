import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@cans/domain/domain-errors';
import type { FieldErrors } from '@cans/domain/domain-errors';
import { fieldRefusal } from '@cans/domain/library/library-messages';
import { indexInstrument } from '@cans/domain/library/instrument/instrument-tree';
import { Answers, Rating, RuleAction, isRating } from '@cans/domain/library/instrument/instrument.types';
import { parseAnswerKey } from '@cans/domain/library/rules/answer-key';
import { HiddenReason, evaluateRules, visibleQuestionsFor } from '@cans/domain/library/rules/rule-evaluator';
import { LibraryInstrument } from '@cans/domain/library/library-instrument';
import { LibraryStateService } from '../library-stream/library-state.service';

export interface LibraryEvaluationRequest {
  /** Library version the assessment was started on; default the current version. */
  version?: number;
  /** answerKey → rating: 'SUBSTANCE_USE' for a child item, 'CG_SUPERVISION#1' for caregiver 1's answer. */
  answers: Record<string, string>;
  /** Whole years (fractions are floored); age restrictions apply. */
  childAgeYears: number;
  /** Caregivers of the child; default: derived from the caregiver answers. */
  caregiverCount?: number;
}

interface CaregiverScoped {
  code: string;
  /** Set for caregiver items: the 0-based caregiver index. */
  caregiverIndex?: number;
}

export interface LibraryEvaluation {
  version: number;
  /** False only for a cyclic rule set that did not settle (rule edits refuse cycles, so: never). */
  stable: boolean;
  firedRules: Array<{ ruleId: string; ruleCode: string; action: RuleAction; caregiverIndex?: number }>;
  /** Modules shown because a show-rule fired (the spec's triggeredModules), with their shown questions. */
  triggeredModules: Array<CaregiverScoped & { id: string; name: string; showQuestions: string[] }>;
  /** Questions shown because a show-rule fired (the spec's triggeredQuestions). */
  triggeredQuestions: Array<CaregiverScoped & { id: string; name: string }>;
  hiddenModules: Array<CaregiverScoped & { reason: HiddenReason }>;
  hiddenQuestions: Array<CaregiverScoped & { reason: HiddenReason }>;
  /** Modules with at least one question to rate. */
  visibleModules: CaregiverScoped[];
  /** Every question the case worker rates, in questionnaire order (caregiver items once per caregiver). */
  visibleQuestions: Array<CaregiverScoped & { answerKey: string; domainCode: string; moduleCodes: string[]; triggered: boolean }>;
}

const scoped = (caregiverIndex: number | undefined) => (caregiverIndex === undefined ? {} : { caregiverIndex });

/**
 * Which modules and questions an assessment shows for its answers, on the library version it was started on.
 * The HTTP endpoint and the assessments feature (in-process) both call this service.
 */
@Injectable()
export class LibraryEvaluationService {
  constructor(private readonly library: LibraryStateService) {}

  async evaluate(request: LibraryEvaluationRequest): Promise<LibraryEvaluation> {
    const library =
      request.version === undefined ? await this.library.currentInstrument() : await this.library.instrumentAt(request.version);
    if (!library) throw new NotFoundError(`Library version ${request.version} does not exist.`);
    return evaluateOn(library, request);
  }
}

/** Checks the answer keys against the version: unknown codes and misplaced caregiver indexes are 400s. */
function checkedAnswers(library: LibraryInstrument, request: LibraryEvaluationRequest): Answers {
  const index = indexInstrument(library.instrument);
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(request.answers)) {
    const field = `answers.${key}`;
    if (!isRating(value)) {
      errors[field] = ['Answers are 0, 1, 2, 3, 4 or NA.'];
      continue;
    }
    const { questionCode, caregiverIndex } = parseAnswerKey(key);
    const entry = index.byCode.get(questionCode);
    if (!entry || entry.node.kind !== 'question') {
      errors[field] = [`There is no question ${questionCode} in library version ${library.version}.`];
    } else if (entry.domain.caregiverItem && caregiverIndex === undefined) {
      errors[field] = [`A caregiver question is answered per caregiver: use ${questionCode}#<caregiver index>.`];
    } else if (!entry.domain.caregiverItem && caregiverIndex !== undefined) {
      errors[field] = ['Only caregiver questions take a caregiver index.'];
    } else if (caregiverIndex !== undefined && request.caregiverCount !== undefined && caregiverIndex >= request.caregiverCount) {
      errors[field] = [`The caregiver index is beyond caregiverCount (${request.caregiverCount}).`];
    }
  }
  if (Object.keys(errors).length) throw fieldRefusal(errors);
  return request.answers as Record<string, Rating>;
}

export function evaluateOn(library: LibraryInstrument, request: LibraryEvaluationRequest): LibraryEvaluation {
  const answers = checkedAnswers(library, request);
  const { instrument, rules } = library;
  const options = {
    childAgeYears: request.childAgeYears,
    ...(request.caregiverCount === undefined ? {} : { caregiverCount: request.caregiverCount }),
  };
  const evaluation = evaluateRules(instrument, rules, answers, options);
  const visible = visibleQuestionsFor(
    instrument,
    rules,
    answers,
    request.childAgeYears,
    request.caregiverCount === undefined ? {} : { caregiverCount: request.caregiverCount },
  );

  const index = indexInstrument(instrument);
  const nodeOf = (code: string) => index.byCode.get(code)?.node as { id: string; name: string } | undefined;
  const ruleIdByCode = new Map(rules.map((rule) => [rule.code, rule.id]));

  const visibleModules: CaregiverScoped[] = [];
  const seenModules = new Set<string>();
  for (const question of visible) {
    for (const code of question.moduleCodes) {
      const key = `${code}#${question.caregiverIndex ?? ''}`;
      if (seenModules.has(key)) continue;
      seenModules.add(key);
      visibleModules.push({ code, ...scoped(question.caregiverIndex) });
    }
  }

  return {
    version: library.version,
    stable: evaluation.stable,
    firedRules: evaluation.firedRules.map((fired) => ({
      ruleId: ruleIdByCode.get(fired.ruleCode) ?? '',
      ruleCode: fired.ruleCode,
      action: fired.action,
      ...scoped(fired.caregiverIndex),
    })),
    triggeredModules: evaluation.shownModules.map((m) => ({
      code: m.code,
      id: nodeOf(m.code)?.id ?? '',
      name: nodeOf(m.code)?.name ?? '',
      ...scoped(m.caregiverIndex),
      showQuestions: [...m.showQuestions],
    })),
    triggeredQuestions: evaluation.shownQuestions.map((q) => ({
      code: q.code,
      id: nodeOf(q.code)?.id ?? '',
      name: nodeOf(q.code)?.name ?? '',
      ...scoped(q.caregiverIndex),
    })),
    hiddenModules: evaluation.hiddenModules.map((h) => ({ code: h.code, ...scoped(h.caregiverIndex), reason: h.reason })),
    hiddenQuestions: evaluation.hiddenQuestions.map((h) => ({ code: h.code, ...scoped(h.caregiverIndex), reason: h.reason })),
    visibleModules,
    visibleQuestions: visible.map((q) => ({
      code: q.code,
      ...scoped(q.caregiverIndex),
      answerKey: q.answerKey,
      domainCode: q.domainCode,
      moduleCodes: [...q.moduleCodes],
      triggered: q.triggered,
    })),
  };
}
