/**
 * The CANS Summary and the printable assessment (spec 000 "The summary page …", routes /assessment/summarycase/{id}
 * and /assessment/print/{id}; spec 001 Quick Glance "Domain Overview"), built from an assessment's folded state and
 * the library version it was started on. Pure: no Nest, no store; the service passes names it looked up.
 *
 * - Summary: child info, caregivers, the glance chart (per domain: how many visible items are rated actionable,
 *   how many strengths are there to use, and the count of each rating), the domains with each RATED visible
 *   question (answer, the answer's description, whether a rule brought it in, its comments), the narrative and the
 *   generated recommendations.
 * - Print: the full assessment: every visible question of every domain (answered or not, with its description),
 *   the domains' progress, the caregivers in full, narrative, question comments and the return / close reasons.
 *
 * Actionable follows the library: a rating is actionable when it is in its domain's actionableRatings (needs and
 * strengths both 2 and 3, library/instrument/instrument.types.ts); a strength rated 0 or 1 is a useful strength
 * (USEFUL_STRENGTH_RATINGS). Only visible questions count, like everywhere else (a rating left behind by a closed
 * module is not shown and not counted).
 */
import { indexInstrument, isActionable } from '../../library/instrument/instrument-tree';
import { Domain, Module, RATINGS, Rating, RatingMeaning, USEFUL_STRENGTH_RATINGS } from '../../library/instrument/instrument.types';
import {
  ASSESSMENT_STATUS_CODES,
  ASSESSMENT_STATUS_LABELS,
  AssessmentState,
  Caregiver,
  ChildInformation,
  DEFAULT_ASSESSMENT_TYPES,
  GENDERS,
  GeneratedRecommendations,
  NARRATIVE_FIELDS,
  NARRATIVE_LABELS,
  Narrative,
  QuestionnaireLibrary,
  assessmentProgress,
  caregiverDisplayName,
  evaluatorAnswersOf,
  generateRecommendations,
  questionnaireAgeOf,
  visibleQuestionsOf,
} from '../domain';

/** Display names of the users an assessment mentions (owner, comment authors, approver), by user id. */
export type UserNames = ReadonlyMap<string, string>;

export interface SummaryInput {
  readonly state: AssessmentState;
  readonly library: QuestionnaireLibrary;
  readonly names: UserNames;
  /** The deployment's assessment types (option list "Initialized"); defaults to the spec's three. */
  readonly assessmentTypes?: ReadonlyArray<{ id: string; name: string }>;
  readonly serviceCoordinationPhone?: string;
}

export interface SummaryChild extends ChildInformation {
  readonly fullName: string;
  readonly genderName: string;
  /** Whole years at the date of assessment (the age the questionnaire used). */
  readonly ageAtAssessment: number;
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
}

export interface PrintableAssessment extends AssessmentSummary {
  readonly reasons: readonly StatusReason[];
}

const emptyCounts = (): RatingCounts => Object.fromEntries(RATINGS.map((r) => [r, 0])) as RatingCounts;

