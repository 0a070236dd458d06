/**
 * Issue 27, finding 4: Assign Access handed a caseload to anyone. The command accepted any active user as delegate
 * (another agency's worker, a Monitor) and a start in the past, and an assignment covering today gave the delegate
 * view and edit on the assessments created earlier that day. Now: only the users delegate-options offers (sibling
 * users), a start from today on, and only the assessments created after the assignment was made.
 */
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { DELEGATE_NOT_FOUND, START_IN_PAST } from '@cans/domain/identity/access-assignment.decider';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, Json, seedTestLibrary } from '../../assessments/assessments.test-support';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { DIRECT_CARE_WORKER_GROUP_ID, MONITOR_GROUP_ID, SUPERVISOR_GROUP_ID } from '../user-groups/built-in-groups';

const backends = httpTestBackends();
const DAY_MS = 86_400_000;

describe.each(backends)('Assign Access: who receives what (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  let owner: AssessmentsApi;

  const send = async (method: 'post' | 'get', path: string, body?: object): Promise<Json> => {
    const answer = await t.http()[method](path).set('Authorization', admin).send(body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
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
  /** A day of the identity clock, `offset` days from today (yyyy-MM-dd). */
  const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const head = async () => {
    await t.settled();
    return t.app.get<EventStore>(EVENT_STORE).headPosition();
  };
  /** An assignment the server must refuse with 400 on `field`, writing nothing. */
  const refusedAssignment = async (body: object, field: string, message: string) => {
    const before = await head();
    const answer = await owner.post('/api/account/access-assignments', body);
    expect([answer.status, answer.body.errors]).toEqual([400, { [field]: [message] }]);
    expect(await head()).toBe(before);
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    await seedTestLibrary(t);
    const north = (await send('post', '/api/agencies', { name: 'Northside Services', displayName: 'Northside' })).id as string;
    const south = (await send('post', '/api/agencies', { name: 'Southside Services', displayName: 'Southside' })).id as string;
    ids.lead = await user('lead', SUPERVISOR_GROUP_ID, '1', north);
    ids.owner = await user('owner', DIRECT_CARE_WORKER_GROUP_ID, ids.lead, north);
    ids.sibling = await user('sibling', DIRECT_CARE_WORKER_GROUP_ID, ids.lead, north);
    ids.southLead = await user('southlead', SUPERVISOR_GROUP_ID, '1', south);
    ids.southWorker = await user('southworker', DIRECT_CARE_WORKER_GROUP_ID, ids.southLead, south);
    ids.monitor = await user('monitor', MONITOR_GROUP_ID, '1', null);
    owner = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.owner)}`, ids.owner);
  });
  afterAll(() => t?.close());

  it('accepts only the delegates it offers: sibling users, not another agency’s worker, the Monitor or the supervisor', async () => {
    const options = await owner.get('/api/account/access-assignments/delegate-options');
    expect(options.body).toEqual([{ id: ids.sibling, fullName: 'Sibling Tester' }]);
    for (const stranger of [ids.southWorker, ids.monitor, ids.lead]) {
      await refusedAssignment({ delegateId: stranger, startsOn: day(1), endsOn: day(8) }, 'delegateId', DELEGATE_NOT_FOUND);
    }
  });

  it('refuses a start before today (the identity clock’s), with a message on startsOn', async () => {
    await refusedAssignment({ delegateId: ids.sibling, startsOn: day(-1), endsOn: day(8) }, 'startsOn', START_IN_PAST);
    await refusedAssignment({ delegateId: ids.sibling, startsOn: day(-30), endsOn: day(-20) }, 'startsOn', START_IN_PAST);
  });

  it('gives the delegate the assessments created after the assignment, not the caseload of that morning', async () => {
    const before = await owner.start(childForm({ cin: 'PID-BEFORE-ASSIGN' }));
    const assigned = await owner.post('/api/account/access-assignments', { delegateId: ids.sibling, startsOn: day(0), endsOn: day(7) });
    expect(assigned.status).toBe(201);
    const after = await owner.start(childForm({ cin: 'PID-AFTER-ASSIGN' }));
    await t.caughtUp();

    const delegate = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.sibling)}`, ids.sibling);
    expect((await delegate.get(`/api/assessments/${before.id}`)).status).toBe(404);
    const opened = await delegate.get(`/api/assessments/${after.id}`);
    expect([opened.status, opened.body.readOnly]).toEqual([200, false]);
    const listed = await delegate.list();
    expect(listed.body.map((row: Json) => row.id)).toEqual([after.id]);
  });
});
