import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { createTestPgliteDatabase, TestDatabase } from '@cans/storage/test-support/databases';
import { allProjections } from '../index';
import { applyEvents, Projection } from './projection';
import { ProjectionUnitOfWork } from './projection-unit-of-work';
import { RebuildWorkingSet } from './rebuild-working-set';

/** A log touching every projection: creations, edits, moves between groups, deletions, patches of missing ids. */
function eventLog(): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, number>();
  const add = (streamId: string, type: string, data: object, userId: string | null = 'u1') => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const position = events.length + 1;
    const day = String(1 + (position % 27)).padStart(2, '0');
    events.push({
      eventId: `e${position}`,
      type,
      data,
      schemaVersion: 1,
      streamId,
      revision,
      position,
      recordedAt: `2025-03-${day}T10:00:00.000Z`,
      metadata: { userId, correlationId: 'c', causationId: null, ip: '::ffff:10.0.0.1' },
    });
  };
  const account = (userId: string, supervisorId: string | null) => ({
    userId,
    firstName: 'Fay',
    lastName: userId,
    username: `eo_${userId}`,
    email: `${userId}@example.org`,
    phone: null,
    status: 1,
    userGroupId: 'g1',
    supervisorId,
    agencyId: 'a1',
    externalId: null,
    expirationDate: null,
  });
  const group = { groupId: 'g1', name: 'Workers', description: '', parentGroupId: null, reportsToParent: false, privileges: [] };
  add('agency-a1', 'AgencyCreated', { agencyId: 'a1', name: 'North', displayName: 'N' }, null);
  add('agency-a2', 'AgencyCreated', { agencyId: 'a2', name: 'South', displayName: 'S' }, null);
  add('agency-a2', 'AgencyUpdated', { agencyId: 'a2', name: 'South side', displayName: 'SS' });
  add('agency-a9', 'AgencyUpdated', { agencyId: 'a9', name: 'Never created', displayName: 'X' });
  add('user-group-g1', 'UserGroupCreated', group, null);
  add('user-group-g1', 'UserGroupUpdated', { ...group, name: 'Case workers' });
  add('user-s1', 'UserCreated', account('s1', null), null);
  add('user-s2', 'UserCreated', account('s2', null), null);
  for (const w of ['w1', 'w2', 'w3']) add(`user-${w}`, 'UserCreated', account(w, 's1'), null);
  add('credentials-w1', 'PasswordAssigned', { userId: 'w1', passwordHash: 'h' }, null);
  add('user-w2', 'UserUpdated', { ...account('w2', 's2'), firstName: 'Gil' });
  add('user-w3', 'UserProfileUpdated', { userId: 'w3', firstName: 'Hal', lastName: 'Renamed', email: 'w3@example.org', phone: '555 0101' });
  add(
    'credentials-w1',
    'SignInSucceeded',
    { userId: 'w1', sessionId: 's-1', method: 'remembered-device', rememberMe: true, expiresAt: '2025-04-01T00:00:00.000Z' },
    null,
  );
  add('credentials-w1', 'SessionEnded', { userId: 'w1', sessionId: 's-1', reason: 'logout' }, 'w1');
  add('credentials-w9', 'SessionEnded', { userId: 'w9', sessionId: 's-9', reason: 'logout' }, 'w9');
  add('credentials-w2', 'SignInFailed', { userId: 'w2', login: 'w2', reason: 'wrong-password', failedAttempts: 1 }, null);
  add('credentials-w2', 'SignInLockedOut', { userId: 'w2', login: 'w2', failedAttempts: 5, lockedUntil: '2025-03-02T00:00:00.000Z' }, null);
  add(
    'api-user-p1',
    'ApiUserCreated',
    { apiUserId: 'p1', username: 'Api1', passwordHash: 'h', allowedIp: '10.0.0.1', maxRecords: 10 },
    null,
  );
  add(
    'api-user-p2',
    'ApiUserCreated',
    { apiUserId: 'p2', username: 'Api2', passwordHash: 'h', allowedIp: '10.0.0.3', maxRecords: 5 },
    null,
  );
  add(
    'api-client-signin-p1',
    'ApiClientSignedIn',
    { apiUserId: 'p1', username: 'Api1', sessionId: 'ps-1', expiresAt: '2025-04-01T00:00:00.000Z' },
    null,
  );
  add('api-user-p1', 'ApiUserUpdated', { apiUserId: 'p1', username: 'Api-One', allowedIp: '10.0.0.2', maxRecords: 20 });
  add(
    'access-assignments-w1',
    'TemporaryAccessAssigned',
    { assignmentId: 't1', ownerId: 'w1', delegateId: 'w2', startsOn: '2025-03-01', endsOn: '2025-03-09' },
    'w1',
  );
  add(
    'access-assignments-w1',
    'TemporaryAccessAssigned',
    { assignmentId: 't2', ownerId: 'w1', delegateId: 'w3', startsOn: '2025-03-01', endsOn: '2025-03-09' },
    'w1',
  );
  add('access-assignments-w1', 'TemporaryAccessRevoked', { assignmentId: 't1', ownerId: 'w1', delegateId: 'w2' }, 'w1');
  const item = (itemId: string, type: string, parentId: string | null, order: number) => ({
    itemId,
    code: itemId.toUpperCase(),
    type,
    parentId,
    order,
    visible: true,
    caregiverItem: false,
    name: itemId.toUpperCase(),
    shortName: null,
    description: '',
    ageMin: null,
    ageMax: null,
    answers: null,
    ratingMeaning: null,
    actionableRatings: null,
  });
  add('library', 'LibraryItemAdded', item('d1', 'domain', null, 1), null);
  add('library', 'LibraryItemAdded', item('m1', 'module', 'd1', 1), null);
  add('library', 'LibraryItemAdded', item('q1', 'question', 'm1', 1), null);
  add('library', 'LibraryItemAdded', item('q2', 'question', 'd1', 2), null);
  add('library', 'LibraryItemVisibilityChanged', { itemId: 'q1', visible: false, changedItemIds: ['q1'] });
  // Assessments: two of one child (re-assessment), ratings, transitions, a share, a reassignment, a deletion.
  const child = (cin: string, dateOfAssessment: string) => ({
    cin,
    familyId: null,
    firstName: 'Ava',
    lastName: cin,
    gender: 'F',
    raceEthnicity: 'White British',
    primaryLanguage: 'English',
    medicaidNumber: '1',
    age: 10,
    dateOfBirth: '2015-01-01',
    address: null,
    city: null,
    zip: null,
    county: null,
    dateOfAssessment,
    caseOpeningDate: '2024-01-01',
    assessorPhoneNumber: null,
    daysToNextAssessment: null,
    lookedAfterChild: 'N',
    lookedAfterStatus: null,
    involvement: null,
    assessmentScope: null,
    recommendationsNote: null,
  });
  const assessment = (id: string, owner: string, cin: string, dateOfAssessment: string) => {
    const stream = `assessment-${id}`;
    add(
      stream,
      'AssessmentStarted',
      { assessmentId: id, ownerId: owner, agencyId: 'a1', assessmentType: '62', previousAssessmentId: null },
      owner,
    );
    add(stream, 'AssessmentLibraryVersionRecorded', { assessmentId: id, instrumentCode: 'CANS', version: '1' }, owner);
    add(stream, 'ChildInformationSaved', { assessmentId: id, child: child(cin, dateOfAssessment) }, owner);
    add(stream, 'ItemRated', { assessmentId: id, questionCode: 'Q1', caregiverId: null, rating: '2' }, owner);
    add(stream, 'ItemRated', { assessmentId: id, questionCode: 'Q2', caregiverId: null, rating: '1' }, owner);
    return stream;
  };
  const x1 = assessment('x1', 'w1', 'PID-1', '2025-01-10');
  const x2 = assessment('x2', 'w2', 'PID-1', '2025-02-10');
  const x3 = assessment('x3', 'w1', 'PID-2', '2025-02-11');
  add(x1, 'AssessmentCompleted', { assessmentId: 'x1', completedBy: 'w1' }, 'w1');
  add(x1, 'AssessmentApproved', { assessmentId: 'x1', approvedBy: 's1' }, 's1');
  add(x2, 'AssessmentSharedWithUsers', { assessmentId: 'x2', userIds: ['w3'], grantedBy: { w3: 'w2' } }, 'w2');
  add(x2, 'AssessmentReassigned', { assessmentId: 'x2', fromUserId: 'w2', toUserId: 'w3', agencyId: 'a2' }, 's1');
  add(x2, 'AssessmentCompleted', { assessmentId: 'x2', completedBy: 'w3' }, 'w3');
  add(x2, 'AssessmentApproved', { assessmentId: 'x2', approvedBy: 's1' }, 's1');
  // Reads of the records (the audit's own streams): one view, one export naming both.
  add(
    'record-reads-2025-03-04',
    'AssessmentRecordsRead',
    { assessmentIds: ['x1'], what: 'summary-pdf', readAt: '2025-03-04T09:00:00.000Z' },
    's1',
  );
  add(
    'record-reads-2025-03-04',
    'AssessmentRecordsRead',
    { assessmentIds: ['x1', 'x2'], what: 'export-xlsx', readAt: '2025-03-04T09:05:00.000Z' },
    '1',
  );
  add(x2, 'AssessmentExcludedFromReports', { assessmentId: 'x2' }, 's1');
  add(x3, 'ChildInformationSaved', { assessmentId: 'x3', child: child('PID-1', '2025-03-01') }, 'w1');
  add(x3, 'AssessmentDeleted', { assessmentId: 'x3', deletedBy: 's1', previousStatus: 'incomplete' }, 's1');
  add('user-w1', 'UserUpdated', { ...account('w1', 's1'), firstName: 'Wren' });
  add('user-s1', 'UserDeleted', { userId: 's1', successorUserId: 's2', reassignedSuperviseeIds: ['w1', 'w3'] });
  add('agency-a1', 'AgencyDeleted', { agencyId: 'a1' });
  add('api-user-p1', 'ApiUserDeleted', { apiUserId: 'p1' });
  const savedQuery = (queryId: string, comparison: Record<string, string> | null) => ({
    queryId,
    report: 'many-children-one-cans',
    query: { minAge: '5', domains: 'LIFE_FUNCTIONING' },
    comparison,
    savedBy: 'w1',
    savedAt: '2025-03-20T10:00:00.000Z',
  });
  add('report-query-q1aaaaaaaaaa', 'ReportQuerySaved', savedQuery('q1aaaaaaaaaa', null), 'w1');
  add('report-query-q2bbbbbbbbbb', 'ReportQuerySaved', savedQuery('q2bbbbbbbbbb', { compareAgency: 'a2' }), 's2');
  // Settings and help: saved again, so a rebuild must keep the last save.
  add('setting-app-version', 'AppVersionSaved', { version: '2.0' }, '1');
  add('setting-app-version', 'AppVersionSaved', { version: '2.1' }, '1');
  add('setting-notification', 'SystemNotificationSaved', { content: '<p>Closed Friday</p>' }, '1');
  const mailServer = { smtp: 'smtp.example.org', port: 587, userName: null, fromEmail: 'cans@example.org', fromName: 'CANS', sslKey: 2 };
  add('setting-email-server', 'EmailServerSaved', { ...mailServer, passwordSealed: 'v1:AAAA' }, '1');
  add('setting-email-server', 'EmailServerSaved', { ...mailServer, port: 465, sslKey: 3, passwordSealed: 'v1:BBBB' }, '1');
  add('help-/home', 'HelpContentSaved', { path: '/home', content: '<p>Your caseload</p>' }, '1');
  add('help-/users', 'HelpContentSaved', { path: '/users', content: '' }, '1');
  add('help-/home', 'HelpContentSaved', { path: '/home', content: '<p>Your caseload, by status</p>' }, '1');
  add('setting-child-labels', 'ChildLabelSaved', { fieldName: 'Assessor', displayName: 'Case Worker', status: 1 }, '1');
  add('setting-child-labels', 'ChildLabelSaved', { fieldName: 'Assessor', displayName: 'Case Worker', status: 0 }, '1');
  add('option-list-initialized', 'OptionListItemAdded', { list: 'initialized', itemId: '65', name: 'Review' }, '1');
  add(
    'option-list-initialized',
    'OptionListItemRenamed',
    { list: 'initialized', itemId: '65', name: 'Six-month Review', previousName: 'Review' },
    '1',
  );
  add('option-list-fosterCareStatus', 'OptionListItemDeleted', { list: 'fosterCareStatus', itemId: 'DoLO', name: 'DoLO' }, '1');
  // After the approvals: the list projection recomputes the due dates that come from the months.
  add('setting-reminders', 'ReminderSettingsSaved', { daysOfIncompletionAlert: 14, monthOfNextCaseAlert: 3, daysOfTimeoutAlert: 10 }, '1');
  add(
    'email-template-CreateUser',
    'EmailTemplateSaved',
    { templateName: 'CreateUser', subject: 'Welcome', body: '<p>Hi {{userName}}</p>' },
    '1',
  );
  add(
    'email-template-CreateUser',
    'EmailTemplateSaved',
    { templateName: 'CreateUser', subject: 'Welcome!', body: '<p>Hello {{userName}}</p>' },
    '1',
  );
  // An analyst's projection: published twice, unpublished, published again.
  const declared = [{ name: 'n', label: 'Events', fields: [{ name: 'events', type: 'count' }] }];
  const published = (version: number, code: string) => ({
    name: 'events-per-type',
    label: 'Events per type',
    description: '',
    version,
    code,
    collections: declared,
    publishedBy: '1',
  });
  add('analyst-projection-events-per-type', 'AnalystProjectionPublished', published(1, 'const collections = {};'), '1');
  add('analyst-projection-events-per-type', 'AnalystProjectionPublished', published(2, 'const collections = { n: 1 };'), '1');
  add(
    'analyst-projection-events-per-type',
    'AnalystProjectionUnpublished',
    { name: 'events-per-type', version: 2, unpublishedBy: '1' },
    '1',
  );
  add('analyst-projection-events-per-type', 'AnalystProjectionPublished', published(3, 'const collections = { n: 2 };'), '1');
  return events;
}

