/* Wire types of the assessments API (docs/api.md "Assessments"): what the server answers and takes. */
import type { Rating } from '../shared/ratings';
import type { RaRecord } from 'react-admin';
import type { AssessmentStatusCode } from '../shared/StatusChip';

/** i incomplete, r returned, c pending approval, a approved, e closed, d deleted. */
export type StatusCode = AssessmentStatusCode;
/** A rating as the assessment wire carries it: 0–4 as numbers, or 'NA' (the UI keys it with shared/ratings.ts). */
export type WireRating = 0 | 1 | 2 | 3 | 4 | 'NA';

export interface OptionItem {
  id: string;
  name: string;
}

export interface CaregiverRelationship {
  group: string;
  role: string;
}

export interface ChildInformation {
  cin: string;
  familyId: string | null;
  firstName: string;
  lastName: string;
  gender: string;
  raceEthnicity: string;
  primaryLanguage: string | null;
  medicaidNumber: string;
  age: number | string;
  dateOfBirth: string;
  address: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  dateOfAssessment: string;
  caseOpeningDate: string;
  assessmentType?: string | null;
  assessorPhoneNumber: string | null;
  daysToNextAssessment: number | string | null;
  lookedAfterChild: 'Y' | 'N' | null;
  lookedAfterStatus: string | null;
  involvement: string | null;
  assessmentScope: string | null;
  recommendationsNote: string | null;
}

export interface CaregiverDetails {
  firstName: string;
  lastName: string;
  relationship: CaregiverRelationship | null;
  gender: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  county: string | null;
  cin: string | null;
}

export interface Caregiver extends CaregiverDetails {
  caregiverId: string;
}

export interface Narrative {
  impressions: string;
  needs: string;
  targets: string;
  outcomes: string;
  plan: string;
  recommendations: string;
}

export interface QuestionView {
  id?: string;
  code: string;
  name: string;
  description?: string | null;
  answers: Partial<Record<Rating, string>>;
  rating: WireRating | null;
  triggered?: boolean;
}

export interface ModuleView {
  id?: string;
  code: string;
  name: string;
  description?: string | null;
  triggered?: boolean;
  questions: QuestionView[];
  modules?: ModuleView[];
}

export interface DomainView {
  id: string;
  code: string;
  name: string;
  description?: string | null;
  caregiverId: string | null;
  caregiverName?: string | null;
  status: 'complete' | 'incomplete' | 'notStarted';
  percentComplete: number;
  questions?: QuestionView[];
  modules?: ModuleView[];
}

export interface Questionnaire {
  domains: DomainView[];
  progress: number;
}

export interface QuestionComment {
  commentId: string;
  questionCode: string;
  caregiverId: string | null;
  content: string;
  authorName: string;
  authorId?: string;
  at: string;
}

export interface AssessmentReason {
  kind: 'return' | 'close';
  reason: string;
  byName: string;
  at: string;
}

export interface AssessmentActions {
  edit: boolean;
  complete: boolean;
  approve: boolean;
  return: boolean;
  close: boolean;
  delete: boolean;
  include: boolean;
  exclude: boolean;
  changeType: boolean;
  share: boolean;
  reassign: boolean;
}

export interface Recommendation {
  domainId?: number | string;
  caregiverId?: number | string;
  title?: string;
  text?: string;
  [key: string]: unknown;
}

export interface AssessmentView {
  id: string;
  revision: number;
  status: string;
  statusCode: StatusCode;
  statusLabel: string;
  assessmentType: string;
  /** The type's name in the configured "Initialized" list. */
  assessmentTypeName?: string;
  ownerId: string;
  ownerName: string;
  agencyId: string | null;
  agencyName?: string | null;
  createdAt: string;
  updatedAt: string;
  child: ChildInformation;
  caregivers: Caregiver[];
  narrative: Narrative;
  comments: QuestionComment[];
  reasons: AssessmentReason[];
  includedInReports: boolean;
  sharedWith: string[];
  readOnly: boolean;
  questionnaire: Questionnaire;
  recommendations: Recommendation[];
  actions: AssessmentActions;
}