/** Rich-text HTML (the library's descriptions) as plain text for print. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "5550102000" → "555-010-2000"; other values unchanged. */
export function displayPhone(phone: string | null): string | null {
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  return /^\d{10}$/.test(phone.trim()) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

const nameOf = (names: UserNames, userId: string | null): string => (userId ? (names.get(userId) ?? userId) : '');

function caregiverView(caregiver: Caregiver): SummaryCaregiver {
  return {
    caregiverId: caregiver.caregiverId,
    firstName: caregiver.firstName,
    lastName: caregiver.lastName,
    name: caregiverDisplayName(caregiver),
    relationship: caregiver.relationship?.group ?? null,
    role: caregiver.relationship?.role ?? null,
    genderName: caregiver.gender ? GENDERS[caregiver.gender] : null,
    phone: displayPhone(caregiver.phone),
    address: caregiver.address,
    city: caregiver.city,
    zip: caregiver.zip,
    county: caregiver.county,
    cin: caregiver.cin,
  };
}

interface Built {
  info: SummaryAssessmentInfo;
  child: SummaryChild;
  caregivers: SummaryCaregiver[];
  glance: Glance;
  domains: SummaryDomain[];
  narrative: Narrative;
  narrativeSections: SummaryNarrativeField[];
  recommendations: GeneratedRecommendations;
}

function build(input: SummaryInput, mode: 'summary' | 'print'): Built {
  const { state, library, names } = input;
  if (!state.exists || !state.child) throw new Error(`Assessment ${state.assessmentId} has no child information`);
  const child = state.child;
  const types = input.assessmentTypes ?? DEFAULT_ASSESSMENT_TYPES;

  const info: SummaryAssessmentInfo = {
    id: state.assessmentId,
    status: state.status,
    statusCode: ASSESSMENT_STATUS_CODES[state.status],
    statusLabel: ASSESSMENT_STATUS_LABELS[state.status],
    assessmentType: state.assessmentType,
    assessmentTypeName: types.find((t) => t.id === state.assessmentType)?.name ?? state.assessmentType,
    ownerId: state.ownerId,
    ownerName: nameOf(names, state.ownerId),
    agencyId: state.agencyId,
    createdAt: state.createdAt,
    lastModifiedAt: state.lastModifiedAt,
    completedAt: state.completedAt,
    approvedAt: state.approvedAt,
    approvedByName: state.approvedBy ? nameOf(names, state.approvedBy) : null,
    includedInReports: state.includedInReports,
    libraryVersion: state.libraryVersion?.version ?? null,
  };

  const summaryChild: SummaryChild = {
    ...child,
    fullName: `${child.firstName} ${child.lastName}`.trim(),
    genderName: GENDERS[child.gender] ?? child.gender,
    ageAtAssessment: questionnaireAgeOf(child),
  };

  const index = indexInstrument(library.instrument);
  const domainsByCode = new Map<string, Domain>(library.instrument.domains.map((d) => [d.code, d]));
  const moduleName = (code: string): string => {
    const node = index.byCode.get(code)?.node as Module | undefined;
    return node?.name ?? code;
  };
  const answers = evaluatorAnswersOf(state);
  const progress = assessmentProgress(state, library);
  const progressOf = new Map(progress.domains.map((p) => [`${p.domainCode}|${p.caregiverId ?? ''}`, p]));

  const commentsByItem = new Map<string, SummaryComment[]>();
  for (const comment of Object.values(state.comments).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId.localeCompare(b.commentId))) {
    const key = `${comment.questionCode}|${comment.caregiverId ?? ''}`;
    const list = commentsByItem.get(key) ?? [];
    list.push({ commentId: comment.commentId, content: comment.content, authorId: comment.authorId, authorName: nameOf(names, comment.authorId), at: comment.savedAt });
    commentsByItem.set(key, list);
  }

  interface Group {
    domain: Domain;
    caregiverId: string | null;
    caregiverName: string | null;
    items: SummaryItem[];
    triggeredModules: Set<string>;
    triggeredQuestions: string[];
    glance: { actionable: number; useful: number; counts: RatingCounts; rated: number; total: number };
  }
  const groups = new Map<string, Group>();
  for (const q of visibleQuestionsOf(state, library)) {
    const domain = domainsByCode.get(q.domainCode);
    if (!domain) continue;
    const key = `${q.domainCode}|${q.caregiverId ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      const caregiver = q.caregiverId === null ? undefined : state.caregivers.find((c) => c.caregiverId === q.caregiverId);
      group = {
        domain,
        caregiverId: q.caregiverId,
        caregiverName: caregiver ? caregiverDisplayName(caregiver) : null,
        items: [],
        triggeredModules: new Set(),
        triggeredQuestions: [],
        glance: { actionable: 0, useful: 0, counts: emptyCounts(), rated: 0, total: 0 },
      };
      groups.set(key, group);
    }
    const rating = answers[q.answerKey];
    const actionable = isActionable(domain, rating);
    group.glance.total += 1;
    if (rating !== undefined) {
      group.glance.rated += 1;
      group.glance.counts[rating] += 1;
      if (actionable) group.glance.actionable += 1;
      if (domain.ratingMeaning === 'strength' && USEFUL_STRENGTH_RATINGS.includes(rating)) group.glance.useful += 1;
    }
    if (q.triggered) {
      // Which node a rule opened: the question itself, or its outermost triggered-only module.
      const gatedModule = q.moduleCodes.find((code) => (index.byCode.get(code)?.node as Module | undefined)?.triggeredOnly);
      if (gatedModule) group.triggeredModules.add(moduleName(gatedModule));
      else group.triggeredQuestions.push(q.question.name);
    }
    if (mode === 'summary' && rating === undefined) continue;
    group.items.push({
      questionCode: q.code,
      question: q.question.name,
      shortName: q.question.shortName ?? null,
      description: mode === 'print' ? htmlToText(q.question.description) : '',
      moduleNames: q.moduleCodes.map(moduleName),
      answer: rating ?? null,
      answerText: rating === undefined ? '' : (q.question.answers[rating] ?? ''),
      actionable,
      triggered: q.triggered,
      comments: commentsByItem.get(`${q.code}|${q.caregiverId ?? ''}`) ?? [],
    });
  }

  const domains: SummaryDomain[] = [];
  const glanceDomains: GlanceDomain[] = [];
  const totals = emptyCounts();
  for (const [key, group] of groups) {
    const title = group.caregiverName === null ? group.domain.name : `${group.domain.name} (${group.caregiverName})`;
    const p = progressOf.get(key);
    domains.push({
      domainCode: group.domain.code,
      name: group.domain.name,
      caregiverId: group.caregiverId,
      caregiverName: group.caregiverName,
      title,
      ratingMeaning: group.domain.ratingMeaning,
      triggeredModules: [...group.triggeredModules],
      triggeredQuestions: group.triggeredQuestions,
      progress: p
        ? { answered: p.answered, total: p.total, percentage: p.percentage, label: p.label }
        : { answered: group.glance.rated, total: group.glance.total, percentage: 0, label: '0% Completed' },
      items: group.items,
    });
    glanceDomains.push({
      domainCode: group.domain.code,
      name: group.domain.name,
      caregiverId: group.caregiverId,
      caregiverName: group.caregiverName,
      title,
      ratingMeaning: group.domain.ratingMeaning,
      ...group.glance,
    });
    for (const r of RATINGS) totals[r] += group.glance.counts[r];
  }

  return {
    info,
    child: summaryChild,
    caregivers: state.caregivers.map(caregiverView),
    glance: {
      domains: glanceDomains,
      totalActionable: glanceDomains.reduce((sum, d) => sum + d.actionable, 0),
      totalUseful: glanceDomains.reduce((sum, d) => sum + d.useful, 0),
      counts: totals,
    },
    domains,
    narrative: state.narrative,
    narrativeSections: NARRATIVE_FIELDS.map((field) => ({ field, label: NARRATIVE_LABELS[field], text: state.narrative[field] })),
    recommendations: generateRecommendations(state, library, { serviceCoordinationPhone: input.serviceCoordinationPhone }),
  };
}

/** The CANS Summary of an assessment. */
export function buildAssessmentSummary(input: SummaryInput): AssessmentSummary {
  const b = build(input, 'summary');
  return { assessment: b.info, child: b.child, caregivers: b.caregivers, glance: b.glance, domains: b.domains, narrative: b.narrative, narrativeSections: b.narrativeSections, recommendations: b.recommendations };
}

/** The full printable assessment. */
export function buildPrintableAssessment(input: SummaryInput): PrintableAssessment {
  const b = build(input, 'print');
  const reasons: StatusReason[] = input.state.statusComments.map((c) => ({
    kind: c.kind === 'returned' ? 'return' : 'close',
    reason: c.content,
    byName: nameOf(input.names, c.authorId),
    at: c.at,
  }));
  return {
    assessment: b.info,
    child: b.child,
    caregivers: b.caregivers,
    glance: b.glance,
    domains: b.domains,
    narrative: b.narrative,
    narrativeSections: b.narrativeSections,
    recommendations: b.recommendations,
    reasons,
  };
}

/** Every user id the summary or print names (owner, approver, comment and reason authors). */
export function mentionedUserIds(state: AssessmentState): string[] {
  const ids = new Set<string>([state.ownerId]);
  if (state.approvedBy) ids.add(state.approvedBy);
  for (const c of Object.values(state.comments)) ids.add(c.authorId);
  for (const c of state.statusComments) ids.add(c.authorId);
  return [...ids].filter(Boolean);
}
