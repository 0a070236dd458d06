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
import { indexInstrument, isActionable } from '@cans/domain/library/instrument/instrument-tree';
import { ResolvedChildLabels, resolveChildLabels } from '@cans/domain/administration/child-labels.fields';
import { Domain, Module, RATINGS, USEFUL_STRENGTH_RATINGS } from '@cans/domain/library/instrument/instrument.types';
import {
  ASSESSMENT_STATUS_CODES,
  ASSESSMENT_STATUS_LABELS,
  AssessmentState,
  Caregiver,
  DEFAULT_ASSESSMENT_TYPES,
  DEFAULT_LOOKED_AFTER_STATUSES,
  GENDERS,
  GeneratedRecommendations,
  NARRATIVE_FIELDS,
  NARRATIVE_LABELS,
  Narrative,
  assessmentProgress,
  caregiverDisplayName,
  evaluatorAnswersOf,
  generateRecommendations,
  questionnaireAgeOf,
  visibleQuestionsOf,
} from '@cans/domain/assessments';
import type {
  UserNames,
  SummaryInput,
  SummaryChild,
  SummaryAssessmentInfo,
  SummaryCaregiver,
  RatingCounts,
  GlanceDomain,
  Glance,
  SummaryComment,
  SummaryItem,
  SummaryDomain,
  SummaryNarrativeField,
  StatusReason,
  AssessmentSummary,
  PrintableAssessment,
} from './assessment-summary.types';

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
  labels: ResolvedChildLabels;
}

function build(input: SummaryInput, mode: 'summary' | 'print'): Built {
  const { state, library, names } = input;
  if (!state.exists || !state.child) throw new Error(`Assessment ${state.assessmentId} has no child information`);
  const child = state.child;
  const types = input.assessmentTypes ?? DEFAULT_ASSESSMENT_TYPES;
  const statuses = input.lookedAfterStatuses ?? DEFAULT_LOOKED_AFTER_STATUSES;

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
    lookedAfterStatusName:
      child.lookedAfterStatus === null ? null : (statuses.find((s) => s.id === child.lookedAfterStatus)?.name ?? child.lookedAfterStatus),
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
  for (const comment of Object.values(state.comments).sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId.localeCompare(b.commentId),
  )) {
    const key = `${comment.questionCode}|${comment.caregiverId ?? ''}`;
    const list = commentsByItem.get(key) ?? [];
    list.push({
      commentId: comment.commentId,
      content: comment.content,
      authorId: comment.authorId,
      authorName: nameOf(names, comment.authorId),
      at: comment.savedAt,
    });
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
    labels: resolveChildLabels(input.labels),
  };
}

/** The CANS Summary of an assessment. */
export function buildAssessmentSummary(input: SummaryInput): AssessmentSummary {
  const b = build(input, 'summary');
  return {
    assessment: b.info,
    child: b.child,
    caregivers: b.caregivers,
    glance: b.glance,
    domains: b.domains,
    narrative: b.narrative,
    narrativeSections: b.narrativeSections,
    recommendations: b.recommendations,
    labels: b.labels,
  };
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
    labels: b.labels,
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
