/**
 * Domain progress of the questionnaire (spec 000 §4 "Domain progress"): a domain is recomputed as answered over
 * total named questions, triggered ones included. All answered: status 2 and 100 percent; otherwise status 1 with
 * a rounded percentage; nothing answered: status 0 ("0 not started, 1 incomplete, 2 complete", spec §3).
 *
 * The questions counted are those visible for the child now (library visibility, the child's age at the date of
 * assessment, rule-triggered modules and questions, hide-rules), from the library's visibleQuestionsFor. A
 * caregiver domain is listed once per caregiver. A rating of a question that is not visible (its module closed
 * again, a hide-rule fired) counts for nothing. Text passages are not questions.
 *
 * Rounding never shows 100% for an incomplete domain (199 of 200 would round to 100): an incomplete domain shows at
 * most 99%, so "below 100 percent" and "status 1" always agree.
 */
import type { AssessmentState } from './assessment.aggregate';
import { caregiverDisplayName } from './assessment.aggregate';
import { AssessmentQuestion, QuestionnaireLibrary, evaluatorAnswersOf, visibleQuestionsOf } from './questionnaire';

export type DomainProgressStatus = 0 | 1 | 2;

export const DOMAIN_STATUS_LABELS: Readonly<Record<DomainProgressStatus, string>> = {
  0: 'Not started',
  1: 'Incomplete',
  2: 'Complete',
};

/**
 * Status colours of a domain. The spec shows a colour per status but not which (spec 001 "Status colours: not
 * shown"): grey for not started, amber for incomplete, green for complete.
 */
export const DOMAIN_STATUS_COLOURS: Readonly<Record<DomainProgressStatus, { readonly name: string; readonly hex: string }>> = {
  0: { name: 'grey', hex: '#909399' },
  1: { name: 'amber', hex: '#E6A23C' },
  2: { name: 'green', hex: '#67C23A' },
};

export interface DomainProgress {
  readonly domainCode: string;
  readonly domainName: string;
  /** Null for a child domain; the caregiver's id for one instance of a caregiver domain. */
  readonly caregiverId: string | null;
  readonly caregiverName: string | null;
  /** The domain name, with the caregiver's name for a caregiver domain: "Caregiver Resources and Needs (Ann Lee)". */
  readonly title: string;
  readonly answered: number;
  readonly total: number;
  readonly percentage: number;
  readonly status: DomainProgressStatus;
  /** 'N% Completed' (the progress bar label). */
  readonly label: string;
  readonly colour: { readonly name: string; readonly hex: string };
  /** Codes of the visible questions still without a rating, in questionnaire order. */
  readonly unanswered: readonly string[];
}

/** Rounded percentage; never 100 unless all are answered (see the file comment). */
export function percentageOf(answered: number, total: number): number {
  if (total <= 0 || answered >= total) return 100;
  return Math.min(99, Math.round((answered / total) * 100));
}

export function domainStatusOf(answered: number, total: number): DomainProgressStatus {
  if (answered >= total) return 2;
  return answered === 0 ? 0 : 1;
}

export const progressLabel = (percentage: number): string => `${percentage}% Completed`;

export interface AssessmentProgress {
  readonly domains: readonly DomainProgress[];
  readonly incompleteDomains: readonly DomainProgress[];
  /** True when every listed domain is at 100 percent. */
  readonly allDomainsComplete: boolean;
}

/** Progress of every domain (and every caregiver instance of a caregiver domain) of the assessment. */
export function assessmentProgress(state: AssessmentState, library: QuestionnaireLibrary): AssessmentProgress {
  const questions = visibleQuestionsOf(state, library);
  const answers = evaluatorAnswersOf(state);
  const domainNames = new Map(library.instrument.domains.map((d) => [d.code, d.name]));

  // visibleQuestionsOf lists domains in questionnaire order, each caregiver instance in caregiver order.
  const groups = new Map<string, AssessmentQuestion[]>();
  for (const q of questions) {
    const key = `${q.domainCode}|${q.caregiverId ?? ''}`;
    const group = groups.get(key) ?? [];
    group.push(q);
    groups.set(key, group);
  }

  const domains: DomainProgress[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    const caregiver = first.caregiverId === null ? undefined : state.caregivers.find((c) => c.caregiverId === first.caregiverId);
    const caregiverName = caregiver ? caregiverDisplayName(caregiver) : null;
    const domainName = domainNames.get(first.domainCode) ?? first.domainCode;
    const unanswered = group.filter((q) => answers[q.answerKey] === undefined).map((q) => q.code);
    const total = group.length;
    const answered = total - unanswered.length;
    const percentage = percentageOf(answered, total);
    const status = domainStatusOf(answered, total);
    domains.push({
      domainCode: first.domainCode,
      domainName,
      caregiverId: first.caregiverId,
      caregiverName,
      title: caregiverName === null ? domainName : `${domainName} (${caregiverName})`,
      answered,
      total,
      percentage,
      status,
      label: progressLabel(percentage),
      colour: DOMAIN_STATUS_COLOURS[status],
      unanswered,
    });
  }
  const incompleteDomains = domains.filter((d) => d.status !== 2);
  return { domains, incompleteDomains, allDomainsComplete: incompleteDomains.length === 0 };
}
