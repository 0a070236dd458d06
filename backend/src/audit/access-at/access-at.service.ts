import { Inject, Injectable } from '@nestjs/common';
import { assessmentStreamId, AssessmentState, evolveAssessment, initialAssessmentState, RULE_MESSAGES } from '@cans/domain/assessments';
import { NotFoundError } from '@cans/domain/domain-errors';
import { hasExpired, UserStatus } from '@cans/domain/identity/identity-rules';
import type { AssignmentTimelineDocument } from '@cans/projections/audit/identity-timeline.projection';
import { assignmentsOfOwnerAt, IdentityAt, identityAt } from '@cans/projections/audit/identity-timeline.queries';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentPrincipal, guardedFromState } from '../../assessments/access/assessment-access.service';
import { AssessmentContextService } from '../../assessments/commands/assessment-context.service';
import { API_CLIENT_PRIVILEGES } from '../../identity/authentication/principal.service';
import { IdentityLookup, ownerFactsIn, personActor } from '../../identity/access/owner-facts';
import { AccessActor, decideRowAccess, GuardedRecord } from '../../identity/access/row-access-policy';
import { FieldValidationException } from '../../platform/http/validation';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import { AccessAtMessages, AccessAtUser, AccessAtView, RequestedMoment } from './access-at.dto';

const refuse = (message: string) => new FieldValidationException({ at: [message] }, message);

/** An identity timeline as the policy's fact lookups, with the owner's assignments in force at that moment. */
function lookupIn(identity: IdentityAt, assignments: readonly AssignmentTimelineDocument[]): IdentityLookup {
  return {
    supervisorOf: (userId) => identity.users.get(userId)?.supervisorId ?? null,
    groupOf: (userId) => identity.users.get(userId)?.userGroupId ?? null,
    group: (groupId) => identity.groups.get(groupId),
    assignments: (ownerId, delegateId) =>
      assignments
        .filter((a) => a.ownerId === ownerId && a.delegateId === delegateId)
        .map((a) => ({ startsOn: a.startsOn, endsOn: a.endsOn, assignedAt: a.assignedAt })),
  };
}

/**
 * "Who could see this assessment at that moment" (issue 16), derived from the events alone: the assessment folded
 * up to the moment (owner, shares, agency, creation) and the identity as it stood then (identity timeline: users,
 * supervisors, groups and their privileges, temporary access), judged for every principal by decideRowAccess — the one
 * row-access policy. A principal is listed when they could act then (active, not expired, like PrincipalService),
 * held Assessment_View and the policy let them view it.
 *
 * API clients are listed too (reason 'api-client'): they hold Assessment_View and rule 8 shows them every record, so
 * leaving them out would understate who could read it.
 */
@Injectable()
export class AccessAtService {
  constructor(
    private readonly assessments: AssessmentContextService,
    private readonly access: AssessmentAccessService,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async accessAt(
    principal: AssessmentPrincipal,
    assessmentId: string,
    requested: RequestedMoment,
    now = new Date(),
  ): Promise<AccessAtView> {
    // The caller's access today decides whether they may ask at all (same check and answer as GET /assessments/{id}).
    const { state: current } = await this.assessments.load(assessmentId);
    if (!current.exists || current.status === 'deleted') throw new NotFoundError(RULE_MESSAGES.notFound);
    if (!(await this.access.forState(principal, current)).rowAccess.canView) throw new NotFoundError(RULE_MESSAGES.notFound);

    const at = this.moment(requested, now);
    const events = await this.eventStore.readStream(assessmentStreamId(assessmentId), { until: at });
    const then = events.reduce<AssessmentState>((state, event) => evolveAssessment(state, event), initialAssessmentState);
    if (!then.exists) throw refuse(AccessAtMessages.beforeCreation);

    const record: GuardedRecord = guardedFromState(then);
    const [identity, assignments] = await Promise.all([
      identityAt(this.readStore, at),
      assignmentsOfOwnerAt(this.readStore, record.ownerId, at),
    ]);
    const lookup = lookupIn(identity, assignments);
    const users: AccessAtUser[] = [];
    const consider = (actor: AccessActor, name: string, groupName: string | null) => {
      if (!actor.privileges.includes('Assessment_View')) return;
      const decision = decideRowAccess(actor, record, ownerFactsIn(lookup, record.ownerId, actor.id));
      if (decision.view) users.push({ userId: actor.id, name, groupName, reason: decision.reason, canEdit: decision.edit });
    };
    const moment = new Date(at);
    for (const user of identity.users.values()) {
      if (user.status !== UserStatus.Active || hasExpired(user.expirationDate, moment)) continue;
      const group = identity.groups.get(user.userGroupId);
      consider(personActor(user, group?.privileges), user.name, group?.name ?? null);
    }
    for (const apiUser of identity.apiUsers.values()) {
      const actor: AccessActor = {
        id: apiUser.id,
        kind: 'api-client',
        isAdministrator: false,
        privileges: API_CLIENT_PRIVILEGES,
        groupId: null,
        agencyId: null,
      };
      consider(actor, apiUser.name, null);
    }
    users.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
    return { at, users };
  }

  /** The moment as an ISO time (recordedAt's form); a day of today means now; the future is refused. */
  private moment({ at, dayOnly }: RequestedMoment, now: Date): string {
    if (at.getTime() <= now.getTime()) return at.toISOString();
    if (dayOnly && at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return now.toISOString();
    throw refuse(AccessAtMessages.future);
  }
}
