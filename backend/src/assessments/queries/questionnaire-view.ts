/**
 * The questionnaire of one assessment as the editor shows it (GET /assessments/:id and PUT …/ratings): the
 * domains of the assessment's OWN library version, each caregiver domain once per caregiver, with only the
 * modules and questions visible now (library visibility, the child's age at the date of assessment, fired show-
 * and hide-rules), in questionnaire order, each question with its rating; per domain the spec's progress
 * (answered over total named questions, status 0/1/2, "N% Completed").
 *
 * Ratings go on the wire as numbers 0-4 or 'NA' (the spec's answer scale); the domain keeps them as strings.
 */
import { InstrumentIndex, indexInstrument } from '@cans/domain/library/instrument/instrument-tree';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import type { VersionDomain, VersionModule, VersionQuestion } from '@cans/domain/library/library-instrument';
import {
  AssessmentState,
  DomainProgress,
  DomainProgressStatus,
  assessmentProgress,
  caregiverDomainNotice,
  percentageOf,
  ratingOf,
  ruleEvaluationOf,
  visibleQuestionsOf,
} from '@cans/domain/assessments';
import type { AssessmentLibrary } from '../library/assessment-library.service';

export type WireRating = 0 | 1 | 2 | 3 | 4 | 'NA';

export const toWireRating = (rating: Rating | undefined | null): WireRating | null =>
  rating === undefined || rating === null ? null : rating === 'NA' ? 'NA' : (Number(rating) as WireRating);

/** Accepts 0-4 (number or text) and 'NA'/'N/A'; null clears. Anything else is returned as is for the domain to refuse. */
export function fromWireRating(value: unknown): Rating | null | unknown {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string') {
    const text = value.trim().toUpperCase();
    return text === 'N/A' ? 'NA' : text;
  }
  return value;
}

export interface QuestionView {
  id: string;
  code: string;
  name: string;
  shortName: string | null;
  description: string;
  answers: Partial<Record<'0' | '1' | '2' | '3' | '4' | 'NA', string>>;
  rating: WireRating | null;
  /** Shown because a show-rule fired (it or an enclosing module). */
  triggered: boolean;
}

export interface ModuleView {
  id: string;
  code: string;
  name: string;
  description: string;
  triggered: boolean;
  questions: QuestionView[];
  modules: ModuleView[];
}

export type DomainStatusName = 'complete' | 'incomplete' | 'notStarted';
const STATUS_NAMES: Record<DomainProgressStatus, DomainStatusName> = { 0: 'notStarted', 1: 'incomplete', 2: 'complete' };

export interface DomainView {
  id: string;
  code: string;
  name: string;
  /** "Domain (Caregiver Name)" for a caregiver domain. */
  title: string;
  description: string;
  caregiverId: string | null;
  caregiverName: string | null;
  status: DomainStatusName;
  /** Spec domain status 0 not started, 1 incomplete, 2 complete. */
  statusCode: DomainProgressStatus;
  percentComplete: number;
  /** "N% Completed". */
  label: string;
  colour: string;
  answered: number;
  total: number;
  /** The caregiver domain's notice for a child without a plan to transition home (spec §8), else null. */
  notice: string | null;
  /** Questions directly in the domain. */
  questions: QuestionView[];
  modules: ModuleView[];
}

export interface QuestionnaireView {
  libraryVersion: string;
  domains: DomainView[];
  /** Overall percent: answered over total visible questions. */
  progress: number;
  allDomainsComplete: boolean;
}

export interface TriggeredItems {
  modules: string[];
  questions: string[];
}

const indexes = new WeakMap<object, InstrumentIndex>();
function indexOf(library: AssessmentLibrary): InstrumentIndex {
  let index = indexes.get(library.versioned);
  if (!index) {
    index = indexInstrument(library.versioned.instrument);
    indexes.set(library.versioned, index);
  }
  return index;
}

