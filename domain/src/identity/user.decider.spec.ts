import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import { IdentityMessages } from './identity-messages';
import { ADMINISTRATOR_ID, SYSTEM_ADMINISTRATOR_GROUP_ID, UserStatus } from './identity-rules';
import {
  ADMINISTRATOR_FIXED,
  ADMINISTRATOR_UNDELETABLE,
  AGENCY_FIXED,
  AGENCY_NOT_FOUND,
  APPROVE_FORBIDDEN,
  AccountFacts,
  EMAIL_TAKEN,
  GROUP_NOT_FOUND,
  NOT_PENDING,
  PENDING_STATUS_VIA_APPROVE,
  PHONE_TAKEN,
  RESTRICTED_FIELDS,
  SELF_UNDELETABLE,
  SUCCESSOR_INVALID,
  SUPERVISOR_CYCLE,
  SUPERVISOR_NOT_FOUND,
  SUPERVISOR_REQUIRED,
  userDecider,
  UserInput,
  USERNAME_TAKEN,
} from './user.decider';
import { UserAccountFields, UserEvent, UserEvents } from './user.events';

const userId = 'b1c2d3e4-0000-4000-8000-000000000001';
const supervisorId = 'b1c2d3e4-0000-4000-8000-000000000002';
const agencyId = 'b1c2d3e4-0000-4000-8000-000000000003';
const groupId = 'b1c2d3e4-0000-4000-8000-000000000004';
const spec = deciderSpecification(userDecider);

const input: UserInput = {
  firstName: 'Pat',
  lastName: 'Lee',
  username: 'plee',
  email: 'pat@example.org',
  phone: '555-010-0100',
  userGroupId: groupId,
  supervisorId,
  agencyId: null,
  externalId: 'EXT-1',
  expirationDate: null,
};

const facts = (overrides: Partial<AccountFacts> = {}): AccountFacts => ({
  policyRefusal: null,
  otherAccounts: [],
  groupExists: true,
  supervisor: { agencyId, chainUpwards: [supervisorId, ADMINISTRATOR_ID] },
  existingAgencyIds: [agencyId],
  ...overrides,
});

const account: UserAccountFields = {
  firstName: 'Pat',
  lastName: 'Lee',
  username: 'eo_plee',
  email: 'pat@example.org',
  phone: '555-010-0100',
  status: UserStatus.Active,
  userGroupId: groupId,
  supervisorId,
  agencyId,
  externalId: 'EXT-1',
  expirationDate: null,
};
const created: UserEvent = { type: UserEvents.Created, data: { userId, ...account } };
const pending: UserEvent = { type: UserEvents.Created, data: { userId, ...account, status: UserStatus.PendingApproval } };
const deleted: UserEvent = { type: UserEvents.Deleted, data: { userId, successorUserId: supervisorId, reassignedSuperviseeIds: [] } };

const create = (
  overrides: { input?: Partial<UserInput>; facts?: Partial<AccountFacts>; actorManagesUsers?: boolean; userId?: string } = {},
) =>
  ({
    type: 'CreateUser',
    userId: overrides.userId ?? userId,
    input: { ...input, ...overrides.input },
    actorManagesUsers: overrides.actorManagesUsers ?? true,
    keepUsernameAsTyped: false,
    facts: facts(overrides.facts),
  }) as const;

const update = (
  overrides: { input?: Partial<UserInput>; facts?: Partial<AccountFacts>; actorManagesUsers?: boolean; status?: 0 | 1 | 2 | 3 } = {},
) =>
  ({
    type: 'UpdateUser',
    userId,
    input: { ...input, ...overrides.input },
    status: overrides.status ?? UserStatus.Active,
    actorManagesUsers: overrides.actorManagesUsers ?? true,
    facts: facts(overrides.facts),
  }) as const;

const remove = (
  overrides: Partial<{
    actorUserId: string | null;
    superviseeIds: string[];
    successorUserId: string | null;
    chainUpwards: string[] | null;
    policyRefusal: string | null;
  }> = {},
) =>
  ({
    type: 'DeleteUser',
    userId,
    actorUserId: overrides.actorUserId ?? ADMINISTRATOR_ID,
    policyRefusal: overrides.policyRefusal ?? null,
    superviseeIds: overrides.superviseeIds ?? [],
    successorUserId: overrides.successorUserId ?? null,
    successor: overrides.chainUpwards === null ? null : { agencyId: null, chainUpwards: overrides.chainUpwards ?? [supervisorId] },
  }) as const;

