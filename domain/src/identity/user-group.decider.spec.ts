import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import { IdentityMessages } from './identity-messages';
import { STATE_ADMINISTRATOR_GROUP_ID } from './identity-rules';
import {
  GROUP_BUILT_IN,
  GROUP_HAS_SUBGROUPS,
  GROUP_HAS_USERS,
  PARENT_GROUP_CYCLE,
  PARENT_GROUP_NOT_FOUND,
  USER_GROUP_NAME_TAKEN,
  USER_GROUP_NOT_FOUND,
  userGroupDecider,
  UserGroupFacts,
} from './user-group.decider';
import { UserGroupEvent, UserGroupEvents, UserGroupFields } from './user-group.events';

const groupId = 'c1c2d3e4-0000-4000-8000-000000000001';
const parentGroupId = 'c1c2d3e4-0000-4000-8000-000000000002';
const spec = deciderSpecification(userGroupDecider);

const fields: UserGroupFields = {
  name: 'East Team',
  description: 'East',
  parentGroupId,
  reportsToParent: true,
  privileges: ['HOME_SHOW', 'Assessment_View'],
};
const facts = (overrides: Partial<UserGroupFacts> = {}): UserGroupFacts => ({
  policyRefusal: null,
  sameNameGroupIds: [],
  parentChainUpwards: [parentGroupId],
  ...overrides,
});
const created: UserGroupEvent = { type: UserGroupEvents.Created, data: { groupId, ...fields } };
const deleted: UserGroupEvent = { type: UserGroupEvents.Deleted, data: { groupId } };
const save = (changes: Partial<UserGroupFields> = {}, factChanges: Partial<UserGroupFacts> = {}) =>
  ({ type: 'UpdateUserGroup', groupId, fields: { ...fields, ...changes }, facts: facts(factChanges) }) as const;
const remove = (changes: { memberCount?: number; hasSubgroups?: boolean; groupId?: string; policyRefusal?: string } = {}) =>
  ({ type: 'DeleteUserGroup', groupId, memberCount: 0, hasSubgroups: false, policyRefusal: null, ...changes }) as const;

describe('user group decider', () => {
  it('creates a group with its privileges once each', () => {
    spec
      .given([])
      .when({
        type: 'CreateUserGroup',
        groupId,
        fields: { ...fields, privileges: ['HOME_SHOW', 'HOME_SHOW', 'Assessment_View'] },
        facts: facts(),
      })
      .then([created]);
  });

  it('reports to a parent only when it has one', () => {
    spec
      .given([created])
      .when(save({ parentGroupId: null }, { parentChainUpwards: null }))
      .thenEvents((_events, state) => {
        expect(state.group).toMatchObject({ parentGroupId: null, reportsToParent: false });
      });
  });

  it('refuses in the order policy (403), privileges, name (409), parent', () => {
    spec
      .given([created])
      .when(save({ privileges: [] }, { policyRefusal: 'Not yours.' }))
      .thenThrows(AccessDeniedError, 'Not yours.');
    spec
      .given([created])
      .when(save({ privileges: [] }))
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.fieldErrors).toEqual({ privileges: [IdentityMessages.usergroup_privileges_required] });
      });
    spec
      .given([created])
      .when(save({}, { sameNameGroupIds: ['other'] }))
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect([error.message, error.conflict]).toEqual([USER_GROUP_NAME_TAKEN, true]);
      });
    spec
      .given([created])
      .when(save({}, { sameNameGroupIds: [groupId] }))
      .thenEvents(([event]) => expect(event.type).toBe(UserGroupEvents.Updated));
    spec
      .given([created])
      .when(save({}, { parentChainUpwards: null }))
      .thenThrows(DomainRuleViolation, PARENT_GROUP_NOT_FOUND);
  });

  it('refuses to place a group under itself or one of its sub-groups', () => {
    spec
      .given([created])
      .when(save({}, { parentChainUpwards: [parentGroupId, groupId] }))
      .thenThrows(DomainRuleViolation, PARENT_GROUP_CYCLE);
  });

  it('changes and deletes only live groups (404)', () => {
    spec.given([]).when(save()).thenThrows(NotFoundError, USER_GROUP_NOT_FOUND);
    spec.given([created, deleted]).when(remove()).thenThrows(NotFoundError, USER_GROUP_NOT_FOUND);
  });

  it('deletes an empty group; never a built-in one, one with users or with sub-groups (409)', () => {
    spec.given([created]).when(remove()).then([deleted]);
    spec
      .given([created])
      .when(remove({ policyRefusal: 'Not yours.' }))
      .thenThrows(AccessDeniedError, 'Not yours.');
    spec
      .given([created])
      .when(remove({ groupId: STATE_ADMINISTRATOR_GROUP_ID }))
      .thenThrows(DomainRuleViolation, GROUP_BUILT_IN);
    spec
      .given([created])
      .when(remove({ memberCount: 1 }))
      .thenThrows(DomainRuleViolation, GROUP_HAS_USERS);
    spec
      .given([created])
      .when(remove({ hasSubgroups: true }))
      .thenThrows(DomainRuleViolation, GROUP_HAS_SUBGROUPS);
  });
});
