/* Wire types of the reports API (docs/api.md "Reports"; backend/src/reports/). */

export interface Option {
  key: string;
  name: string;
}

export interface FilterOptions {
  assessors: Array<{ id: string; username: string; fullName: string }>;
  agencies: Array<{ id: string; displayName: string }>;
  counties: Array<{ id: string; county: string }>;
  genders: Option[];
  races: Option[];
  languages: Option[];
  welfareStatuses: Option[];
  assessmentTypes: Option[];
  firstAssessor: string | null;
  firstAgency: string | null;
  /** The child info labels by field name (AGENCY, Assessor, COUNTY, GENDER …), spec 002 §3. */
  labels?: Record<string, { displayName: string; visible: boolean; defaultDisplayName: string }>;
}

export interface ReportQuestionDefinition {
  code: string;
  name: string;
  shortName: string | null;
}

export interface ReportDomainDefinition {
  code: string;
  name: string;
  shortName: string | null;
  caregiverItem: boolean;
  questions: ReportQuestionDefinition[];
}

export interface CohortRow {
  id: string;
  cin: string;
  fullName: string;
  gender: string | null;
  raceEthnicity: string | null;
  age: number;
  assessorName: string;
  agency: string | null;
  assessmentType: string;
  dateOfAssessment: string;
}

/** 'NA' or '0'…'4' on the wire of the many-children report. */
export type ReportRating = 'NA' | '0' | '1' | '2' | '3' | '4';

export interface QuestionStatistics {
  code: string;
  questionName: string;
  questionShowName: string | null;
  rated: number;
  ratings: Array<{ rating: ReportRating; count: number; percent: number }>;
  /** Comparison only: too few children outside the user's access rated it, so its counts are hidden (ratings empty). */
  suppressed?: boolean;
}

export interface DomainStatistics {
  code: string;
  name: string;
  shortName: string | null;
  caregiverItem: boolean;
  caregiverCount: number;
  meanScore: number | null;
  standardDeviation: number | null;
  scored: number;
  /** Comparison only: too few scored assessments outside the user's access, so mean and deviation are hidden (null). */
  scoreSuppressed?: boolean;
  questions: QuestionStatistics[];
  moduleCharts: Array<{ code: string; name: string; questions: QuestionStatistics[] }>;
}

export interface ManyChildrenReport {
  childCount: number;
  assessmentCount: number;
  note: string;
  domainScoreDefinition: string;
  domains: DomainStatistics[];
}

/** A report's Quick Glance (docs/api.md "Reports"): glance types 1-2 have the Rating Overview pie, 3-4 the Gender Overview. */
export interface Glance {
  glanceType: 1 | 2 | 3 | 4;
  /** Type 1: the Range of Needs shows only the average. */
  averageOnly: boolean;
  baseInfos: Array<{ key: string; name: string; value: number }>;
  pie: { kind: 'rating' | 'gender'; title: string; slices: Array<{ name: string; value: number }> };
  actionableItems: { maxCount: number; minCount: number; average: number; averageMoreOne: number; averageLessOne: number };
  domainOverview: { ratings: string[]; domains: Array<{ code: string; domainName: string; percents: number[] }> };
}

export interface ComparisonOptions {
  ownAgency: string | null;
  allAgency: Array<{ id: string; displayName: string }>;
  allSupervisors: Array<{ id: string; name: string }>;
  allAssessors: Array<{ id: string; name: string }>;
  allCaseAgency: Array<{ id: string; displayName: string }>;
  showSupervisorFilter: boolean;
  showAssessorFilter: boolean;
  showAgencyCaseFilter: boolean;
}

export type ComparisonResult =
  ({ sufficient: true; message: null } & ManyChildrenReport) | { sufficient: false; childCount: null; message: string; domains: [] };

/** One Child One CANS: a question with this assessment's answer (a number, 'N/A', or '--' not rated). */
export interface AnsweredQuestion {
  code: string;
  questionName: string;
  questionShowName: string | null;
  answer: number | 'N/A' | '--';
}

export interface AnsweredDomain {
  code: string;
  name: string;
  shortName: string | null;
  caregiverItem: boolean;
  questions: AnsweredQuestion[];
  moduleCharts: Array<{ code: string; name: string; questions: AnsweredQuestion[] }>;
}

export interface OneChildOneCansReport {
  child: {
    id: string;
    cin: string;
    fullName: string;
    gender: string | null;
    raceEthnicity: string | null;
    age: number;
    assessorName: string;
    agency: string | null;
    assessmentType: string;
    dateOfAssessment: string;
  };
  otherCases: Array<{ id: string; cin: string; dateOfAssessment: string; assessmentType: string }>;
  domains: AnsweredDomain[];
  caregivers: Array<{ caregiverId: string; name: string; domains: AnsweredDomain[] }>;
}

/** One Child Many CANS step 2: a child (PID) with at least two covered assessments. */
export interface ChildRow {
  id: string;
  cin: string;
  fullName: string;
  gender: string | null;
  agency: string | null;
  assessmentCount: number;
  dateOfAssessment: string;
}

/** One Child Many CANS step 3: one of the child's assessments with its time-point label. */
export interface TimePointRow {
  id: string;
  cin: string;
  dateOfAssessment: string;
  assessorName: string;
  initialized: string;
  timePoint: string;
  order: number;
}

export interface SeriesQuestion {
  code: string;
  questionName: string;
  questionShowName: string | null;
  answers: Array<{ assessmentId: string; answer: number | 'N/A' | '--'; childInfoType: string; childDoA: string; timePoint: string }>;
}

export interface OneChildManyCansReport {
  child: { cin: string; fullName: string; gender: string | null; raceEthnicity: string | null; agency: string | null };
  assessments: Array<{ id: string; dateOfAssessment: string; assessmentType: string; assessorName: string; timePoint: string }>;
  domains: Array<{
    code: string;
    name: string;
    questions: SeriesQuestion[];
    moduleCharts: Array<{ code: string; name: string; questions: SeriesQuestion[] }>;
  }>;
}

/** Many Children Many CANS step 2: a child with its first and last assessment in the filter. */
export interface PairRow {
  id: string;
  cin: string;
  fullName: string;
  assessorName: string;
  agency: string | null;
  assessmentType: string;
  dateOfAssessment: string;
  firstDateOfAssessment: string;
  assessmentCount: number;
  firstFilterId: string;
  lastFilterId: string;
}

export interface ActionableShare {
  actionable: number;
  nonActionable: number;
  notApplicable: number;
  unrated: number;
  actionablePercent: number;
  nonActionablePercent: number;
}

export interface TimePointScore {
  meanScore: number | null;
  standardDeviation: number | null;
  scored: number;
}

export interface PairQuestion {
  code: string;
  questionName: string;
  questionShowName: string | null;
  first: ActionableShare;
  last: ActionableShare;
}

export interface ManyChildrenManyCansReport {
  childCount: number;
  definitions: { timePoints: string; actionable: string; domainScore: string };
  domains: Array<{
    code: string;
    name: string;
    shortName: string | null;
    first: TimePointScore;
    last: TimePointScore;
    questions: PairQuestion[];
    moduleCharts: Array<{ code: string; name: string; questions: PairQuestion[] }>;
  }>;
}
