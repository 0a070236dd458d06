/* The answers of GET /api/assessments/:id/summary and /print, as the summary views read them. */
import type { Rating } from '../shared/ratings';
import type { WireRating } from './assessment-types';

export interface SummaryComment {
  commentId: string;
  content: string;
  authorName: string;
  at: string;
}

export interface SummaryItem {
  questionCode: string;
  question: string;
  description?: string;
  moduleNames?: string[];
  answer: Rating | WireRating | null;
  answerText: string;
  actionable: boolean;
  triggered: boolean;
  comments: SummaryComment[];
}

export interface SummaryDomain {
  domainCode: string;
  name: string;
  caregiverName: string | null;
  title: string;
  triggeredModules: string[];
  triggeredQuestions: string[];
  progress?: { label: string; percentage: number };
  items: SummaryItem[];
}

export interface GlanceDomain {
  domainCode: string;
  title: string;
  name: string;
  actionable: number;
  useful: number;
  counts: Record<string, number>;
  rated: number;
  total: number;
  caregiverId: string | null;
}

export interface SummaryData {
  assessment: {
    id: string;
    statusCode: string;
    statusLabel: string;
    assessmentTypeName: string;
    ownerName: string;
    approvedByName?: string | null;
    lastModifiedAt?: string | null;
    completedAt?: string | null;
    approvedAt?: string | null;
  };
  child: Record<string, unknown> & {
    fullName: string;
    cin: string;
    genderName?: string;
    ageAtAssessment?: number;
    dateOfBirth?: string;
    dateOfAssessment?: string;
  };
  caregivers: {
    caregiverId: string;
    name: string;
    firstName: string;
    lastName: string;
    relationship: string | null;
    role: string | null;
    phone: string | null;
    address: string | null;
    city: string | null;
    zip: string | null;
    county: string | null;
  }[];
  glance: { domains: GlanceDomain[]; totalActionable: number; totalUseful?: number };
  domains: SummaryDomain[];
  narrativeSections?: { field: string; label: string; text: string }[];
  recommendations?: { text?: string; count?: number; needs?: { text: string }[]; strengths?: { text: string }[] };
  reasons?: { kind: string; reason: string; byName: string; at: string }[];
  /** The child info labels by field name (GENDER, Assessor …): the name each field shows with, and whether it shows. */
  labels?: Record<string, { displayName: string; visible: boolean }>;
}
