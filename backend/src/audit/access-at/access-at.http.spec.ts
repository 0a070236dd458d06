/**
 * "Who could see this assessment at that moment" through the Nest app: an organisation built through the API, then
 * changed after a moment X (a share, a new supervisor, a group losing Assessment_View, a revoked temporary access);
 * the answer at X is the organisation as it stood then, the answer for today the current one.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import {
  AssessmentsApi,
  childForm,
  Json,
  seedTestLibrary,
  Sent,
  SUPERVISOR_PRIVILEGES,
  WORKER_PRIVILEGES,
} from '../../assessments/assessments.test-support';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { AccessAtMessages } from './access-at.dto';

const backends = httpTestBackends();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('Who could see an assessment at a moment (%s)', (backend) => {
  let t: TestApp;
  let eventStore: EventStore;
  let admin: string;
  const ids: Record<string, string> = {};
  let worker: AssessmentsApi;
  let delegate: AssessmentsApi;
  let monitor: AssessmentsApi;
  let assessmentId: string;
  /** The moment before every change below: the recordedAt of the last event then. */
  let x: string;
  let createdAt: string;

  const send = async (method: 'post' | 'put' | 'get', path: string, body?: object): Promise<Json> => {
    const answer = await t.http()[method](path).set('Authorization', admin).send(body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const group = async (name: string, parentGroupId: string, privileges: string[]) =>
    (await send('post', '/api/user-groups', { name, parentGroupId, privileges })).id as string;
  const user = async (username: string, userGroupId: string, supervisorId: string, agencyId: string | null) =>
    (
      await send('post', '/api/users', {
        firstName: username[0].toUpperCase() + username.slice(1),
        lastName: 'Tester',
        username,
        email: `${username}@example.test`,
        userGroupId,
        supervisorId,
        agencyId,
        externalId: username,
      })
    ).id as string;
  const api = (id: string) => new AssessmentsApi(t, `Bearer ${t.tokenForUser(id)}`, id);

  const accessAt = async (caller: AssessmentsApi, at: string | undefined, id = assessmentId): Promise<Sent> => {
    await t.caughtUp();
    return caller.get(`/api/assessments/${id}/access-at`, at === undefined ? {} : { at });
  };
  /** userId → [reason, canEdit] of an answer. */
  const reasons = (sent: Sent): Record<string, [string, boolean]> =>
    Object.fromEntries((sent.body.users as Json[]).map((u) => [u.userId, [u.reason, u.canEdit]]));

  beforeAll(async () => {
    t = await startTestApp({ backend });
    eventStore = t.app.get<EventStore>(EVENT_STORE);
    admin = `Bearer ${t.adminToken()}`;
    await seedTestLibrary(t);
    const north = (await send('post', '/api/agencies', { name: 'Northside Services', displayName: 'Northside' })).id as string;
    const leads = await group('AA Leads', '153', SUPERVISOR_PRIVILEGES);
    const workers = await group('AA Workers', leads, [...WORKER_PRIVILEGES, 'Reassign_Accesses_Temporarily']);
    const monitors = await group('AA Monitors', '1', ['Assessment_View', 'Case_Monitor']);
    ids.auditors = await group('AA Auditors', '1', ['Assessment_View', 'Case_Monitor']);
    ids.boss = await user('boss', leads, '1', north);
    ids.lead = await user('lead', leads, ids.boss, north);
    ids.lead2 = await user('leadtwo', leads, '1', north);
    ids.worker = await user('worker', workers, ids.lead, north);
    ids.sibling = await user('sibling', workers, ids.lead, north);
    // Assign Access goes to sibling users (same supervisor as the worker).
    ids.delegate = await user('delegate', workers, ids.lead, north);
    ids.monitor = await user('monitor', monitors, '1', north);
    ids.auditor = await user('auditor', ids.auditors, '1', north);
    // Holds Case_Monitor for another agency (none of this one's records) and nothing else that would show it.
    const south = (await send('post', '/api/agencies', { name: 'Southside Services', displayName: 'Southside' })).id as string;
    ids.southMonitor = await user('southmonitor', monitors, '1', south);

    worker = api(ids.worker);
    delegate = api(ids.delegate);
    monitor = api(ids.monitor);
    const assigned = await worker.post('/api/account/access-assignments', { delegateId: ids.delegate, startsOn: today(), endsOn: today() });
    if (assigned.status >= 300) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
    assessmentId = (await worker.start(childForm({ cin: 'PID-ACCESS-AT' }))).id;
    createdAt = (await eventStore.readStream(`assessment-${assessmentId}`))[0].recordedAt;
    await t.settled();
    await t.caughtUp();
    const head = await eventStore.headPosition();
    x = (await eventStore.readAll(Math.max(0, head - 1), 10)).at(-1)!.recordedAt;
    await pause(10);

    // After X: share with the sibling, move the worker to another supervisor, take Assessment_View from the
    // auditors, revoke the delegate's temporary access.
    expect((await worker.post(`/api/assessments/${assessmentId}/share`, { userIds: [ids.sibling] })).status).toBe(200);
    const fetched = await send('get', `/api/users/${ids.worker}`);
    await send('put', `/api/users/${ids.worker}`, { ...fetched, supervisorId: ids.lead2 });
    const auditors = await send('get', `/api/user-groups/${ids.auditors}`);
    await send('put', `/api/user-groups/${ids.auditors}`, { ...auditors, privileges: ['Case_Monitor'] });
    expect((await worker.delete(`/api/account/access-assignments/${assigned.body.id}`)).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('lists at X the owner, the supervisor chain as it stood, the temporary access, the monitors; each with its reason', async () => {
    const sent = await accessAt(worker, x);
    expect(sent.status).toBe(200);
    expect(sent.body.at).toBe(x);
    expect(reasons(sent)).toEqual({
      '1': ['administrator', true],
      [ids.worker]: ['owner', true],
      [ids.lead]: ['supervisor', true],
      [ids.boss]: ['supervisor', true],
      [ids.delegate]: ['temporary-access', true],
      // Case_Monitor of the assessment's agency: read-only.
      [ids.monitor]: ['agency-monitor', false],
      // Their group lost Assessment_View after X: at X they could still see it.
      [ids.auditor]: ['agency-monitor', false],
    });
    // The share made after X is absent, as are the worker's later supervisor and another agency's monitor.
    expect(reasons(sent)).not.toHaveProperty(ids.sibling);
    expect(reasons(sent)).not.toHaveProperty(ids.lead2);
    expect(reasons(sent)).not.toHaveProperty(ids.southMonitor);
    const worker0 = (sent.body.users as Json[]).find((u) => u.userId === ids.worker);
    expect(worker0).toEqual({ userId: ids.worker, name: 'Worker Tester', groupName: 'AA Workers', reason: 'owner', canEdit: true });
    const names = (sent.body.users as Json[]).map((u) => u.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('lists today (a date of today means now) the share, the new supervisor, and no longer the changed ones', async () => {
    const sent = await accessAt(worker, today());
    expect(sent.status).toBe(200);
    expect(sent.body.at > x).toBe(true);
    expect(Date.parse(sent.body.at)).toBeLessThanOrEqual(Date.now());
    expect(reasons(sent)).toEqual({
      '1': ['administrator', true],
      [ids.worker]: ['owner', true],
      [ids.sibling]: ['shared', true],
      [ids.lead2]: ['supervisor', true],
      [ids.monitor]: ['agency-monitor', false],
    });
  });

  it('answers the same as at X for a moment between X and the first change, in another time zone', async () => {
    const later = new Date(Date.parse(x) + 1);
    const offset = new Date(later.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const sent = await accessAt(monitor, offset);
    expect(sent.status).toBe(200);
    expect(sent.body.at).toBe(later.toISOString());
    expect(Object.keys(reasons(sent)).sort()).toEqual(Object.keys(reasons(await accessAt(worker, x))).sort());
  });

  it('refuses a missing, invalid or future moment, or one before the assessment existed, with a field message', async () => {
    const expectRefused = async (at: string | undefined, message: string) => {
      const sent = await accessAt(worker, at);
      expect({ at, status: sent.status, errors: sent.body.errors }).toEqual({ at, status: 400, errors: { at: [message] } });
    };
    await expectRefused(undefined, AccessAtMessages.required);
    await expectRefused('', AccessAtMessages.required);
    await expectRefused('2024-02-30', AccessAtMessages.format);
    await expectRefused('yesterday', AccessAtMessages.format);
    await expectRefused('2024-06-30T25:00:00Z', AccessAtMessages.format);
    await expectRefused(dayAfter(today()), AccessAtMessages.future);
    await expectRefused(new Date(Date.now() + 3600_000).toISOString(), AccessAtMessages.future);
    await expectRefused(new Date(Date.parse(createdAt) - 1).toISOString(), AccessAtMessages.beforeCreation);
    await expectRefused('2000-01-01', AccessAtMessages.beforeCreation);
  });

  it('answers 404 for a missing or deleted assessment and for one the caller cannot see now (whatever they saw at X)', async () => {
    expect((await accessAt(worker, x, randomUUID())).status).toBe(404);
    // The delegate saw it at X; the assignment was revoked since.
    const hidden = await accessAt(delegate, x);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('The assessment does not exist.');
    const deleted = await worker.start(childForm({ cin: 'PID-ACCESS-GONE' }));
    expect((await worker.post(`/api/assessments/${deleted.id}/delete`, {})).status).toBe(204);
    expect((await accessAt(worker, today(), deleted.id)).status).toBe(404);
    // The Case_Monitor of the agency may ask (view access), read-only as they are.
    expect((await accessAt(monitor, x)).status).toBe(200);
  });

  it('appends nothing', async () => {
    await t.settled();
    await t.caughtUp();
    const before = await eventStore.headPosition();
    await accessAt(worker, x);
    await accessAt(worker, today());
    await accessAt(worker, 'nonsense');
    await accessAt(delegate, x);
    // Reads of children's records elsewhere are flushed to their own day streams in batches; none is this route's.
    const appended = (await eventStore.readAll(before, 1000)).filter((e) => !e.streamId.startsWith('record-reads-'));
    expect(appended.map((e) => e.type)).toEqual([]);
  });
});
