/**
 * GET /assessments/{id}/history and history.csv (issue 16) through the Nest app: an assessment driven through the
 * HTTP commands, then its history read back — sentences, field changes, users with their groups, sessions of work,
 * the filters, the reads of it as 'viewed' entries, the CSV parsed back, and who may see it.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { assessmentStreamId } from '@cans/domain/assessments';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { MONITOR_GROUP_ID } from '../../identity/user-groups/built-in-groups';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { AssessmentsApi, Json, childForm, createOrganisation, seedTestLibrary } from '../assessments.test-support';
import { HISTORY_CSV_COLUMNS } from './history-csv';
import { DrivenAssessment, RETURN_REASON, driveReturnedAndApproved, entriesOf, readsRecorded } from './history.test-support';

const backends = httpTestBackends();
/** Every kind but the reads: the sessions of the edits alone, whatever was read meanwhile. */
const EDIT_KINDS = 'created,child,caregiver,rating,comment,narrative,status,sharing,reports,owner';

describe.each(backends)('Assessment history over HTTP (%s)', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  let worker: AssessmentsApi;
  let supervisor: AssessmentsApi;
  let outsider: AssessmentsApi;
  let monitor: AssessmentsApi;
  let driven: DrivenAssessment;

  const historyOf = (api: AssessmentsApi, query: Record<string, string> = {}) => api.get(`/api/assessments/${driven.id}/history`, query);

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
    const api = (id: string) => new AssessmentsApi(t, `Bearer ${t.tokenForUser(id)}`, id);
    worker = api(ids.worker);
    supervisor = api(ids.supervisor);
    outsider = api(ids.outsider);
    // A view-only monitor under the administrator: Case_Monitor gives row access to every assessment.
    const created = await t.http().post('/api/users').set('Authorization', `Bearer ${t.adminToken()}`).send({
      firstName: 'Mona',
      lastName: 'Tester',
      username: 'monitor',
      email: 'monitor@example.test',
      userGroupId: MONITOR_GROUP_ID,
      supervisorId: '1',
      externalId: 'monitor',
    });
    monitor = api(created.body.id);
    driven = await driveReturnedAndApproved(worker, supervisor, 'PID-HISTORY');
  });
  afterAll(() => t?.close());

  it('tells every change in a sentence with its field-level before and after, by whom and with the library version', async () => {
    const answer = await historyOf(supervisor, { kind: EDIT_KINDS });
    expect(answer.status).toBe(200);
    const history = answer.body;
    expect(history).toMatchObject({ assessmentId: driven.id, lastRevision: driven.revisions.approved, libraryVersion: expect.any(String) });
    const entries = entriesOf(history);
    expect(entries.map((e: Json) => e.revision)).toEqual([...Array(driven.revisions.approved + 1).keys()]);
    const sentence = (revision: number) => entries.find((e: Json) => e.revision === revision).sentence;

    const reRating = entries.find((e: Json) => e.revision === driven.revisions.rated);
    expect(reRating).toMatchObject({
      kind: 'rating',
      type: 'ItemRated',
      sentence: 'Rated Sleep 2 (was 1)',
      userId: ids.worker,
      userName: 'Worker Tester',
      groupName: 'T Workers',
      libraryVersion: history.libraryVersion,
      changes: [{ field: 'rating.T_SLEEP', label: 'Sleep', before: '1', after: '2' }],
    });
    const childChange = entries.find((e: Json) => e.revision === driven.revisions.childChanged);
    expect(childChange).toMatchObject({ kind: 'child', sentence: 'Changed Date of Birth from 03/15/2012 to 03/16/2012' });
    expect(childChange.changes).toEqual([
      { field: 'child.dateOfBirth', label: 'Date of Birth', before: '03/15/2012', after: '03/16/2012' },
    ]);
    expect(sentence(driven.revisions.returned)).toBe(`Returned: ${RETURN_REASON}`);
    expect(entries.find((e: Json) => e.revision === driven.revisions.returned)).toMatchObject({
      kind: 'status',
      userName: 'Supervisor Tester',
      groupName: 'T Supervisors',
    });
    expect(sentence(driven.revisions.reRated)).toBe('Rated Sleep 3 (was 2)');
    expect(sentence(driven.revisions.approved)).toBe('Approved');
    expect(entries.find((e: Json) => e.revision === driven.revisions.approved).changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'status', before: 'Pending Approval', after: 'Approved' })]),
    );
  });

  it('groups the entries into sessions of one user each and offers the users and kinds of the whole history', async () => {
    const history = (await historyOf(supervisor, { kind: EDIT_KINDS })).body;
    expect(history.sessions.map((s: Json) => [s.userName, s.groupName])).toEqual([
      ['Worker Tester', 'T Workers'],
      ['Supervisor Tester', 'T Supervisors'],
      ['Worker Tester', 'T Workers'],
      ['Supervisor Tester', 'T Supervisors'],
    ]);
    const [first] = history.sessions;
    expect(first.startedAt).toBe(first.entries[0].at);
    expect(first.endedAt).toBe(first.entries[first.entries.length - 1].at);
    expect(first.entries.map((e: Json) => e.kind)).toEqual(expect.arrayContaining(['created', 'rating', 'narrative', 'child', 'status']));
    expect(history.users).toEqual([
      { id: ids.supervisor, name: 'Supervisor Tester' },
      { id: ids.worker, name: 'Worker Tester' },
    ]);
    // Reads of the record are recorded in the background: 'viewed' joins the kinds once the first one has landed,
    // which the earlier requests' timing decides. The edits' kinds are these, in this order.
    expect(history.kinds.filter((kind: string) => kind !== 'viewed')).toEqual(['created', 'child', 'rating', 'narrative', 'status']);
  });

  it('filters by user and by kind (a comma list) while users and kinds stay those of the whole history', async () => {
    // The supervisor's own edits: their views of this history are recorded a moment after each read, so leave them out.
    const bySupervisor = (await historyOf(supervisor, { userId: ids.supervisor, kind: EDIT_KINDS })).body;
    expect(entriesOf(bySupervisor).map((e: Json) => e.sentence)).toEqual([`Returned: ${RETURN_REASON}`, 'Approved']);
    expect(bySupervisor.users.map((u: Json) => u.id)).toEqual(expect.arrayContaining([ids.worker, ids.supervisor]));
    expect(bySupervisor.kinds).toEqual(expect.arrayContaining(['created', 'rating', 'status']));

    const ratings = entriesOf((await historyOf(supervisor, { kind: 'rating' })).body);
    expect(ratings.map((e: Json) => e.sentence)).toEqual([
      'Rated Substance Use 0',
      'Rated Sleep 1',
      'Rated Sleep 2 (was 1)',
      'Rated Sleep 3 (was 2)',
    ]);
    const ratingsAndChild = entriesOf((await historyOf(supervisor, { kind: 'rating, child', userId: ids.worker })).body);
    expect(new Set(ratingsAndChild.map((e: Json) => e.kind))).toEqual(new Set(['rating', 'child']));
    expect(entriesOf((await historyOf(supervisor, { userId: randomUUID() })).body)).toEqual([]);
  });

  it('refuses an unknown kind with a field message (400), and appends nothing', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    await readsRecorded(t);
    const head = await store.headPosition();
    for (const kind of ['bogus', 'rating,bogus', 'Rating']) {
      const refused = await historyOf(supervisor, { kind });
      expect({ kind, status: refused.status, errors: refused.body.errors }).toEqual({
        kind,
        status: 400,
        errors: { kind: ['Unknown kind of change.'] },
      });
    }
    expect((await historyOf(supervisor, { unexpected: '1' })).status).toBe(400);
    await readsRecorded(t);
    expect(await store.headPosition()).toBe(head);
  });

  it('downloads the history as CSV: one row per field change, an entry without changes on one row, no PID in the file name', async () => {
    const answer = await t
      .http()
      .get(`/api/assessments/${driven.id}/history.csv`)
      .query({ kind: EDIT_KINDS })
      .set('Authorization', supervisor.token)
      .buffer(true);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="cans-history-${driven.id}.csv"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const rows: string[][] = parse(answer.text);
    expect(rows[0]).toEqual(HISTORY_CSV_COLUMNS);
    const record = (row: string[]) => Object.fromEntries(HISTORY_CSV_COLUMNS.map((column, i) => [column, row[i]]));
    const records = rows.slice(1).map(record);
    expect(records).toContainEqual(
      expect.objectContaining({
        User: 'Worker Tester',
        Group: 'T Workers',
        Kind: 'child',
        Change: 'Changed Date of Birth from 03/15/2012 to 03/16/2012',
        Field: 'Date of Birth',
        Before: '03/15/2012',
        After: '03/16/2012',
        Revision: String(driven.revisions.childChanged),
      }),
    );
    expect(records).toContainEqual(expect.objectContaining({ Change: 'Rated Sleep 3 (was 2)', Field: 'Sleep', Before: '2', After: '3' }));
    const history = (await historyOf(supervisor, { kind: EDIT_KINDS })).body;
    const expectedRows = entriesOf(history).reduce((n: number, e: Json) => n + Math.max(1, e.changes.length), 0);
    expect(records).toHaveLength(expectedRows);
    expect(answer.headers['content-disposition']).not.toContain('PID');

    const statusOnly = await t.http().get(`/api/assessments/${driven.id}/history.csv?kind=status`).set('Authorization', supervisor.token);
    const filtered: string[][] = parse(statusOnly.text);
    expect(new Set(filtered.slice(1).map((row) => record(row).Kind))).toEqual(new Set(['status']));
  });

  it('shows the reads of the record as "viewed" entries, once per read', async () => {
    const viewed = async () => entriesOf((await historyOf(supervisor, { kind: 'viewed' })).body);
    await readsRecorded(t);
    const before = await viewed();
    expect((await supervisor.get(`/api/assessments/${driven.id}/as-of`, { revision: String(driven.revisions.completed) })).status).toBe(
      200,
    );
    expect((await supervisor.get(`/api/assessments/${driven.id}/compare`, { revision: String(driven.revisions.completed) })).status).toBe(
      200,
    );
    expect((await monitor.get(`/api/assessments/${driven.id}/summary`, { revision: String(driven.revisions.completed) })).status).toBe(200);
    await readsRecorded(t);
    const added = (await viewed()).slice(before.length);
    // Reading the history is reading the record too: the read that gave `before` comes first.
    expect(added.map((e: Json) => [e.sentence, e.revision, e.kind, e.type, e.changes])).toEqual([
      ['Viewed by Supervisor Tester (Assessment history)', null, 'viewed', 'AssessmentRecordsRead', []],
      ['Viewed by Supervisor Tester (Assessment as it was)', null, 'viewed', 'AssessmentRecordsRead', []],
      ['Viewed by Supervisor Tester (Assessment comparison)', null, 'viewed', 'AssessmentRecordsRead', []],
      ['Viewed by Mona Tester (CANS Summary)', null, 'viewed', 'AssessmentRecordsRead', []],
    ]);
    expect(added[1]).toMatchObject({ userId: ids.supervisor, groupName: 'T Supervisors', libraryVersion: expect.any(String) });
    const all = (await historyOf(supervisor)).body;
    expect(all.kinds).toContain('viewed');
    expect(all.users.map((u: Json) => u.name)).toContain('Mona Tester');
  });

  it('is visible to whoever may view the assessment (Case_Monitor too); 404 without row access, for unknown or deleted ones', async () => {
    expect((await historyOf(monitor)).status).toBe(200);
    for (const path of ['history', 'history.csv']) {
      const idor = await outsider.get(`/api/assessments/${driven.id}/${path}`);
      expect({ path, status: idor.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(idor.body ?? '')).not.toContain('PID-HISTORY');
      expect((await supervisor.get(`/api/assessments/${randomUUID()}/${path}`)).status).toBe(404);
    }
    const doomed = await worker.start(childForm({ cin: 'PID-HISTORY-DELETED' }));
    expect((await worker.post(`/api/assessments/${doomed.id}/delete`, {})).status).toBe(204);
    expect((await worker.get(`/api/assessments/${doomed.id}/history`)).status).toBe(404);
  });

  it('answers the whole history of a 500-event assessment, one entry per event in order (its speed: npm run bench)', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-HISTORY-LONG' }));
    const store = t.app.get<EventStore>(EVENT_STORE);
    const ratings = ['0', '1', '2', '3'];
    const metadata = { userId: ids.worker, correlationId: randomUUID(), causationId: null };
    const events = Array.from({ length: 497 }, (_, i) => ({
      type: 'ItemRated',
      data: { assessmentId: id, questionCode: i % 2 ? 'T_SLEEP' : 'T_SUBSTANCE_USE', caregiverId: null, rating: ratings[i % 4] },
      metadata,
    }));
    await store.append(assessmentStreamId(id), events, 'any');
    const answer = await worker.get(`/api/assessments/${id}/history`);
    const changes = entriesOf(answer.body).filter((e: Json) => e.revision !== null);
    expect(changes).toHaveLength(500);
    expect(changes.map((e: Json) => e.revision)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});
