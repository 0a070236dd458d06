import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, createOrganisation, seedTestLibrary } from '../assessments.test-support';

/** The Assessor filter's options (spec 000 §2 Filters, Assessment_View): only owners of assessments one may see. */
describe('GET /api/assessment-assessors', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  const api = (userId: string) => new AssessmentsApi(t, `Bearer ${t.tokenForUser(userId)}`, userId);

  beforeAll(async () => {
    t = await startTestApp();
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
  });
  afterAll(() => t?.close());

  it('offers a supervisor without User_View the workers whose assessments they see, a worker themself and the owners of cases shared with them', async () => {
    const worker = api(ids.worker);
    const sibling = api(ids.sibling);
    const outsider = api(ids.outsider);
    await worker.start(childForm({ cin: 'PID-OPT-1' }));
    const shared = await sibling.start(childForm({ cin: 'PID-OPT-2' }));
    await outsider.start(childForm({ cin: 'PID-OPT-3' }));
    expect((await sibling.post(`/api/assessments/${shared.id}/share`, { userIds: [ids.worker], revision: shared.revision })).status).toBe(
      200,
    );

    const supervisor = api(ids.supervisor);
    expect((await supervisor.get('/api/users')).status).toBe(403); // no User_View
    const names = async (client: AssessmentsApi, q?: string) => {
      const answer = await client.get('/api/assessment-assessors', q === undefined ? {} : { q });
      expect(answer.status).toBe(200);
      return answer.body.map((o: { id: string; name: string }) => o.name);
    };
    expect(await names(supervisor)).toEqual(['Sibling Tester', 'Worker Tester']);
    expect(await names(supervisor, 'work')).toEqual(['Worker Tester']);
    expect(await names(worker)).toEqual(['Sibling Tester', 'Worker Tester']);
    expect(await names(outsider)).toEqual(['Outsider Tester']);
    expect(
      (await t.http().get('/api/assessment-assessors').set('Authorization', `Bearer ${t.adminToken()}`)).body.map(
        (o: { name: string }) => o.name,
      ),
    ).toEqual(['Outsider Tester', 'Sibling Tester', 'Worker Tester']);
  });

  it('answers 400 with a field message for a search text that is too long', async () => {
    const answer = await api(ids.worker).get('/api/assessment-assessors', { q: 'x'.repeat(101) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.q).toBeDefined();
  });
});
