import { PRIVILEGES } from '@cans/domain/identity/privileges';
import { mayAssignGroup, mayManageUser } from '../access/user-management-policy';
import { STATE_ADMINISTRATOR_GROUP_ID, SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import {
  BUILT_IN_GROUPS,
  DIRECT_CARE_WORKER_GROUP_ID,
  MONITOR_GROUP_ID,
  SUPERVISOR_ADMIN_GROUP_ID,
  SUPERVISOR_GROUP_ID,
} from './built-in-groups';

/**
 * The built-in tree keeps one invariant (docs/permissions.md, "Who manages whom"): every built-in group holds all
 * the privileges of the built-in groups below it. The user-management policy lets a user manage and assign only
 * groups whose privileges are all among their own, and members of groups 1 and 153 approve new users: without the
 * invariant a State Administrator could not add, approve or manage the agencies' staff.
 */
const byId = new Map(BUILT_IN_GROUPS.map((group) => [group.id, group]));
const nameOf = (id: string | null) => (id === null ? null : (byId.get(id)?.name ?? id));
const below = (ancestorId: string) => {
  const result: typeof BUILT_IN_GROUPS = [];
  for (const group of BUILT_IN_GROUPS) {
    for (let parentId = group.parentGroupId; parentId !== null; parentId = byId.get(parentId)?.parentGroupId ?? null) {
      if (parentId === ancestorId) {
        result.push(group);
        break;
      }
    }
  }
  return result;
};

describe('the built-in user groups', () => {
  it('form the documented tree: System Administrator → State Administrator → { Supervisor Admin → Supervisor → Direct Care Worker; Monitor }', () => {
    expect(Object.fromEntries(BUILT_IN_GROUPS.map((group) => [group.name, nameOf(group.parentGroupId)]))).toEqual({
      'System Administrator': null,
      'State Administrator': 'System Administrator',
      'Supervisor Admin': 'State Administrator',
      Supervisor: 'Supervisor Admin',
      'Direct Care Worker': 'Supervisor',
      Monitor: 'State Administrator',
    });
    expect(BUILT_IN_GROUPS.map((group) => group.id)).toEqual([
      SYSTEM_ADMINISTRATOR_GROUP_ID,
      STATE_ADMINISTRATOR_GROUP_ID,
      SUPERVISOR_ADMIN_GROUP_ID,
      SUPERVISOR_GROUP_ID,
      DIRECT_CARE_WORKER_GROUP_ID,
      MONITOR_GROUP_ID,
    ]);
  });

  it('gives the System Administrator group every privilege (the 24 of the specification and Analytics_Author)', () => {
    expect([...byId.get(SYSTEM_ADMINISTRATOR_GROUP_ID)!.privileges].sort()).toEqual([...PRIVILEGES].sort());
  });

  it('hold only known privileges, each once', () => {
    for (const group of BUILT_IN_GROUPS) {
      expect({ group: group.name, unknown: group.privileges.filter((p) => !(PRIVILEGES as readonly string[]).includes(p)) }).toEqual({
        group: group.name,
        unknown: [],
      });
      expect({ group: group.name, count: new Set(group.privileges).size }).toEqual({ group: group.name, count: group.privileges.length });
    }
  });

  it.each(
    BUILT_IN_GROUPS.filter((group) => group.parentGroupId !== null).map(
      (group) => [group.name, nameOf(group.parentGroupId), group] as const,
    ),
  )('%s: its parent (%s) holds every privilege it holds', (_name, _parentName, group) => {
    const parent = byId.get(group.parentGroupId!);
    expect(parent).toBeDefined();
    const held = new Set(parent!.privileges);
    expect(group.privileges.filter((privilege) => !held.has(privilege))).toEqual([]);
  });

  it.each(BUILT_IN_GROUPS.map((group) => [group.name, group] as const))(
    'members of %s may, under the user-management policy, manage and assign every built-in group below it',
    (_name, group) => {
      const manager = { id: `member-of-${group.id}`, groupId: group.id, privileges: group.privileges, agencyId: null };
      for (const lower of below(group.id)) {
        expect({
          lower: lower.name,
          manage: mayManageUser(manager, { id: `member-of-${lower.id}`, groupId: lower.id, groupPrivileges: lower.privileges }),
        }).toEqual({ lower: lower.name, manage: { allowed: true } });
        expect({ lower: lower.name, assign: mayAssignGroup(manager, lower) }).toEqual({ lower: lower.name, assign: { allowed: true } });
      }
    },
  );

  it('lets a State Administrator (who approves new users) manage every built-in group but System Administrator', () => {
    expect(
      below(STATE_ADMINISTRATOR_GROUP_ID)
        .map((group) => group.name)
        .sort(),
    ).toEqual(['Direct Care Worker', 'Monitor', 'Supervisor', 'Supervisor Admin']);
  });
});
