import { Inject, Injectable } from '@nestjs/common';
import {
  ASSESSMENT_LIST_COLLECTION,
  ASSESSMENT_SHARES_COLLECTION,
  AssessmentListDocument,
  AssessmentShareDocument,
} from '@cans/projections/assessments/assessment-list.projection';
import { AGENCIES_COLLECTION } from '@cans/projections/administration/agencies.projection';
import type { UserDocument } from '@cans/projections/identity/users.projection';
import { AccessActor, AccessDecision, AccessScope, accessScopeFilter } from '../../identity/access/row-access-policy';
import { RowAccessService } from '../../identity/access/row-access.service';
import { UserStatus } from '@cans/domain/identity/identity-rules';
import { IdentityDirectory } from '../../identity/identity-directory';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentRowAccess, AssessmentState, assessmentRowAccessFrom } from '@cans/domain/assessments';

/**
 * The one place the assessments feature talks to the identity layer's row-access policy
 * (identity/access/row-access-policy.ts): for one assessment (commands, the detail, the questionnaire) and as a
 * read-store filter for lists. If the identity API moves, only this adapter changes.
 */
export type AssessmentPrincipal = AccessActor;

/** The record facts the policy reads, from an aggregate state or a list row. */
export interface GuardedAssessment {
  ownerId: string;
  sharedWith: readonly string[];
  agencyId: string | null;
  createdAt: string | null;
}

export interface AssessmentAccessDecision {
  decision: AccessDecision;
  rowAccess: AssessmentRowAccess;
}

export interface SiblingUser {
  id: string;
  fullName: string;
  username: string;
}

/** The list's access filter: the policy's scope, plus the assessments shared with the actor (by id). */
export interface AssessmentListScope {
  scope: AccessScope;
  filter: Filter;
}

/** Shared assessments resolved per request; more than this many is not a realistic caseload. */
const MAX_SHARED_ASSESSMENTS = 10_000;

export const guardedFromState = (state: AssessmentState): GuardedAssessment => ({
  ownerId: state.ownerId,
  sharedWith: state.sharedWith,
  agencyId: state.agencyId,
  createdAt: state.createdAt,
});

@Injectable()
export class AssessmentAccessService {
  constructor(
    private readonly rowAccess: RowAccessService,
    private readonly directory: IdentityDirectory,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** The actor's access to one assessment (not existing: no access). */
  async forState(actor: AssessmentPrincipal, state: AssessmentState): Promise<AssessmentAccessDecision> {
    if (!state.exists) {
      const decision: AccessDecision = { view: false, edit: false, reason: 'none' };
      return { decision, rowAccess: assessmentRowAccessFrom(decision) };
    }
    return this.forRecord(actor, guardedFromState(state));
  }

  async forRecord(actor: AssessmentPrincipal, record: GuardedAssessment): Promise<AssessmentAccessDecision> {
    const decision = await this.rowAccess.decide(actor, { ...record, sharedWith: [...record.sharedWith] });
    return { decision, rowAccess: assessmentRowAccessFrom(decision) };
  }

  /** Everything the actor may see, as a read-store filter over assessment_list (never loads the rows). */
  async listScope(actor: AssessmentPrincipal): Promise<AssessmentListScope> {
    const scope = await this.rowAccess.scopeFor(actor);
    if (scope.everything) return { scope, filter: {} };
    // Sharing is resolved through the shares collection (indexed by user) rather than the policy's text field, so
    // the whole filter stays an OR of indexed conditions.
    const policyFilter = accessScopeFilter(scope, { ownerId: 'ownerId', agencyId: 'agencyId', createdAt: 'createdAt' }) as Filter;
    const shares = await this.readStore.find<AssessmentShareDocument>(
      ASSESSMENT_SHARES_COLLECTION,
      { userId: actor.id },
      { limit: MAX_SHARED_ASSESSMENTS },
    );
    const anyOf: Filter[] = [...(policyFilter.$or ?? [policyFilter])];
    if (shares.length > 0) anyOf.push({ id: { $in: shares.map((s) => s.assessmentId) } });
    return { scope, filter: { $or: anyOf } };
  }

  /** Row access to a list row, from a scope built once for the page (same answer as forRecord). */
  rowAccessInScope(
    scope: AccessScope,
    row: Pick<AssessmentListDocument, 'ownerId' | 'sharedWith' | 'agencyId' | 'createdAt'>,
  ): AssessmentAccessDecision {
    const decision = this.rowAccess.allows(scope, row);
    return { decision, rowAccess: assessmentRowAccessFrom(decision) };
  }

  /**
   * Spec "sibling users": the users with the same supervisor (the actor's peers), active, not the actor. The same
   * rule for everyone: the administrator has no supervisor, so no sibling users (issue 9: handing a case to anyone
   * is handing out edit rights to anyone).
   */
  async siblingsOf(userId: string): Promise<SiblingUser[]> {
    const user = await this.directory.getUser(userId);
    if (!user?.supervisorId) return [];
    const users = await this.directory.findUsers({ supervisorId: user.supervisorId, status: UserStatus.Active }, 5000);
    return users
      .filter((u) => u.id !== userId)
      .map((u) => ({ id: u.id, fullName: u.fullName, username: u.displayUsername }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id));
  }

  /** Whether the actor is one of the owner's supervisors, up the supervisor tree (the policy's own facts). */
  async isAboveOwner(actor: AssessmentPrincipal, ownerId: string): Promise<boolean> {
    if (actor.id === ownerId) return false;
    const { supervisorChain } = await this.rowAccess.ownerFacts(actor, ownerId);
    return supervisorChain.includes(actor.id);
  }

  async userNames(userIds: readonly string[]): Promise<Map<string, string>> {
    const users = await this.directory.getUsers([...new Set(userIds.filter(Boolean))]);
    return new Map(users.map((u) => [u.id, u.fullName]));
  }

  /** Agency display names by id (list rows and the view show the agency, spec "agency" column). */
  async agencyNames(agencyIds: readonly (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(agencyIds.filter((id): id is string => typeof id === 'string' && id !== ''))];
    if (ids.length === 0) return new Map();
    const agencies = await this.readStore.getMany<{ id: string; name: string; displayName?: string }>(AGENCIES_COLLECTION, ids);
    return new Map(agencies.map((a) => [a.id, a.displayName || a.name]));
  }

  async user(userId: string): Promise<UserDocument | null> {
    return this.directory.getUser(userId);
  }

  /** Spec oldData, from the list read model: a later assessment of the same child exists. */
  async isOldData(assessmentId: string): Promise<boolean> {
    const row = await this.readStore.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, assessmentId);
    return row?.hasLaterAssessment === true;
  }
}
