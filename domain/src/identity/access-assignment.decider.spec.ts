import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  accessAssignmentDecider,
  ADMINISTRATOR_NO_ASSIGN,
  ASSIGNMENT_NOT_FOUND,
  DATE_RANGE_INVALID,
  DELEGATE_IS_SELF,
  DELEGATE_NOT_FOUND,
  START_IN_PAST,
} from './access-assignment.decider';
import { AccessAssignmentEvent, AccessAssignmentEvents } from './access-assignment.events';
import { ADMINISTRATOR_ID } from './identity-rules';

const ownerId = 'e1c2d3e4-0000-4000-8000-000000000001';
const delegateId = 'e1c2d3e4-0000-4000-8000-000000000002';
const assignmentId = 'e1c2d3e4-0000-4000-8000-000000000003';
const spec = deciderSpecification(accessAssignmentDecider);
const assign = (
  changes: Partial<{ ownerId: string; delegateId: string; startsOn: string; endsOn: string; delegateIsOffered: boolean }> = {},
) =>
  ({
    type: 'AssignTemporaryAccess',
    assignmentId,
    ownerId,
    delegateId,
    startsOn: '2030-01-01',
    endsOn: '2030-01-31',
    today: '2029-12-01',
    delegateIsOffered: true,
    ...changes,
  }) as const;
const assigned: AccessAssignmentEvent = {
  type: AccessAssignmentEvents.Assigned,
  data: { assignmentId, ownerId, delegateId, startsOn: '2030-01-01', endsOn: '2030-01-31' },
};
const revoked: AccessAssignmentEvent = { type: AccessAssignmentEvents.Revoked, data: { assignmentId, ownerId, delegateId } };
const revoke = { type: 'RevokeTemporaryAccess', assignmentId, ownerId } as const;

describe('access assignment decider', () => {
  it('assigns access for a date range to a delegate the owner may choose', () => {
    spec.given([]).when(assign()).then([assigned]);
    spec
      .given([])
      .when(assign({ startsOn: '2029-12-01' }))
      .then([{ ...assigned, data: { ...assigned.data, startsOn: '2029-12-01' } }]);
  });

  it('refuses the administrator (403), oneself, a delegate not offered and bad ranges (400)', () => {
    spec
      .given([])
      .when(assign({ ownerId: ADMINISTRATOR_ID }))
      .thenThrows(AccessDeniedError, ADMINISTRATOR_NO_ASSIGN);
    spec
      .given([])
      .when(assign({ delegateId: ownerId }))
      .thenThrows(DomainRuleViolation, DELEGATE_IS_SELF);
    spec
      .given([])
      .when(assign({ delegateIsOffered: false }))
      .thenThrows(DomainRuleViolation, DELEGATE_NOT_FOUND);
    spec
      .given([])
      .when(assign({ delegateId: ADMINISTRATOR_ID }))
      .thenThrows(DomainRuleViolation, DELEGATE_NOT_FOUND);
    spec
      .given([])
      .when(assign({ endsOn: '2029-12-31' }))
      .thenThrows(DomainRuleViolation, DATE_RANGE_INVALID);
    spec
      .given([])
      .when(assign({ startsOn: '2029-11-30' }))
      .thenThrows(DomainRuleViolation, START_IN_PAST);
    spec
      .given([])
      .when(assign({ startsOn: '2029-11-01', endsOn: '2029-11-30' }))
      .thenThrows(DomainRuleViolation, START_IN_PAST);
  });

  it('revokes a live assignment, naming its delegate; a revoked or unknown one is not found (404)', () => {
    spec.given([assigned]).when(revoke).then([revoked]);
    spec.given([assigned, revoked]).when(revoke).thenThrows(NotFoundError, ASSIGNMENT_NOT_FOUND);
    spec.given([]).when(revoke).thenThrows(NotFoundError, ASSIGNMENT_NOT_FOUND);
  });
});
