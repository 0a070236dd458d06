import {
  AccessActor,
  AccessScope,
  accessScopeFilter,
  decideRowAccess,
  GroupLink,
  OwnerFacts,
  reportsUpTo,
  scopeAllows,
  seesEveryRecord,
} from './row-access-policy';

const actor = (overrides: Partial<AccessActor> = {}): AccessActor => ({
  id: 'me',
  kind: 'user',
  isAdministrator: false,
  privileges: [],
  groupId: 'g-me',
  agencyId: 'agency-a',
  ...overrides,
});
const noFacts: OwnerFacts = { supervisorChain: [], groupChain: [], assignmentsToActor: [] };
const link = (id: string, parentGroupId: string | null, reportsToParent: boolean): GroupLink => ({ id, parentGroupId, reportsToParent });

describe('decideRowAccess: the row-access rules, one record at a time', () => {
  it('lets the administrator see and edit everything', () => {
    expect(decideRowAccess(actor({ isAdministrator: true }), { ownerId: 'someone' }, noFacts)).toEqual({
      view: true,
      edit: true,
      reason: 'administrator',
    });
  });

  it('lets owners see and edit their own records, and nobody else by default', () => {
    expect(decideRowAccess(actor(), { ownerId: 'me' }, noFacts)).toEqual({ view: true, edit: true, reason: 'owner' });
    expect(decideRowAccess(actor(), { ownerId: 'other', agencyId: 'agency-a' }, noFacts)).toEqual({
      view: false,
      edit: false,
      reason: 'none',
    });
  });

  it('lets the users a record is shared with see and edit it', () => {
    expect(decideRowAccess(actor(), { ownerId: 'other', sharedWith: ['x', 'me'] }, noFacts)).toEqual({
      view: true,
      edit: true,
      reason: 'shared',
    });
    expect(decideRowAccess(actor(), { ownerId: 'other', sharedWith: ['x'] }, noFacts).view).toBe(false);
  });

  it('lets every supervisor up the tree see and edit a supervisee’s records', () => {
    expect(decideRowAccess(actor(), { ownerId: 'worker' }, { ...noFacts, supervisorChain: ['sup', 'me', 'top'] })).toEqual({
      view: true,
      edit: true,
      reason: 'supervisor',
    });
    expect(decideRowAccess(actor({ id: 'top' }), { ownerId: 'worker' }, { ...noFacts, supervisorChain: ['sup', 'me', 'top'] }).reason).toBe(
      'supervisor',
    );
    // A supervisee does not see the supervisor's records.
    expect(decideRowAccess(actor({ id: 'worker' }), { ownerId: 'sup' }, { ...noFacts, supervisorChain: ['me'] }).view).toBe(false);
  });

  it('grants temporary access for records created inside the assignment’s days (inclusive)', () => {
    const facts = {
      ...noFacts,
      assignmentsToActor: [{ startsOn: '2025-07-01', endsOn: '2025-07-14', assignedAt: '2025-06-20T09:00:00.000Z' }],
    };
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-07-01T00:00:00.000Z' }, facts)).toEqual({
      view: true,
      edit: true,
      reason: 'temporary-access',
    });
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-07-14T23:59:59.999Z' }, facts).edit).toBe(true);
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-06-30T23:59:59.999Z' }, facts).view).toBe(false);
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-07-15T00:00:00.000Z' }, facts).view).toBe(false);
    expect(decideRowAccess(actor(), { ownerId: 'away' }, facts).view).toBe(false);
  });

  it('never grants temporary access to records created before the assignment was made, even on its first day', () => {
    const startingToday = {
      ...noFacts,
      assignmentsToActor: [{ startsOn: '2025-07-01', endsOn: '2025-07-14', assignedAt: '2025-07-01T10:00:00.000Z' }],
    };
    // The caseload of that morning stays the owner's; what they create after assigning is the delegate's too.
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-07-01T09:59:59.999Z' }, startingToday).view).toBe(false);
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-07-01T10:00:00.000Z' }, startingToday).reason).toBe(
      'temporary-access',
    );
    expect(decideRowAccess(actor(), { ownerId: 'away', createdAt: '2025-07-03T08:00:00.000Z' }, startingToday).edit).toBe(true);
  });

  it('sees every record: the administrator, API clients and a Case_Monitor without an agency (seesEveryRecord)', () => {
    expect(seesEveryRecord(actor({ isAdministrator: true }))).toBe(true);
    expect(seesEveryRecord(actor({ kind: 'api-client' }))).toBe(true);
    expect(seesEveryRecord(actor({ privileges: ['Case_Monitor'], agencyId: null }))).toBe(true);
    expect(seesEveryRecord(actor({ privileges: ['Case_Monitor'], agencyId: 'agency-a' }))).toBe(false);
    expect(seesEveryRecord(actor({ privileges: ['Assessment_View', 'DATA_FEED_SHOW'], agencyId: null }))).toBe(false);
  });

  it("follows 'Report to Parent Group' upwards while each group reports; edit needs Manage_Parent_Case", () => {
    const chain = [link('workers', 'supervisors', true), link('supervisors', 'g-me', true), link('g-me', 'state', false)];
    expect(decideRowAccess(actor({ groupId: 'supervisors' }), { ownerId: 'w' }, { ...noFacts, groupChain: chain })).toEqual({
      view: true,
      edit: false,
      reason: 'parent-group',
    });
    expect(decideRowAccess(actor(), { ownerId: 'w' }, { ...noFacts, groupChain: chain })).toEqual({
      view: true,
      edit: false,
      reason: 'parent-group',
    });
    expect(decideRowAccess(actor({ privileges: ['Manage_Parent_Case'] }), { ownerId: 'w' }, { ...noFacts, groupChain: chain })).toEqual({
      view: true,
      edit: true,
      reason: 'parent-group',
    });
    // g-me does not report to state: state members see nothing through this rule.
    expect(decideRowAccess(actor({ groupId: 'state' }), { ownerId: 'w' }, { ...noFacts, groupChain: chain }).view).toBe(false);
    // A group that does not report breaks the chain even when a higher one does.
    const broken = [link('workers', 'supervisors', false), link('supervisors', 'g-me', true)];
    expect(decideRowAccess(actor(), { ownerId: 'w' }, { ...noFacts, groupChain: broken }).view).toBe(false);
    // Members of the same group are not parents of each other.
    expect(decideRowAccess(actor({ groupId: 'workers' }), { ownerId: 'w' }, { ...noFacts, groupChain: chain }).view).toBe(false);
    expect(reportsUpTo(chain, null)).toBe(false);
  });

  it('gives Case_Monitor read-only access to its agency, or to every agency without one', () => {
    const monitor = actor({ privileges: ['Case_Monitor'] });
    expect(decideRowAccess(monitor, { ownerId: 'x', agencyId: 'agency-a' }, noFacts)).toEqual({
      view: true,
      edit: false,
      reason: 'agency-monitor',
    });
    expect(decideRowAccess(monitor, { ownerId: 'x', agencyId: 'agency-b' }, noFacts).view).toBe(false);
    expect(decideRowAccess(monitor, { ownerId: 'x', agencyId: null }, noFacts).view).toBe(false);
    expect(
      decideRowAccess(actor({ privileges: ['Case_Monitor'], agencyId: null }), { ownerId: 'x', agencyId: 'agency-b' }, noFacts),
    ).toEqual({ view: true, edit: false, reason: 'state-monitor' });
    // Without the privilege, the same agency grants nothing.
    expect(decideRowAccess(actor(), { ownerId: 'x', agencyId: 'agency-a' }, noFacts).view).toBe(false);
  });

  it('lets API clients read everything and edit nothing, whatever else holds', () => {
    expect(decideRowAccess(actor({ kind: 'api-client', isAdministrator: false, id: 'x' }), { ownerId: 'x' }, noFacts)).toEqual({
      view: true,
      edit: false,
      reason: 'api-client',
    });
  });

  it('prefers the rule that grants editing: a supervisor who is also a monitor edits', () => {
    const both = actor({ privileges: ['Case_Monitor'] });
    expect(decideRowAccess(both, { ownerId: 'w', agencyId: 'agency-a' }, { ...noFacts, supervisorChain: ['me'] }).edit).toBe(true);
  });
});