describe('user decider', () => {
  describe('create', () => {
    it("stores the username with the 'eo_' prefix and the supervisor's agency when none is chosen", () => {
      spec.given([]).when(create()).then([created]);
    });

    it('creates users pending approval when the actor is not in group 1 or 153', () => {
      spec
        .given([])
        .when(create({ actorManagesUsers: false }))
        .then([pending]);
    });

    it('refuses what the user-management policy refuses (403) before any other rule', () => {
      spec
        .given([])
        .when(create({ facts: { policyRefusal: 'No.', groupExists: false } }))
        .thenThrows(AccessDeniedError, 'No.');
    });

    it('refuses a username, email or phone another user has (409, each beside its field)', () => {
      const other = { id: 'someone-else', usernameKey: 'eo_PLEE'.toLowerCase(), emailKey: 'pat@example.org', phoneKey: '5550100100' };
      spec
        .given([])
        .when(create({ facts: { otherAccounts: [other] } }))
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
          expect(error.message).toBe(USERNAME_TAKEN);
          expect(error.fieldErrors).toEqual({ username: [USERNAME_TAKEN], email: [EMAIL_TAKEN], phone: [PHONE_TAKEN] });
          expect(error.conflict).toBe(true);
        });
    });

    it('does not count the user itself as a clash', () => {
      const self = { id: userId, usernameKey: 'eo_plee', emailKey: 'pat@example.org', phoneKey: '5550100100' };
      spec
        .given([])
        .when(create({ facts: { otherAccounts: [self] } }))
        .then([created]);
    });

    it('answers every missing record beside its field (400)', () => {
      spec
        .given([])
        .when(create({ input: { agencyId: 'gone' }, facts: { groupExists: false, supervisor: null, existingAgencyIds: [] } }))
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
          expect(error.fieldErrors).toEqual({
            userGroupId: [GROUP_NOT_FOUND],
            supervisorId: [SUPERVISOR_NOT_FOUND],
            agencyId: [AGENCY_NOT_FOUND],
          });
          expect(error.conflict).toBe(false);
        });
    });

    it('needs a supervisor, not below the user', () => {
      spec
        .given([])
        .when(create({ input: { supervisorId: null } }))
        .thenThrows(DomainRuleViolation, SUPERVISOR_REQUIRED);
      spec
        .given([])
        .when(create({ facts: { supervisor: { agencyId, chainUpwards: [supervisorId, userId] } } }))
        .thenThrows(DomainRuleViolation, SUPERVISOR_CYCLE);
    });

    it('keeps the administrator without supervisor or expiry, active, in group 1', () => {
      const administrator = { userId: ADMINISTRATOR_ID, input: { supervisorId: null, userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID } };
      spec
        .given([])
        .when(create(administrator))
        .thenEvents(([event]) =>
          expect(event.data).toMatchObject({ userId: ADMINISTRATOR_ID, supervisorId: null, agencyId: null, status: UserStatus.Active }),
        );
      spec
        .given([])
        .when(create({ ...administrator, input: { ...administrator.input, supervisorId } }))
        .thenThrows(DomainRuleViolation, ADMINISTRATOR_FIXED);
    });
  });

  describe('update', () => {
    it('keeps the stored username when only the prefix differs', () => {
      spec
        .given([created])
        .when(update({ input: { username: 'eo_plee', lastName: 'Renamed' } }))
        .thenEvents((events, state) => {
          expect(events).toEqual([{ type: UserEvents.Updated, data: { userId, ...account, lastName: 'Renamed' } }]);
          expect(state.account).toMatchObject({ username: 'eo_plee', lastName: 'Renamed' });
        });
    });

    it('refuses an unknown or deleted user (404)', () => {
      spec.given([]).when(update()).thenThrows(NotFoundError, IdentityMessages.user_not_exist);
      spec.given([created, deleted]).when(update()).thenThrows(NotFoundError, IdentityMessages.user_not_exist);
    });

    it('lets only groups 1 and 153 change the external id or the expiration date', () => {
      spec
        .given([created])
        .when(update({ actorManagesUsers: false, input: { externalId: 'EXT-2' } }))
        .thenThrows(DomainRuleViolation, RESTRICTED_FIELDS);
      spec
        .given([created])
        .when(update({ actorManagesUsers: false, input: { lastName: 'Ok' } }))
        .thenEvents(([event]) => expect(event.type).toBe(UserEvents.Updated));
    });

    it("keeps the agency (read-only on edit): another one is refused, none keeps it, a new supervisor's is not taken", () => {
      spec
        .given([created])
        .when(update({ input: { agencyId: 'b1c2d3e4-0000-4000-8000-000000000099' } }))
        .thenThrows(DomainRuleViolation, AGENCY_FIXED);
      spec
        .given([created])
        .when(update({ input: { agencyId } }))
        .thenEvents(([event]) => expect(event.data).toMatchObject({ agencyId }));
      spec
        .given([created])
        .when(
          update({
            input: { agencyId: null },
            facts: { supervisor: { agencyId: 'other', chainUpwards: [supervisorId] }, existingAgencyIds: [] },
          }),
        )
        .thenEvents(([event]) => expect(event.data).toMatchObject({ agencyId }));
    });

    it('keeps a pending user pending, and puts no one else into pending', () => {
      spec
        .given([pending])
        .when(update({ status: UserStatus.Active }))
        .thenEvents(([event]) => expect(event.data).toMatchObject({ status: UserStatus.PendingApproval }));
      spec
        .given([created])
        .when(update({ status: UserStatus.PendingApproval }))
        .thenThrows(DomainRuleViolation, PENDING_STATUS_VIA_APPROVE);
    });
  });

  describe('approve', () => {
    const approve = (actorManagesUsers = true, policyRefusal: string | null = null) =>
      ({ type: 'ApproveUser', userId, actorManagesUsers, policyRefusal }) as const;

    it('makes a pending user active', () => {
      spec
        .given([pending])
        .when(approve())
        .thenEvents((events, state) => {
          expect(events).toEqual([{ type: UserEvents.Approved, data: { userId } }]);
          expect(state.account?.status).toBe(UserStatus.Active);
        });
    });

    it('is for groups 1 and 153 only (403), for pending users only (409)', () => {
      spec.given([pending]).when(approve(false)).thenThrows(AccessDeniedError, APPROVE_FORBIDDEN);
      spec.given([pending]).when(approve(true, 'Not yours.')).thenThrows(AccessDeniedError, 'Not yours.');
      spec
        .given([created])
        .when(approve())
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
          expect([error.message, error.conflict]).toEqual([NOT_PENDING, true]),
        );
    });
  });

  describe('delete', () => {
    it("gives the cases to the user's supervisor by default", () => {
      spec
        .given([created])
        .when(remove())
        .then([{ type: UserEvents.Deleted, data: { userId, successorUserId: supervisorId, reassignedSuperviseeIds: [] } }]);
    });

    it('needs a successor for supervisees (409 user_delete_error with superviseeCount), who takes them over', () => {
      spec
        .given([created])
        .when(remove({ superviseeIds: ['s1', 's2'] }))
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
          expect(error.message).toBe(IdentityMessages.user_delete_error);
          expect(error.conflict).toBe(true);
          expect(error.details).toEqual({ messageKey: 'user_delete_error', superviseeCount: 2 });
          expect(error.fieldErrors).toEqual({ successorUserId: [IdentityMessages.user_delete_choose_supervisor] });
        });
      spec
        .given([created])
        .when(remove({ superviseeIds: ['s1', 's2'], successorUserId: 'next', chainUpwards: ['next'] }))
        .then([{ type: UserEvents.Deleted, data: { userId, successorUserId: 'next', reassignedSuperviseeIds: ['s1', 's2'] } }]);
    });

    it('refuses a successor that is missing or below the user (400)', () => {
      spec
        .given([created])
        .when(remove({ successorUserId: 'gone', chainUpwards: null }))
        .thenThrows(DomainRuleViolation, SUPERVISOR_NOT_FOUND);
      spec
        .given([created])
        .when(remove({ successorUserId: 's1', chainUpwards: ['s1', userId] }))
        .thenThrows(DomainRuleViolation, SUCCESSOR_INVALID);
    });

    it('never deletes the administrator or oneself (409), nor an unknown user (404)', () => {
      spec
        .given([])
        .when({ ...remove(), userId: ADMINISTRATOR_ID })
        .thenThrows(DomainRuleViolation, ADMINISTRATOR_UNDELETABLE);
      spec
        .given([created])
        .when(remove({ actorUserId: userId }))
        .thenThrows(DomainRuleViolation, SELF_UNDELETABLE);
      spec.given([created, deleted]).when(remove()).thenThrows(NotFoundError, IdentityMessages.user_not_exist);
    });
  });

  describe('own profile', () => {
    const profile = (otherAccounts: { id: string; usernameKey: string; emailKey: string; phoneKey: string | null }[] = []) =>
      ({
        type: 'UpdateOwnProfile',
        userId,
        firstName: 'Selma',
        lastName: 'Lee',
        email: 'selma@example.org',
        phone: null,
        otherAccounts,
      }) as const;

    it('changes names, email and phone only', () => {
      spec
        .given([created])
        .when(profile())
        .thenEvents((_events, state) =>
          expect(state.account).toMatchObject({
            firstName: 'Selma',
            email: 'selma@example.org',
            phone: null,
            username: 'eo_plee',
            supervisorId,
          }),
        );
    });

    it('refuses an email another user has (409)', () => {
      spec
        .given([created])
        .when(profile([{ id: 'other', usernameKey: 'eo_x', emailKey: 'selma@example.org', phoneKey: null }]))
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
          expect([error.fieldErrors, error.conflict]).toEqual([{ email: [EMAIL_TAKEN] }, true]),
        );
    });
  });
});
