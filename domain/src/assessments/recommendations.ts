/**
 * Generated recommendations: the special questionnaire domain with id -1 and caregiver id 0 (spec 000
 * "Questionnaire"), built from the actionable ratings of the visible questions.
 *
 * Actionable means what the instrument says for the item's domain (Domain.actionableRatings; 2 and 3 for both
 * rating meanings, see library/instrument/instrument.types.ts): a NEED rated 2 needs action, 3 immediate or
 * intensive action; a STRENGTH rated 2 is identified but must be built, 3 is not yet identified. Ratings of
 * questions that are not visible now are ignored, like everywhere else. The text is deterministic: same ratings,
 * same text, in questionnaire order. The spec's "service coordination phone line for the state health program"
 * has no number in the spec, so the number is a parameter.
 */
import { isActionable } from '../library/instrument/instrument-tree';
import type { Domain, Rating } from '../library/instrument/instrument.types';
import type { AssessmentState } from './assessment.aggregate';
import { caregiverDisplayName } from './assessment.aggregate';
import { QuestionnaireLibrary, evaluatorAnswersOf, visibleQuestionsOf } from './questionnaire';

export const RECOMMENDATIONS_DOMAIN_ID = -1;
export const RECOMMENDATIONS_CAREGIVER_ID = 0;

export type RecommendationKind = 'need-action' | 'need-immediate-action' | 'strength-to-build' | 'strength-to-identify';

export interface GeneratedRecommendation {
  readonly kind: RecommendationKind;
  readonly domainCode: string;
  readonly domainName: string;
  readonly questionCode: string;
  readonly questionName: string;
  readonly caregiverId: string | null;
  readonly caregiverName: string | null;
  readonly rating: Rating;
  readonly text: string;
}

export interface GeneratedRecommendations {
  readonly domainId: typeof RECOMMENDATIONS_DOMAIN_ID;
  readonly caregiverId: typeof RECOMMENDATIONS_CAREGIVER_ID;
  readonly needs: readonly GeneratedRecommendation[];
  readonly strengths: readonly GeneratedRecommendation[];
  /** Number of recommendations (the Quick Glance "service recommendations triggered"). */
  readonly count: number;
  /** The whole text, one recommendation per line. */
  readonly text: string;
}

export interface RecommendationOptions {
  /** The state health program's service coordination number (not in the spec). */
  readonly serviceCoordinationPhone?: string;
}

const RECOMMENDATION_SENTENCES: Readonly<Record<RecommendationKind, string>> = {
  'need-action': 'action is needed. Include a service or intervention for this need in the plan.',
  'need-immediate-action': 'immediate or intensive action is needed. Address this need first in the plan.',
  'strength-to-build': 'the strength is there but must be developed. Include activities that build it in the plan.',
  'strength-to-identify': 'no strength has been identified yet. Include efforts to find or build this strength in the plan.',
};

/** The kind of recommendation for an actionable rating: the higher actionable ratings are the urgent kind. */
function kindOf(domain: Domain, rating: Rating): RecommendationKind {
  const urgent = rating === '3' || rating === '4';
  if (domain.ratingMeaning === 'strength') return urgent ? 'strength-to-identify' : 'strength-to-build';
  return urgent ? 'need-immediate-action' : 'need-action';
}

export function serviceCoordinationLine(phone?: string): string {
  const number = phone?.trim();
  return `For help arranging services, call the service coordination line of the state health program${number ? ` at ${number}` : ''}.`;
}

export function generateRecommendations(
  state: AssessmentState,
  library: QuestionnaireLibrary,
  options: RecommendationOptions = {},
): GeneratedRecommendations {
  const domains = new Map(library.instrument.domains.map((d) => [d.code, d]));
  const answers = evaluatorAnswersOf(state);
  const needs: GeneratedRecommendation[] = [];
  const strengths: GeneratedRecommendation[] = [];

  for (const q of visibleQuestionsOf(state, library)) {
    const rating = answers[q.answerKey];
    const domain = domains.get(q.domainCode);
    if (!domain || rating === undefined || !isActionable(domain, rating)) continue;
    const caregiver = q.caregiverId === null ? undefined : state.caregivers.find((c) => c.caregiverId === q.caregiverId);
    const caregiverName = caregiver ? caregiverDisplayName(caregiver) : null;
    const kind = kindOf(domain, rating);
    const where = caregiverName === null ? domain.name : `${domain.name}, caregiver ${caregiverName}`;
    const recommendation: GeneratedRecommendation = {
      kind,
      domainCode: domain.code,
      domainName: domain.name,
      questionCode: q.code,
      questionName: q.question.name,
      caregiverId: q.caregiverId,
      caregiverName,
      rating,
      text: `${q.question.name} (${where}, rated ${rating}): ${RECOMMENDATION_SENTENCES[kind]}`,
    };
    (domain.ratingMeaning === 'strength' ? strengths : needs).push(recommendation);
  }

  const lines: string[] = [];
  if (needs.length === 0 && strengths.length === 0) {
    lines.push('No item is rated as actionable, so no service recommendation was generated.');
  } else {
    if (needs.length > 0) lines.push('Needs that require action:', ...needs.map((r) => `- ${r.text}`));
    if (strengths.length > 0) lines.push('Strengths to build:', ...strengths.map((r) => `- ${r.text}`));
  }
  lines.push(serviceCoordinationLine(options.serviceCoordinationPhone));

  return {
    domainId: RECOMMENDATIONS_DOMAIN_ID,
    caregiverId: RECOMMENDATIONS_CAREGIVER_ID,
    needs,
    strengths,
    count: needs.length + strengths.length,
    text: lines.join('\n'),
  };
}