/** Progress of one domain (a caregiver domain: one caregiver's instance) after a rating save. */
export interface DomainProgress {
  code: string;
  caregiverId: string | null;
  status: DomainView['status'];
  percentComplete: number;
}

/**
 * What a rating save answers: what it changed, merged into the shown questionnaire (rating-merge.ts). The whole
 * questionnaire comes only when the save opened or closed items (a rule fired or stopped firing).
 */
export interface RatingResult {
  revision: number;
  position?: number;
  item: { questionCode: string; caregiverId: string | null; rating: WireRating | null };
  domain: DomainProgress | null;
  progress: number;
  triggered: { modules: string[]; questions: string[] };
  questionnaire: Questionnaire | null;
}

export interface LabelEntry {
  displayName: string;
  visible: boolean;
}

export interface AssessmentOptions {
  assessmentTypes: OptionItem[];
  lookedAfterStatuses: OptionItem[];
  genders: OptionItem[] | Record<string, string>;
  races: (OptionItem | string)[];
  languages: (OptionItem | string)[];
  involvements: (OptionItem | string)[];
  scopes: (OptionItem | string)[];
  caregiverRelationships: Record<string, string[]>;
  labels: Record<string, LabelEntry>;
  maxLengths?: Record<string, number>;
}

export interface ChildLookup {
  found: boolean;
  latest?: {
    assessmentId: string;
    status: string;
    statusCode: StatusCode;
    approved: boolean;
    child: ChildInformation;
    caregivers: Caregiver[];
  };
  familyCaregivers?: Caregiver[];
}

export interface AnswerStatistics {
  total: number;
  slices: { rating: Rating; count: number; percent: number }[];
}

export interface SiblingUser {
  id: string;
  fullName?: string;
  name?: string;
  username?: string;
}

export interface SummaryItem {
  question: string;
  code?: string;
  answer: string | number | null;
  answerText?: string | null;
  triggered: boolean;
  triggeredItems?: string[];
  comments: { authorName?: string; author?: string; at?: string; date?: string; content?: string; text?: string }[];
}

export interface AssessmentSummary {
  child: ChildInformation & Record<string, unknown>;
  caregivers: Caregiver[];
  glance: { domains: { name: string; actionable: number; [key: string]: unknown }[] };
  domains: { name: string; caregiverName?: string | null; items: SummaryItem[] }[];
  narrative: Narrative;
  recommendations: Recommendation[] | string[];
  [key: string]: unknown;
}

/** The answer of GET /children/lookup: the latest assessment of a PID, and what the form does next. */
export interface ChildLookupAnswer extends ChildLookup {
  outcome?:
    | { kind: 'none' }
    | { kind: 'open-approved'; assessmentId: string }
    | { kind: 'prefill-from-approved'; assessmentId: string; prefill: Partial<ChildInformation> }
    | { kind: 'confirm-edit-unapproved'; assessmentId: string; message: string };
  /** The server's question when caregivers of this FAMILY ID exist elsewhere. */
  familyPrompt?: string | null;
}

/** Users an assessment can be shared with or reassigned to: a list, or the list with the shares others granted. */
export type SiblingUserOptions = SiblingUser[] | { users?: SiblingUser[]; siblingUsers?: SiblingUser[]; keptShares?: string[] };

export const optionId = (item: OptionItem | string): string => (typeof item === 'string' ? item : item.id);
export const optionName = (item: OptionItem | string): string => (typeof item === 'string' ? item : item.name);

/** A row of GET /api/assessments (the lists). */
export interface AssessmentRow extends RaRecord {
  id: string;
  cin: string;
  fullName: string;
  assessmentType?: string;
  statusCode: StatusCode;
  statusLabel: string;
  dayCount?: number | null;
  dateOfAssessment: string;
  ownerName: string;
  agencyName?: string | null;
  updatedAt: string;
  nextDueDate?: string | null;
  includedInReports?: boolean;
  actions: Partial<AssessmentActions>;
}
