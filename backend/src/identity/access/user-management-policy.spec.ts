import { PRIVILEGES } from '@cans/domain/identity/privileges';
import { STATE_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { API_CLIENT_PRIVILEGES } from '../authentication/principal.service';
import { BUILT_IN_GROUPS, MONITOR_GROUP_ID, SUPERVISOR_ADMIN_GROUP_ID } from '../user-groups/built-in-groups';
import {
  API_USER_HOLDS,
  GroupFacts,
  ManagedUser,
  mayAssignGroup,
  mayChangeGroup,
  mayChangeUser,
  mayManageApiUsers,
  mayManageUser,
  UserManager,
} from './user-management-policy';

const SUPERVISOR_ADMIN = ['HOME_SHOW', 'Assessment_Edit', 'User_View', 'User_Actions'];
const STATE_ADMIN = ['HOME_SHOW', 'User_View', 'User_Actions', 'Agency', 'Setting', 'Case_Monitor'];

const manager = (overrides: Partial<UserManager> = {}): UserManager => ({
  id: 'me',
  groupId: 'g-sup-admin',
  privileges: SUPERVISOR_ADMIN,
  agencyId: null,
  ...overrides,
});
const administrator = manager({ id: '1', groupId: '1', privileges: PRIVILEGES });
const stateAdmin = manager({ id: 'state', groupId: '153', privileges: STATE_ADMIN });
const user = (id: string, groupId: string, groupPrivileges: readonly string[]): ManagedUser => ({ id, groupId, groupPrivileges });
const group = (id: string, privileges: readonly string[]): GroupFacts => ({ id, privileges });

const worker = user('worker', 'g-worker', ['HOME_SHOW', 'Assessment_Edit']);
const stateUser = user('state-2', '153', STATE_ADMIN);
const allowed = { allowed: true };
const refusedFor = (reason: string) => expect.objectContaining({ allowed: false, reason, message: expect.any(String) });

describe('mayManageUser: edit, approve, lock, rename, re-mail, reset the password of, delete', () => {
  it("allows users whose group's privileges are all among the manager's own, peers included", () => {
    expect(mayManageUser(manager(), worker)).toEqual(allowed);
    expect(mayManageUser(manager(), user('peer', 'g-sup-admin', SUPERVISOR_ADMIN))).toEqual(allowed);
    expect(mayManageUser(manager(), user('viewer', 'g-empty', []))).toEqual(allowed);
  });

  it('refuses users whose group holds a privilege the manager lacks', () => {
    expect(mayManageUser(manager(), user('x', 'g-x', STATE_ADMIN))).toEqual(refusedFor('user-above-you'));
    expect(mayManageUser(manager(), user('x', 'g-x', ['HOME_SHOW', 'Agency']))).toEqual(refusedFor('user-above-you'));
  });

  it('leaves members of groups 1 and 153 to members of groups 1 and 153, whatever privileges others hold', () => {
    const wide = manager({ groupId: 'g-wide', privileges: PRIVILEGES });
    expect(mayManageUser(wide, stateUser)).toEqual(refusedFor('manager-groups-only'));
    expect(mayManageUser(stateAdmin, stateUser)).toEqual(allowed);
    expect(mayManageUser(stateAdmin, user('sys', '1', PRIVILEGES))).toEqual(refusedFor('user-above-you'));
  });

  it('lets only the administrator change the administrator', () => {
    expect(mayManageUser(stateAdmin, user('1', '1', PRIVILEGES))).toEqual(refusedFor('administrator-only-self'));
    expect(mayManageUser(manager({ id: 'other', groupId: '1', privileges: PRIVILEGES }), user('1', '1', PRIVILEGES))).toEqual(
      refusedFor('administrator-only-self'),
    );
    expect(mayManageUser(administrator, user('1', '1', PRIVILEGES))).toEqual(allowed);
    expect(mayManageUser(administrator, stateUser)).toEqual(allowed);
  });

  it('lets everyone manage their own account (the group stays theirs: see mayChangeUser)', () => {
    expect(mayManageUser(manager(), user('me', 'g-sup-admin', SUPERVISOR_ADMIN))).toEqual(allowed);
  });
});

describe('mayAssignGroup: the groups a manager may put users into (create and update)', () => {
  it("allows groups whose privileges are all among the manager's own", () => {
    expect(mayAssignGroup(manager(), group('g-worker', ['HOME_SHOW']))).toEqual(allowed);
    expect(mayAssignGroup(manager(), group('g-sup-admin', SUPERVISOR_ADMIN))).toEqual(allowed);
    expect(mayAssignGroup(manager(), group('g-x', ['Agency']))).toEqual(refusedFor('group-above-you'));
  });

  it('assigns groups 1 and 153 only by members of groups 1 and 153 (the administrator is in group 1)', () => {
    expect(mayAssignGroup(manager({ groupId: 'g-wide', privileges: PRIVILEGES }), group('153', STATE_ADMIN))).toEqual(
      refusedFor('group-manager-groups-only'),
    );
    expect(mayAssignGroup(manager({ groupId: 'g-wide', privileges: PRIVILEGES }), group('1', PRIVILEGES))).toEqual(
      refusedFor('group-manager-groups-only'),
    );
    expect(mayAssignGroup(stateAdmin, group('153', STATE_ADMIN))).toEqual(allowed);
    expect(mayAssignGroup(stateAdmin, group('1', PRIVILEGES))).toEqual(refusedFor('group-above-you'));
    expect(mayAssignGroup(administrator, group('1', PRIVILEGES))).toEqual(allowed);
  });
});

describe('mayChangeUser: a whole create or update', () => {
  it('creates users only in assignable groups', () => {
    expect(mayChangeUser(manager(), { target: null, group: group('g-worker', ['HOME_SHOW']) })).toEqual(allowed);
    expect(mayChangeUser(manager(), { target: null, group: group('1', PRIVILEGES) })).toEqual(refusedFor('group-manager-groups-only'));
  });

  it('lets nobody change their own group, not even to a narrower one', () => {
    const self = user('me', 'g-sup-admin', SUPERVISOR_ADMIN);
    expect(mayChangeUser(manager(), { target: self, group: group('1', PRIVILEGES) })).toEqual(refusedFor('own-group'));
    expect(mayChangeUser(manager(), { target: self, group: group('g-worker', ['HOME_SHOW']) })).toEqual(refusedFor('own-group'));
    expect(mayChangeUser(manager(), { target: self, group: group('g-sup-admin', SUPERVISOR_ADMIN) })).toEqual(allowed);
    expect(mayChangeUser(stateAdmin, { target: user('state', '153', STATE_ADMIN), group: group('g-mon', ['HOME_SHOW']) })).toEqual(
      refusedFor('own-group'),
    );
  });

  it('checks the user before the group, and keeping a group is not assigning it', () => {
    expect(mayChangeUser(manager(), { target: stateUser, group: group('g-worker', ['HOME_SHOW']) })).toEqual(
      refusedFor('manager-groups-only'),
    );
    expect(mayChangeUser(manager(), { target: worker, group: group('153', STATE_ADMIN) })).toEqual(refusedFor('group-manager-groups-only'));
    expect(mayChangeUser(stateAdmin, { target: stateUser, group: group('153', STATE_ADMIN) })).toEqual(allowed);
    // An unknown group is the command's validation to report (400), not a refusal.
    expect(mayChangeUser(manager(), { target: worker, group: null })).toEqual(allowed);
  });
});

describe('mayChangeGroup: user-group add, edit and delete by members of groups 1 and 153', () => {
  it("refuses to change the privileges of one's own group, widening or narrowing; other fields may change", () => {
    const own = group('153', STATE_ADMIN);
    expect(mayChangeGroup(stateAdmin, { current: own, privileges: [...STATE_ADMIN, 'Library_Manage'] })).toEqual(
      refusedFor('own-group-privileges'),
    );
    expect(mayChangeGroup(stateAdmin, { current: own, privileges: ['HOME_SHOW'] })).toEqual(refusedFor('own-group-privileges'));
    expect(mayChangeGroup(stateAdmin, { current: own, privileges: [...STATE_ADMIN].reverse() })).toEqual(allowed);
  });

  it('grants only privileges the manager holds, and changes only groups within them', () => {
    expect(mayChangeGroup(stateAdmin, { current: null, privileges: ['HOME_SHOW', 'Case_Monitor'] })).toEqual(allowed);
    expect(mayChangeGroup(stateAdmin, { current: null, privileges: ['Library_Manage'] })).toEqual(refusedFor('grant-beyond-own'));
    expect(mayChangeGroup(stateAdmin, { current: group('g-mon', ['HOME_SHOW']), privileges: ['HOME_SHOW', 'Library_Manage'] })).toEqual(
      refusedFor('grant-beyond-own'),
    );
    expect(mayChangeGroup(stateAdmin, { current: group('1', PRIVILEGES), privileges: ['HOME_SHOW'] })).toEqual(
      refusedFor('group-above-you'),
    );
    expect(mayChangeGroup(stateAdmin, { current: group('1', PRIVILEGES), privileges: null })).toEqual(refusedFor('group-above-you'));
    expect(mayChangeGroup(stateAdmin, { current: group('g-mon', ['HOME_SHOW']), privileges: null })).toEqual(allowed);
  });

  it("lets the administrator change group 1: the administrator's own privileges never depend on it", () => {
    expect(
      mayChangeGroup(administrator, { current: group('1', PRIVILEGES), privileges: PRIVILEGES.filter((p) => p !== 'Mirror_visibility') }),
    ).toEqual(allowed);
  });
});

describe('mayManageApiUsers: add, edit (re-key, widen) and delete API users (rule 6)', () => {
  const FEED_READER = ['Setting', 'Assessment_View', 'Report_Assessment', 'DATA_FEED_SHOW'];
  const builtIn = (groupId: string) => BUILT_IN_GROUPS.find((g) => g.id === groupId)!.privileges;

  it('holds everything an API client holds, and the export it may fetch', () => {
    expect(API_USER_HOLDS).toEqual(expect.arrayContaining([...API_CLIENT_PRIVILEGES, 'DATA_FEED_SHOW']));
  });

  it('refuses a holder of Setting alone, or of Setting without one of the privileges an API user holds', () => {
    expect(mayManageApiUsers(manager({ privileges: ['Setting'] }))).toEqual(refusedFor('api-user-beyond-own'));
    for (const missing of API_USER_HOLDS) {
      const privileges = [...FEED_READER, 'Case_Monitor'].filter((p) => p !== missing);
      expect(mayManageApiUsers(manager({ privileges }))).toEqual(refusedFor('api-user-beyond-own'));
    }
  });

  it('refuses holders of every privilege who do not see every record themselves', () => {
    // No Case_Monitor: row access limits them to their caseload, while the API user reads the whole state.
    expect(mayManageApiUsers(manager({ privileges: FEED_READER }))).toEqual(refusedFor('api-user-beyond-own'));
    // Case_Monitor of one agency: that agency's records only.
    expect(mayManageApiUsers(manager({ privileges: [...FEED_READER, 'Case_Monitor'], agencyId: 'agency-a' }))).toEqual(
      refusedFor('api-user-beyond-own'),
    );
  });

  it('allows the administrator and holders of the privileges with state-wide Case_Monitor (no agency)', () => {
    expect(mayManageApiUsers(administrator)).toEqual(allowed);
    expect(mayManageApiUsers(manager({ privileges: [...FEED_READER, 'Case_Monitor'], agencyId: null }))).toEqual(allowed);
    expect(mayManageApiUsers(manager({ id: 'sys', groupId: '1', privileges: PRIVILEGES, agencyId: null }))).toEqual(allowed);
  });

  it('with the built-in groups: State Administrators without an agency may, Supervisor Admins and Monitors may not', () => {
    const state = (agencyId: string | null) =>
      manager({ groupId: STATE_ADMINISTRATOR_GROUP_ID, privileges: builtIn(STATE_ADMINISTRATOR_GROUP_ID), agencyId });
    expect(mayManageApiUsers(state(null))).toEqual(allowed);
    expect(mayManageApiUsers(state('agency-a'))).toEqual(refusedFor('api-user-beyond-own'));
    expect(mayManageApiUsers(manager({ privileges: builtIn(SUPERVISOR_ADMIN_GROUP_ID) }))).toEqual(refusedFor('api-user-beyond-own'));
    expect(mayManageApiUsers(manager({ privileges: builtIn(MONITOR_GROUP_ID) }))).toEqual(refusedFor('api-user-beyond-own'));
  });
});
