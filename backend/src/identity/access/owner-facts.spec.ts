import { groupChainOf, IdentityLookup, ownerFactsIn, personActor, supervisorChainOf } from './owner-facts';
import { decideRowAccess, GroupLink } from './row-access-policy';

const supervisors: Record<string, string | null> = { ann: 'lee', lee: 'max', max: '1', '1': null, loop: 'pip', pip: 'loop' };
const groups: Record<string, GroupLink> = {
  workers: { id: 'workers', parentGroupId: 'leads', reportsToParent: true },
  leads: { id: 'leads', parentGroupId: 'region', reportsToParent: false },
  region: { id: 'region', parentGroupId: null, reportsToParent: false },
  a: { id: 'a', parentGroupId: 'b', reportsToParent: true },
  b: { id: 'b', parentGroupId: 'a', reportsToParent: true },
};
const identity: IdentityLookup = {
  supervisorOf: (id) => supervisors[id] ?? null,
  groupOf: (id) => ({ ann: 'workers', lee: 'leads', gus: 'leads' })[id] ?? null,
  group: (id) => groups[id],
  assignments: (ownerId, delegateId) =>
    ownerId === 'ann' && delegateId === 'del'
      ? [{ startsOn: '2025-01-01', endsOn: '2025-01-31', assignedAt: '2024-12-20T09:00:00.000Z' }]
      : [],
};

describe('owner facts from an identity held in memory', () => {
  it('walks the supervisor tree up, nearest first, and stops at a loop', () => {
    expect(supervisorChainOf('ann', identity)).toEqual(['lee', 'max', '1']);
    expect(supervisorChainOf('1', identity)).toEqual([]);
    expect(supervisorChainOf('loop', identity)).toEqual(['pip', 'loop']);
  });

  it('walks the group tree up, nearest first, and stops at a missing group or a loop', () => {
    expect(groupChainOf('workers', identity).map((g) => g.id)).toEqual(['workers', 'leads', 'region']);
    expect(groupChainOf('gone', identity)).toEqual([]);
    expect(groupChainOf(null, identity)).toEqual([]);
    expect(groupChainOf('a', identity).map((g) => g.id)).toEqual(['a', 'b']);
  });

  it('gives the policy what it decides with: supervisors, Report to Parent Group, temporary access', () => {
    const record = { ownerId: 'ann', createdAt: '2025-01-15T10:00:00.000Z' };
    const decide = (actorId: string, groupId: string, privileges: string[]) =>
      decideRowAccess(
        personActor({ id: actorId, userGroupId: groupId, agencyId: null }, privileges),
        record,
        ownerFactsIn(identity, 'ann', actorId),
      );
    expect(decide('max', 'region', ['Assessment_View'])).toEqual({ view: true, edit: true, reason: 'supervisor' });
    expect(decide('gus', 'leads', ['Assessment_View'])).toEqual({ view: true, edit: false, reason: 'parent-group' });
    expect(decide('gus', 'leads', ['Assessment_View', 'Manage_Parent_Case'])).toEqual({ view: true, edit: true, reason: 'parent-group' });
    expect(decide('del', 'other', ['Assessment_View'])).toEqual({ view: true, edit: true, reason: 'temporary-access' });
    expect(decide('zed', 'region', ['Assessment_View'])).toEqual({ view: false, edit: false, reason: 'none' });
  });

  it('builds a person as the policy sees them: user 1 is the administrator with every privilege', () => {
    const administrator = personActor({ id: '1', userGroupId: '1', agencyId: null }, []);
    expect(administrator).toMatchObject({ kind: 'user', isAdministrator: true, groupId: '1' });
    expect(administrator.privileges).toContain('Assessment_View');
    expect(personActor({ id: 'ann', userGroupId: 'workers', agencyId: 'north' }, ['Assessment_View', 'not-a-privilege'])).toEqual({
      id: 'ann',
      kind: 'user',
      isAdministrator: false,
      privileges: ['Assessment_View'],
      groupId: 'workers',
      agencyId: 'north',
    });
  });
});