describe('AccessScope: the same rules for lists', () => {
  const scope = (overrides: Partial<AccessScope> = {}): AccessScope => ({
    actorId: 'me',
    everything: false,
    editEverything: false,
    everythingReason: null,
    editableOwnerIds: [],
    viewableOwnerIds: [],
    agencyIds: [],
    temporary: [],
    ...overrides,
  });

  it('agrees with decideRowAccess rule by rule', () => {
    expect(scopeAllows(scope(), { ownerId: 'me' }).reason).toBe('owner');
    expect(scopeAllows(scope(), { ownerId: 'x', sharedWith: ['me'] }).reason).toBe('shared');
    expect(scopeAllows(scope({ editableOwnerIds: ['w'] }), { ownerId: 'w' })).toEqual({ view: true, edit: true, reason: 'supervisor' });
    expect(scopeAllows(scope({ viewableOwnerIds: ['w'] }), { ownerId: 'w' })).toEqual({ view: true, edit: false, reason: 'parent-group' });
    expect(scopeAllows(scope({ agencyIds: ['a'] }), { ownerId: 'x', agencyId: 'a' })).toEqual({
      view: true,
      edit: false,
      reason: 'agency-monitor',
    });
    expect(scopeAllows(scope({ everything: true, everythingReason: 'state-monitor' }), { ownerId: 'x' })).toEqual({
      view: true,
      edit: false,
      reason: 'state-monitor',
    });
    expect(scopeAllows(scope({ everything: true, editEverything: true }), { ownerId: 'x' })).toEqual({
      view: true,
      edit: true,
      reason: 'administrator',
    });
    expect(
      scopeAllows(
        scope({ temporary: [{ ownerId: 'away', startsOn: '2025-07-01', endsOn: '2025-07-02', assignedAt: '2025-06-01T00:00:00Z' }] }),
        {
          ownerId: 'away',
          createdAt: '2025-07-02T12:00:00Z',
        },
      ).reason,
    ).toBe('temporary-access');
    expect(
      scopeAllows(
        scope({ temporary: [{ ownerId: 'away', startsOn: '2025-07-01', endsOn: '2025-07-02', assignedAt: '2025-07-02T13:00:00Z' }] }),
        {
          ownerId: 'away',
          createdAt: '2025-07-02T12:00:00Z',
        },
      ).view,
    ).toBe(false);
    expect(scopeAllows(scope(), { ownerId: 'x' }).view).toBe(false);
  });

  it('turns into a read-store filter: owners, "|id|" sharing keys, agencies and date-bounded temporary access', () => {
    const filter = accessScopeFilter(
      scope({
        editableOwnerIds: ['w'],
        viewableOwnerIds: ['p'],
        agencyIds: ['a'],
        temporary: [
          { ownerId: 'away', startsOn: '2025-07-01', endsOn: '2025-07-14', assignedAt: '2025-06-20T09:00:00.000Z' },
          // Made on its first day: records from that moment on.
          { ownerId: 'off', startsOn: '2025-07-01', endsOn: '2025-07-14', assignedAt: '2025-07-01T10:00:00.000Z' },
        ],
      }),
      { ownerId: 'ownerId', sharedWithKey: 'sharedWithKey', agencyId: 'agencyId', createdAt: 'createdAt' },
    );
    expect(filter).toEqual({
      $or: [
        { ownerId: { $in: ['me', 'w', 'p'] } },
        { sharedWithKey: { $contains: '|me|' } },
        { $and: [{ ownerId: 'away' }, { createdAt: { $gte: '2025-07-01', $lt: '2025-07-15' } }] },
        { $and: [{ ownerId: 'off' }, { createdAt: { $gte: '2025-07-01T10:00:00.000Z', $lt: '2025-07-15' } }] },
        { agencyId: { $in: ['a'] } },
      ],
    });
    const editFilter = accessScopeFilter(
      scope({ editableOwnerIds: ['w'], viewableOwnerIds: ['p'], agencyIds: ['a'] }),
      { ownerId: 'ownerId', agencyId: 'agencyId' },
      'edit',
    );
    expect(editFilter).toEqual({ $or: [{ ownerId: { $in: ['me', 'w'] } }] });
    expect(accessScopeFilter(scope({ everything: true, editEverything: true }), { ownerId: 'ownerId' }, 'edit')).toEqual({});
    expect(accessScopeFilter(scope({ everything: true }), { ownerId: 'ownerId' }, 'view')).toEqual({});
    expect(accessScopeFilter(scope({ everything: true }), { ownerId: 'ownerId' }, 'edit')).toEqual({ $or: [{ ownerId: { $in: ['me'] } }] });
  });
});
