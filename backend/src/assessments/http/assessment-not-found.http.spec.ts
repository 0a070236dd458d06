/**
 * An assessment id that does not exist and one the caller may not see answer alike, 404, on every route that
 * takes an assessment id (issue 9, finding 16): otherwise the difference tells which ids exist.
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import {
  AssessmentsApi,
  caregiverForm,
  childForm,
  createOrganisation,
  NARRATIVE,
  seedTestLibrary,
  Sent,
  SUPERVISOR_PRIVILEGES,
} from '../assessments.test-support';

const backends = httpTestBackends();

const MISSING_ID = '00000000-0000-4000-8000-00000000dead';
const CAREGIVER_ID = '0f2a3c4d-5e6f-4a70-8b90-0000000000c9';
const COMMENT_ID = '6f7a6f3c-1d0e-4a52-9d3b-0000000000c9';

/** Every route with an assessment id, each with a body it accepts (so only the id decides the answer). */
function routes(id: string): Array<[keyof Pick<AssessmentsApi, 'get' | 'post' | 'put' | 'delete'>, string, object]> {
  const base = `/api/assessments/${id}`;
  return [
    ['get', base, {}],
    ['put', `${base}/child-information`, { child: childForm() }],
    ['put', `${base}/type`, { assessmentType: '63' }],
    ['post', `${base}/caregivers`, { caregiver: caregiverForm('Ann') }],
    ['put', `${base}/caregivers/${CAREGIVER_ID}`, { caregiver: caregiverForm('Ann') }],
    ['delete', `${base}/caregivers/${CAREGIVER_ID}`, {}],
    ['post', `${base}/family-caregivers`, { familyId: 'FAM-404' }],
    ['put', `${base}/ratings`, { questionCode: 'T_SLEEP', rating: 1 }],
    ['put', `${base}/comments/${COMMENT_ID}`, { questionCode: 'T_SLEEP', content: 'Sleeps badly.' }],
    ['delete', `${base}/comments/${COMMENT_ID}`, {}],
    ['put', `${base}/narrative`, { narrative: NARRATIVE }],
    ['post', `${base}/complete`, {}],
    ['post', `${base}/approve`, {}],
    ['post', `${base}/return`, { reason: 'Needs evidence.' }],
    ['post', `${base}/close`, { reason: 'Moved away.' }],
    ['post', `${base}/delete`, {}],
    ['delete', base, {}],
    ['post', `${base}/include`, {}],
    ['post', `${base}/exclude`, {}],
    ['post', `${base}/share`, { userIds: [] }],
    ['get', `${base}/share-options`, {}],
    ['post', `${base}/reassign`, { toUserId: '1' }],
    ['get', `${base}/reassign-options`, {}],
    ['get', `${base}/summary`, {}],
    ['get', `${base}/print`, {}],
  ];
}

describe.each(backends)('Assessment ids that do not exist or are hidden (%s)', (backend) => {
  let t: TestApp;
  let worker: AssessmentsApi;
  /** Holds every privilege these routes need, so only row access and existence decide. */
  let stranger: AssessmentsApi;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    stranger = new AssessmentsApi(t, `Bearer ${t.tokenFor([...SUPERVISOR_PRIVILEGES, 'Edit_Approved_Case', 'User_Actions'])}`, 'stranger');
  });
  afterAll(() => t?.close());

  const send = (api: AssessmentsApi, [method, path, body]: ReturnType<typeof routes>[number]): Promise<Sent> =>
    method === 'get' ? api.get(path) : api[method](path, body);

  it('answers 404 with the same message for a missing id and for an assessment of someone else, and changes nothing', async () => {
    const hidden = await worker.start(childForm({ cin: 'PID-HIDDEN' }));
    const outcomes: Array<{ path: string; missing: [number, string]; hidden: [number, string] }> = [];
    for (const [missingRoute, hiddenRoute] of routes(MISSING_ID).map((r, i) => [r, routes(hidden.id)[i]] as const)) {
      const missing = await send(stranger, missingRoute);
      const seenHidden = await send(stranger, hiddenRoute);
      outcomes.push({
        path: missingRoute[1].replace(MISSING_ID, ':id'),
        missing: [missing.status, missing.body.message],
        hidden: [seenHidden.status, seenHidden.body.message],
      });
    }
    const notFound: [number, string] = [404, 'The assessment does not exist.'];
    expect(outcomes).toEqual(outcomes.map(({ path }) => ({ path, missing: notFound, hidden: notFound })));
    expect((await worker.get(`/api/assessments/${hidden.id}`)).body).toMatchObject({
      revision: hidden.revision,
      statusCode: 'i',
      caregivers: [],
    });
  });
});
