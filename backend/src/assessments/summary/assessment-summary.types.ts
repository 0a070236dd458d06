/** The shapes of the CANS Summary and the printable assessment (built by assessment-summary.ts, drawn by assessment-pdf.ts). */
import type { Rating, RatingMeaning } from '@cans/domain/library/instrument/instrument.types';
import type { ResolvedChildLabels } from '@cans/domain/administration/child-labels.fields';
import type {
  AssessmentState,
  ChildInformation,
  GeneratedRecommendations,
  LabelConfigEntry,
  Narrative,
  QuestionnaireLibrary,
} from '@cans/domain/assessments';
import type { AsOfMark } from '../history/assessment-points.service';

/** Display names of the users an assessment mentions (owner, comment authors, approver), by user id. */
export type UserNames = ReadonlyMap<string, string>;

export interface SummaryInput {
  readonly state: AssessmentState;
  readonly library: QuestionnaireLibrary;
  readonly names: UserNames;
  /** The deployment's assessment types (option list "Initialized"); defaults to the spec's three. */
  readonly assessmentTypes?: ReadonlyArray<{ id: string; name: string }>;
  /** The deployment's looked-after statuses (option list "Foster Care Status"); defaults to the spec's four. */
  readonly lookedAfterStatuses?: ReadonlyArray<{ id: string; name: string }>;
  readonly serviceCoordinationPhone?: string;
  /** The child info label configuration (renamed and hidden fields); the defaults when left out. */
  readonly labels?: readonly LabelConfigEntry[];
}

export interface SummaryChild extends ChildInformation {
  readonly fullName: string;
  readonly genderName: string;
  /** Whole years at the date of assessment (the age the questionnaire used). */
  readonly ageAtAssessment: number;
  /** The looked-after status's name in the "Foster Care Status" list (the child stores its id). */
  readonly lookedAfterStatusName: string | null;
}

export interface SummaryAssessmentInfo {
  readonly id: string;
  readonly status: AssessmentState['status'];
  readonly statusCode: string;
  readonly statusLabel: string;
  readonly assessmentType: string;
  readonly assessmentTypeName: string;
  readonly ownerId: string;
  readonly ownerName: string;
  readonly agencyId: string | null;
  readonly createdAt: string | null;
  readonly lastModifiedAt: string | null;
  readonly completedAt: string | null;
  readonly approvedAt: string | null;
  readonly approvedByName: string | null;
  readonly includedInReports: boolean;
  readonly libraryVersion: string | null;
}

export interface SummaryCaregiver {
  readonly caregiverId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  /** Relationship group (Parent/Guardian, Substitute Caregiver) or null when not set yet. */
  readonly relationship: string | null;
  /** The role inside the group (spec otherRole). */
  readonly role: string | null;
  readonly genderName: string | null;
  /** A ten-digit phone shown with dashes (spec "a ten-digit phone is displayed with dashes on view"). */
  readonly phone: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly county: string | null;
  readonly cin: string | null;
}

export type RatingCounts = Record<Rating, number>;

/** One bar group of the glance chart: a domain (a caregiver domain once per caregiver). */
export interface GlanceDomain {
  readonly domainCode: string;
  readonly name: string;
  readonly caregiverId: string | null;
  readonly caregiverName: string | null;
  /** "Domain (Caregiver Name)" for a caregiver domain instance. */
  readonly title: string;
  readonly ratingMeaning: RatingMeaning;
  /** Visible items rated with one of the domain's actionable ratings. */
  readonly actionable: number;
  /** Strength domains: items rated 0 or 1 (strengths to use). Always 0 for need domains. */
  readonly useful: number;
  /** Visible items rated, per rating. */
  readonly counts: RatingCounts;
  readonly rated: number;
  /** Visible items. */
  readonly total: number;
}

export interface Glance {
  readonly domains: readonly GlanceDomain[];
  /** Total Actionable Items (TAI) of the assessment. */
  readonly totalActionable: number;
  readonly totalUseful: number;
  readonly counts: RatingCounts;
}

export interface SummaryComment {
  readonly commentId: string;
  readonly content: string;
  readonly authorId: string;
  readonly authorName: string;
  /** When it was last saved. */
  readonly at: string;
}

export interface SummaryItem {
  readonly questionCode: string;
  readonly question: string;
  readonly shortName: string | null;
  /** Plain text of the question's description (print only; empty in the summary). */
  readonly description: string;
  /** Names of the enclosing modules, outermost first. */
  readonly moduleNames: readonly string[];
  readonly answer: Rating | null;
  /** The description of the chosen answer (empty when unanswered). */
  readonly answerText: string;
  readonly actionable: boolean;
  /** Shown because a question rule fired (the question or an enclosing module is a triggered one). */
  readonly triggered: boolean;
  readonly comments: readonly SummaryComment[];
}

export interface SummaryDomain {
  readonly domainCode: string;
  readonly name: string;
  readonly caregiverId: string | null;
  readonly caregiverName: string | null;
  readonly title: string;
  readonly ratingMeaning: RatingMeaning;
  /** Modules of this domain instance that a rule opened (spec triggeredModules), by name. */
  readonly triggeredModules: readonly string[];
  /** Questions shown because a rule fired, by name (spec triggeredQuestions). */
  readonly triggeredQuestions: readonly string[];
  readonly progress: { readonly answered: number; readonly total: number; readonly percentage: number; readonly label: string };
  readonly items: readonly SummaryItem[];
}

export interface SummaryNarrativeField {
  readonly field: string;
  readonly label: string;
  readonly text: string;
}

export interface StatusReason {
  readonly kind: 'return' | 'close';
  readonly reason: string;
  readonly byName: string;
  readonly at: string;
}

export interface AssessmentSummary {
  readonly assessment: SummaryAssessmentInfo;
  readonly child: SummaryChild;
  readonly caregivers: readonly SummaryCaregiver[];
  readonly glance: Glance;
  readonly domains: readonly SummaryDomain[];
  /** The narrative as stored (same shape as the editor's). */
  readonly narrative: Narrative;
  /** The narrative's sections with their labels, in order (what the pages print). */
  readonly narrativeSections: readonly SummaryNarrativeField[];
  readonly recommendations: GeneratedRecommendations;
  /** The child info labels by field name (spec 002 §3): what the pages and PDFs call each field, and whether it shows. */
  readonly labels: ResolvedChildLabels;
  /** Present when it shows the assessment as it was at a past point (issue 16): the pages and PDFs say "As of …". */
  readonly asOf?: AsOfMark;
}

export interface PrintableAssessment extends AssessmentSummary {
  readonly reasons: readonly StatusReason[];
}