describe('RebuildWorkingSet', () => {
  let database: TestDatabase;
  let store: ReadStore;

  beforeAll(async () => {
    database = await createTestPgliteDatabase();
    store = await SqlReadStore.create(database.client);
  });
  afterAll(async () => {
    await store.close();
    await database.dispose();
  });

  /** Replays the log in batches into `<collection>__<suffix>`, as a rebuild does, and answers every collection's documents. */
  async function replay(projection: Projection, suffix: string, batchSize: number, workingSet?: RebuildWorkingSet) {
    const physicalNames = new Map(projection.collections.map((c) => [c.name, `${c.name}__${suffix}`]));
    for (const name of physicalNames.values()) await store.ensureCollection({ name });
    const log = eventLog();
    for (let first = 0; first < log.length; first += batchSize) {
      const unitOfWork = new ProjectionUnitOfWork(store, { physicalNames, workingSet });
      await applyEvents(projection, log.slice(first, first + batchSize), unitOfWork);
      await unitOfWork.settle();
      await store.apply(unitOfWork.operations());
      unitOfWork.commit();
    }
    const documents: Record<string, Document[]> = {};
    for (const [logical, physical] of physicalNames)
      documents[logical] = await store.find(physical, {}, { sort: [{ field: 'id', direction: 'asc' }] });
    return documents;
  }

  it.each(allProjections.map((projection, index) => [projection.name, index, projection] as const))(
    '%s: a rebuild through the working set stores the same documents as one without it (also when it spills)',
    async (_name, index, projection) => {
      const key = `p${index}`;
      const without = await replay(projection, `${key}a`, 4);
      expect(Object.values(without).some((documents) => documents.length > 0)).toBe(true);
      expect(await replay(projection, `${key}b`, 4, new RebuildWorkingSet())).toEqual(without);
      // Two documents at most in memory: most lookups go back to the store, and must still agree.
      expect(await replay(projection, `${key}c`, 4, new RebuildWorkingSet({ maxDocuments: 2 }))).toEqual(without);
      // One big batch: everything in the unit of work, nothing yet in the set.
      expect(await replay(projection, `${key}d`, 1000, new RebuildWorkingSet())).toEqual(without);
      // As a live projection's cache: two documents held, the ids of a collection loaded at its first absent read.
      const live = new RebuildWorkingSet({ startsEmpty: false, maxDocuments: 2, absentReadsBeforeLoadingIds: 1 });
      expect(await replay(projection, `${key}e`, 4, live)).toEqual(without);
    },
  );

  it('answers a never-written document with null, and a written one from memory, without a query', async () => {
    const workingSet = new RebuildWorkingSet();
    const noReads = { ...store, get: () => Promise.reject(new Error('no query expected')) } as unknown as ReadStore;
    const first = new ProjectionUnitOfWork(noReads, { workingSet });
    expect(await first.get('things', 'a')).toBeNull();
    first.upsert('things', { id: 'a', list: [1] });
    first.patch('things', 'never-written', { x: 1 });
    expect(first.operations()).toEqual([{ kind: 'upsert', collection: 'things', document: { id: 'a', list: [1] } }]);
    first.commit();

    const second = new ProjectionUnitOfWork(noReads, { workingSet });
    const read = (await second.get<{ id: string; list: number[] }>('things', 'a'))!;
    read.list.push(2);
    expect(await second.get('things', 'a')).toEqual({ id: 'a', list: [1] });
    second.patch('things', 'a', { y: 2 });
    expect(second.operations()).toEqual([{ kind: 'upsert', collection: 'things', document: { id: 'a', list: [1], y: 2 } }]);
  });

  it('reads a spilled document back from the store, and holds no more documents than allowed', async () => {
    await store.ensureCollection({ name: 'spill_things' });
    const workingSet = new RebuildWorkingSet({ maxDocuments: 1 });
    const writes = new ProjectionUnitOfWork(store, { workingSet });
    writes.upsert('spill_things', { id: 'a', n: 1 });
    writes.upsert('spill_things', { id: 'b', n: 2 });
    await store.apply(writes.operations());
    writes.commit();
    expect(workingSet.size).toBe(1);
    const reads = new ProjectionUnitOfWork(store, { workingSet });
    expect(await reads.get('spill_things', 'a')).toEqual({ id: 'a', n: 1 });
    expect(await reads.get('spill_things', 'b')).toEqual({ id: 'b', n: 2 });
    expect(await reads.get('spill_things', 'c')).toBeNull();
  });

  it('as a live cache, answers absent from the loaded ids without a query, and the ids follow committed writes', async () => {
    await store.ensureCollection({ name: 'live_things' });
    await store.apply([{ kind: 'upsert', collection: 'live_things', document: { id: 'stored-before', n: 0 } }]);
    const workingSet = new RebuildWorkingSet({ startsEmpty: false, maxDocuments: 1, absentReadsBeforeLoadingIds: 2 });
    let gets = 0;
    const counted: ReadStore = Object.assign(Object.create(store) as ReadStore, {
      get: (collection: string, id: string) => (gets++, store.get(collection, id)),
    });
    const reads = new ProjectionUnitOfWork(counted, { workingSet });
    expect(await reads.get('live_things', 'x')).toBeNull();
    expect(await reads.get('live_things', 'y')).toBeNull(); // the second absent read loads the ids
    expect(gets).toBe(2);
    expect(await reads.get('live_things', 'z')).toBeNull();
    expect(gets).toBe(2);
    expect(await reads.get('live_things', 'stored-before')).toEqual({ id: 'stored-before', n: 0 });
    expect(gets).toBe(3);

    const writes = new ProjectionUnitOfWork(counted, { workingSet });
    writes.upsert('live_things', { id: 'a', n: 1 });
    writes.upsert('live_things', { id: 'b', n: 2 }); // the set holds one document: 'a' is let go, its id kept
    writes.delete('live_things', 'stored-before');
    await store.apply(writes.operations());
    writes.commit();
    const after = new ProjectionUnitOfWork(counted, { workingSet });
    expect(await after.get('live_things', 'a')).toEqual({ id: 'a', n: 1 });
    expect(gets).toBe(4);
    expect(await after.get('live_things', 'stored-before')).toBeNull();
    expect(gets).toBe(4);
  });

  it('writes and reads physical collections when given their names', async () => {
    await store.ensureCollection({ name: 'logical_g7' });
    const writes = new ProjectionUnitOfWork(store, { physicalNames: new Map([['logical', 'logical_g7']]) });
    writes.upsert('logical', { id: 'a' });
    expect(writes.operations()).toEqual([{ kind: 'upsert', collection: 'logical_g7', document: { id: 'a' } }]);
    await store.apply(writes.operations());
    expect(await new ProjectionUnitOfWork(store, { physicalNames: new Map([['logical', 'logical_g7']]) }).get('logical', 'a')).toEqual({
      id: 'a',
    });
  });
});
