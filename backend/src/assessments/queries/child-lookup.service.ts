import { Inject, Injectable } from '@nestjs/common';
import {
  ASSESSMENT_CHILDREN_COLLECTION,
  ASSESSMENT_LIST_COLLECTION,
  AssessmentChildDocument,
  AssessmentListDocument,
  childKeyOf,
  isLaterThan,
} from '@cans/projections/assessments/assessment-list.projection';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { AssessmentContextService, FamilyCaregiver } from '../commands/assessment-context.service';
import {
  ASSESSMENT_STATUS_CODES,
  Caregiver,
  ChildInformation,
  PidLookupOutcome,
  familyBindPrompt,
  pidLookupOutcome,
} from '@cans/domain/assessments';

export interface ChildLookupAnswer {
  found: boolean;
  latest?: {
    assessmentId: string;
    status: string;
    statusCode: string;
    approved: boolean;
    child: ChildInformation;
    caregivers: Caregiver[];
  };
  /** What the form does next (spec §4 "Leaving the cin field …"): none, open-approved, prefill-from-approved, confirm-edit-unapproved. */
  outcome?: PidLookupOutcome;
  familyCaregivers?: FamilyCaregiver[];
  /** The caregiver_bind_familyId question when the family has caregivers elsewhere. */
  familyPrompt?: string | null;
}

/**
 * The child lookups of the child form, over the assessment list read model (projections/src/assessments/
 * assessment-list.projection.ts: assessment_children groups the assessments of one PID; assessment_list is indexed
 * by familyId). Only assessments the actor may see are ever answered: a PID lookup must not reveal another team's
 * child record.
 */
@Injectable()
export class ChildLookupService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
    private readonly contexts: AssessmentContextService,
  ) {}

  /** The live (not deleted) assessments of a PID the actor may see, latest first. */
  async visibleAssessmentsOf(principal: AssessmentPrincipal, cin: string): Promise<AssessmentListDocument[]> {
    const key = childKeyOf(cin);
    if (!key) return [];
    const group = await this.readStore.get<AssessmentChildDocument>(ASSESSMENT_CHILDREN_COLLECTION, key);
    if (!group || group.members.length === 0) return [];
    const rows = await this.readStore.getMany<AssessmentListDocument>(
      ASSESSMENT_LIST_COLLECTION,
      group.members.map((m) => m.id),
    );
    const visible: AssessmentListDocument[] = [];
    for (const row of rows) {
      if ((await this.access.forRecord(principal, row)).rowAccess.canView) visible.push(row);
    }
    const member = (r: AssessmentListDocument) => ({ id: r.id, dateOfAssessment: r.dateOfAssessment, createdAt: r.createdAt });
    return visible.sort((a, b) => (isLaterThan(member(a), member(b)) ? -1 : isLaterThan(member(b), member(a)) ? 1 : 0));
  }

  /** GET /children/lookup: the latest assessment of a PID (approved or not) and the caregivers of a FAMILY ID. */
  async lookup(
    principal: AssessmentPrincipal,
    query: { cin?: string; familyId?: string; mode?: 'add' | 'edit'; assessmentId?: string },
  ): Promise<ChildLookupAnswer> {
    const answer: ChildLookupAnswer = { found: false };
    if (query.cin?.trim()) {
      const [latestRow] = await this.visibleAssessmentsOf(principal, query.cin);
      if (latestRow) {
        const { state } = await this.contexts.load(latestRow.id);
        if (state.exists && state.child) {
          answer.found = true;
          answer.latest = {
            assessmentId: state.assessmentId,
            status: state.status,
            statusCode: ASSESSMENT_STATUS_CODES[state.status],
            approved: state.status === 'approved',
            child: state.child,
            caregivers: [...state.caregivers],
          };
          answer.outcome = pidLookupOutcome(
            { assessmentId: state.assessmentId, status: state.status, child: state.child },
            query.mode ?? 'add',
            query.assessmentId,
          );
        }
      }
      if (!answer.found) answer.outcome = { kind: 'none' };
    }
    if (query.familyId?.trim()) {
      answer.familyCaregivers = await this.contexts.familyCaregivers(principal, query.assessmentId ?? '', query.familyId);
      answer.familyPrompt = familyBindPrompt(answer.familyCaregivers.length);
    }
    return answer;
  }

  /**
   * The child's latest approved assessment a new one continues (spec latestApprovedChildId): the one the form
   * was prefilled from when the client names it and it is an approved, visible assessment of the same PID;
   * otherwise the latest approved visible one of the PID; otherwise none.
   */
  async previousApprovedFor(principal: AssessmentPrincipal, cin: unknown, named?: string | null): Promise<string | null> {
    if (typeof cin !== 'string' || !cin.trim()) return null;
    const approved = (await this.visibleAssessmentsOf(principal, cin)).filter((r) => r.status === 'approved');
    if (named && approved.some((r) => r.id === named)) return named;
    return approved[0]?.id ?? null;
  }
}
