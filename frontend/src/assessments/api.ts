/*
 * Wire types and calls of the assessments API (docs/api.md "Assessments"). Every call goes through the shared
 * httpClient so writes remember X-Event-Position and later reads wait for the projections (read-your-writes).
 */
import { HttpError } from 'react-admin';
import { API_URL, httpClient } from '../providers/dataProvider';

export type StatusCode = 'i' | 'r' | 'c' | 'a' | 'e' | 'd';
export type Rating = 0 | 1 | 2 | 3 | 4 | 'NA';
export type RatingKey = '0' | '1' | '2' | '3' | '4' | 'NA';
export const RATING_KEYS: readonly RatingKey[] = ['0', '1', '2', '3', '4', 'NA'];

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
  answers: Partial<Record<RatingKey, string>>;
  rating: Rating | null;
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

export interface RatingResult {
  revision: number;
  position?: number;
  questionnaire: Questionnaire;
  triggered: { modules: string[]; questions: string[] };
  progress: number;
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
  slices: { rating: RatingKey; count: number; percent: number }[];
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

/** A 400/409 answer turned into something a form can show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
  }
}

/** field → first message, from either {errors:{field:[..]}} or {errors:[{field,message}]}. */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object' || !('errors' in body)) return out;
  const errors = (body as { errors: unknown }).errors;
  if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (entry && typeof entry === 'object' && 'field' in entry) {
        const { field, message } = entry as { field: string; message: unknown };
        if (!out[field]) out[field] = Array.isArray(message) ? String(message[0]) : String(message);
      }
    }
  } else if (errors && typeof errors === 'object') {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (first !== undefined) out[field.replace(/^child\./, '')] = String(first);
    }
  }
  return out;
}

const asApiError = (error: unknown): Error => {
  if (error instanceof HttpError) {
    return new ApiError(error.message || 'Error', error.status, fieldErrorsOf(error.body));
  }
  return error instanceof Error ? error : new Error(String(error));
};

export async function apiGet<T>(path: string): Promise<T> {
  try {
    const { json } = await httpClient(`${API_URL}${path}`);
    return json as T;
  } catch (error) {
    throw asApiError(error);
  }
}

export async function apiSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  try {
    const { json } = await httpClient(`${API_URL}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return json as T;
  } catch (error) {
    throw asApiError(error);
  }
}

export const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Error');

export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

export const STALE_MESSAGE = 'This assessment was changed by someone else. The latest version is now shown: please check it and try again.';

/**
 * The message of a 409: the server's own words for a refused transition ("An assessment that is … cannot be …");
 * for a stale revision the event store's message names streams and revisions, so the screen says it plainly.
 */
export const conflictMessage = (error: unknown): string => {
  const message = errorMessage(error);
  return /changed by someone else/i.test(message) ? STALE_MESSAGE : message;
};

/** Spec §9: date display MM/dd/yyyy. Accepts 'yyyy-MM-dd' or an ISO timestamp. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  if (value.length > 10) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return `${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;
    }
  }
  return `${match[2]}/${match[3]}/${match[1]}`;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDate(value)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A ten-digit phone is shown as xxx-xxx-xxxx (spec §5). */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{10}$/.test(phone.trim()) ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone;
}

export const ratingLabel = (rating: Rating | RatingKey | null | undefined): string =>
  rating === null || rating === undefined ? '' : rating === 'NA' ? 'N/A' : String(rating);

export const optionId = (item: OptionItem | string): string => (typeof item === 'string' ? item : item.id);
export const optionName = (item: OptionItem | string): string => (typeof item === 'string' ? item : item.name);

export const assessmentPaths = {
  list: '/assessment/list',
  overdues: '/assessment/overdues',
  add: '/assessment/childinfo/add',
  edit: (id: string) => `/assessment/childinfo/edit/${encodeURIComponent(id)}`,
  view: (id: string) => `/assessment/childinfo/view/${encodeURIComponent(id)}`,
  editApproved: (id: string) => `/assessment/approvechildinfo/edit/${encodeURIComponent(id)}`,
  summary: (id: string) => `/assessment/summarycase/${encodeURIComponent(id)}`,
  print: (id: string) => `/assessment/print/${encodeURIComponent(id)}`,
};

/** The address of an app route, for links that open a new tab (summary and print, spec §2): routes are paths. */
export const appHref = (path: string): string => path;

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