function questionView(question: VersionQuestion, rating: Rating | undefined, triggered: boolean): QuestionView {
  return {
    id: question.id,
    code: question.code,
    name: question.name,
    shortName: question.shortName ?? null,
    description: question.description,
    answers: { ...question.answers },
    rating: toWireRating(rating),
    triggered,
  };
}

export function questionnaireView(state: AssessmentState, library: AssessmentLibrary): QuestionnaireView {
  const empty: QuestionnaireView = { libraryVersion: library.ref.version, domains: [], progress: 0, allDomainsComplete: false };
  if (!state.child) return empty;
  const index = indexOf(library);
  const visible = visibleQuestionsOf(state, library);
  const progress = assessmentProgress(state, library);
  const progressOf = new Map<string, DomainProgress>(progress.domains.map((d) => [`${d.domainCode}|${d.caregiverId ?? ''}`, d]));
  const notice = caregiverDomainNotice(state.child);

  const domains = new Map<string, DomainView>();
  const modulesByKey = new Map<string, ModuleView>();
  let answered = 0;
  for (const q of visible) {
    const groupKey = `${q.domainCode}|${q.caregiverId ?? ''}`;
    let domain = domains.get(groupKey);
    if (!domain) {
      const node = index.byCode.get(q.domainCode)?.node as unknown as VersionDomain;
      const p = progressOf.get(groupKey)!;
      domain = {
        id: node.id,
        code: node.code,
        name: node.name,
        title: p.title,
        description: node.description,
        caregiverId: q.caregiverId,
        caregiverName: p.caregiverName,
        status: STATUS_NAMES[p.status],
        statusCode: p.status,
        percentComplete: p.percentage,
        label: p.label,
        colour: p.colour.hex,
        answered: p.answered,
        total: p.total,
        notice: node.caregiverItem ? notice : null,
        questions: [],
        modules: [],
      };
      domains.set(groupKey, domain);
    }
    const rating = ratingOf(state, q.code, q.caregiverId);
    if (rating !== undefined) answered += 1;
    let container: { questions: QuestionView[]; modules: ModuleView[] } = domain;
    let path = groupKey;
    for (const moduleCode of q.moduleCodes) {
      path = `${path}>${moduleCode}`;
      let module = modulesByKey.get(path);
      if (!module) {
        const node = index.byCode.get(moduleCode)?.node as unknown as VersionModule;
        module = {
          id: node.id,
          code: node.code,
          name: node.name,
          description: node.description,
          triggered: false,
          questions: [],
          modules: [],
        };
        modulesByKey.set(path, module);
        container.modules.push(module);
      }
      container = module;
    }
    const questionNode = index.byCode.get(q.code)?.node as unknown as VersionQuestion;
    container.questions.push(questionView(questionNode, rating, q.triggered));
  }

  // A module is "triggered" when a fired show-rule opened it for this child or caregiver.
  const evaluation = ruleEvaluationOf(state, library);
  const shown = new Set(
    evaluation.shownModules.map(
      (m) => `${m.code}|${m.caregiverIndex === undefined ? '' : (state.caregivers[m.caregiverIndex]?.caregiverId ?? '')}`,
    ),
  );
  for (const [path, module] of modulesByKey) {
    const caregiverPart = path.split('>')[0].split('|')[1];
    module.triggered = shown.has(`${module.code}|${caregiverPart}`);
  }

  return {
    libraryVersion: library.ref.version,
    domains: [...domains.values()],
    progress: percentageOf(answered, visible.length),
    allDomainsComplete: progress.allDomainsComplete,
  };
}

/** Modules and questions shown because a show-rule fired (spec saveAnswer's triggeredModules / triggeredQuestions). */
export function triggeredItems(state: AssessmentState, library: AssessmentLibrary): TriggeredItems {
  if (!state.child) return { modules: [], questions: [] };
  const evaluation = ruleEvaluationOf(state, library);
  return {
    modules: [...new Set(evaluation.shownModules.map((m) => m.code))],
    questions: [...new Set(evaluation.shownQuestions.map((q) => q.code))],
  };
}
