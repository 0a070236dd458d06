import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@cans/domain/domain-errors';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { AssessmentContextService, BuiltContext } from '../commands/assessment-context.service';
import {
  ACTION_GATES,
  ASSESSMENT_STATUS_CODES,
  ASSESSMENT_STATUS_LABELS,
  AssessmentActions,
  AssessmentState,
  Caregiver,
  ChildInformation,
  GeneratedRecommendations,
  Narrative,
  RULE_MESSAGES,
  assessmentActions,
  generateRecommendations,
  isViewOnlyFor,
} from '@cans/domain/assessments';
import type { AssessmentLibrary } from '../library/assessment-library.service';
import { optionItemName } from '@cans/domain/administration/option-lists.decider';
import { QuestionnaireView, WireRating, questionnaireView, toWireRating } from './questionnaire-view';

export interface AssessmentCommentView {
  commentId: string;
  questionCode: string;
  caregiverId: string | null;
  content: string;
  authorId: string;
  authorName: string;
  at: string;
}

export interface AssessmentReasonView {
  kind: 'return' | 'close';
  reason: string;
  byId: string;
  byName: string;
  at: string;
}

export interface AssessmentView {
  id: string;
  revision: number;
  status: string;
  statusCode: string;
  statusLabel: string;
  assessmentType: string;
  assessmentTypeName: string;
  ownerId: string;
  ownerName: string;
  agencyId: string | null;
  agencyName: string | null;
  previousAssessmentId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  completedAt: string | null;
  approvedAt: string | null;
  libraryVersion: string | null;
  child: ChildInformation | null;
  caregivers: Caregiver[];
  narrative: Narrative;
  childRatings: Record<string, WireRating>;
  caregiverRatings: Record<string, Record<string, WireRating>>;
  comments: AssessmentCommentView[];
  reasons: AssessmentReasonView[];
  includedInReports: boolean;
  sharedWith: string[];
  /** Spec oldData: a later assessment of the same child exists. */
  oldData: boolean;
  /** Spec isSelfCase. */
  isOwnCase: boolean;
  /** Spec onlyView: nothing of the record or questionnaire can be changed by this user. */
  readOnly: boolean;
  questionnaire: QuestionnaireView;
  recommendations: GeneratedRecommendations[];
  actions: AssessmentActions;
}

/** Every action off (a past state's view): built from the action list, so a new action is off here too. */
const NO_ACTIONS = Object.fromEntries(Object.keys(ACTION_GATES).map((action) => [action, false])) as unknown as AssessmentActions;

/**
 * Builds the editor's view of one assessment (GET /assessments/:id and every command answer) from its aggregate
 * state: the stream is the source, so a view right after a command is exact without waiting for projections.
 */
@Injectable()
export class AssessmentViewService {
  constructor(
    private readonly contexts: AssessmentContextService,
    private readonly access: AssessmentAccessService,
  ) {}

  /** The view for a reader; 404 when it does not exist, is deleted or the reader may not see it (IDOR). */
  async get(principal: AssessmentPrincipal, assessmentId: string): Promise<AssessmentView> {
    const loaded = await this.contexts.load(assessmentId);
    const built = await this.contexts.build(principal, loaded.state);
    if (!loaded.state.exists || loaded.state.status === 'deleted' || !built.context.rowAccess.canView)
      throw new NotFoundError(RULE_MESSAGES.notFound);
    return this.render(loaded.state, loaded.revision === 'no_stream' ? -1 : loaded.revision, built);
  }

  /** The view after a command, with a context rebuilt for reading (old data, row access after e.g. a reassign). */
  async afterChange(principal: AssessmentPrincipal, state: AssessmentState, revision: number): Promise<AssessmentView> {
    return this.render(state, revision, await this.contexts.build(principal, state));
  }

  /** `pastState`: a state rebuilt as of a past point (audit) — nothing of it can be changed, so no action is offered. */
  async render(state: AssessmentState, revision: number, built: BuiltContext, pastState = false): Promise<AssessmentView> {
    const { context, library } = built;
    const names = await this.access.userNames([
      state.ownerId,
      ...Object.values(state.comments).map((c) => c.authorId),
      ...state.statusComments.map((c) => c.authorId),
    ]);
    const nameOf = (id: string) => names.get(id) ?? '';
    const agencyName = state.agencyId ? ((await this.access.agencyNames([state.agencyId])).get(state.agencyId) ?? null) : null;
    const caregiverRatings: Record<string, Record<string, WireRating>> = {};
    for (const [caregiverId, ratings] of Object.entries(state.caregiverRatings)) {
      caregiverRatings[caregiverId] = Object.fromEntries(Object.entries(ratings).map(([code, r]) => [code, toWireRating(r)!]));
    }
    return {
      id: state.assessmentId,
      revision,
      status: state.status,
      statusCode: ASSESSMENT_STATUS_CODES[state.status],
      statusLabel: ASSESSMENT_STATUS_LABELS[state.status],
      assessmentType: state.assessmentType,
      // The configured "Initialized" list (the context reads it): a renamed type shows its new name.
      assessmentTypeName: optionItemName(context.childForm?.assessmentTypes ?? [], state.assessmentType),
      ownerId: state.ownerId,
      ownerName: nameOf(state.ownerId),
      agencyId: state.agencyId,
      agencyName,
      previousAssessmentId: state.previousAssessmentId,
      createdAt: state.createdAt,
      updatedAt: state.lastModifiedAt,
      completedAt: state.completedAt,
      approvedAt: state.approvedAt,
      libraryVersion: state.libraryVersion?.version ?? null,
      child: state.child,
      caregivers: [...state.caregivers],
      narrative: state.narrative,
      childRatings: Object.fromEntries(Object.entries(state.childRatings).map(([code, r]) => [code, toWireRating(r)!])),
      caregiverRatings,
      comments: Object.values(state.comments)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId.localeCompare(b.commentId))
        .map((c) => ({
          commentId: c.commentId,
          questionCode: c.questionCode,
          caregiverId: c.caregiverId,
          content: c.content,
          authorId: c.authorId,
          authorName: nameOf(c.authorId),
          at: c.savedAt,
        })),
      reasons: state.statusComments.map((c) => ({
        kind: c.kind === 'returned' ? 'return' : 'close',
        reason: c.content,
        byId: c.authorId,
        byName: nameOf(c.authorId),
        at: c.at,
      })),
      includedInReports: state.includedInReports,
      sharedWith: [...state.sharedWith],
      oldData: context.oldData === true,
      isOwnCase: context.rowAccess.isOwnCase,
      readOnly: pastState || isViewOnlyFor(state, context),
      questionnaire: library
        ? questionnaireView(state, library)
        : { libraryVersion: '', domains: [], progress: 0, allDomainsComplete: false },
      recommendations: library && state.child ? [generateRecommendations(state, library)] : [],
      actions: pastState ? NO_ACTIONS : assessmentActions(state, context),
    };
  }
}

export type { AssessmentLibrary };
