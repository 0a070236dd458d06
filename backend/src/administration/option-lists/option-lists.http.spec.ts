/**
 * Option value lists over HTTP (spec 002 §2 "Option value lists", §5): command → event → projection → query, and
 * the lists feeding the child form (/api/assessment-options), the assessment commands' validation, the assessment
 * views, summary and print PDF, and the report filters. Each test builds on the previous ones (one app per back-end).
 */
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { AssessmentsApi, childForm, createOrganisation, Json, seedTestLibrary } from '../../assessments/assessments.test-support';
import { hasCommand, pdfText } from '../../assessments/summary/test-support/pdf-inspection';

const backends = httpTestBackends();
const withPoppler = hasCommand('pdftotext') ? it : it.skip;
const LISTS = '/api/settings/option-lists';
const IN_USE_TAIL = 'Rename it instead: the assessments that use it will show the new name.';

/** Collects a binary response body (supertest buffers only known types by default). */
const binary = (
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  callback: (error: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk) => chunks.push(chunk!));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe.each(backends)('Option value lists over HTTP (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let worker: AssessmentsApi;
  let headPosition: () => Promise<number>;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    const store = t.app.get<EventStore>(EVENT_STORE);
    headPosition = () => store.headPosition();
  });
  afterAll(() => t?.close());

  const get = (path: string, position?: string) => {
    const request = t.http().get(path).set('Authorization', admin);
    return position ? request.set('X-Wait-For-Position', position) : request;
  };
  const add = (list: string, body: unknown) =>
    t
      .http()
      .post(`${LISTS}/${list}/items`)
      .set('Authorization', admin)
      .send(body as object);
  const rename = (list: string, id: string, body: unknown) =>
    t
      .http()
      .put(`${LISTS}/${list}/items/${encodeURIComponent(id)}`)
      .set('Authorization', admin)
      .send(body as object);
  const remove = (list: string, id: string) =>
    t
      .http()
      .delete(`${LISTS}/${list}/items/${encodeURIComponent(id)}`)
      .set('Authorization', admin);
  const names = (list: Json) => list.items.map((item: Json) => item.name);
  const formOptions = async () => (await worker.get('/api/assessment-options')).body;
  const reportOptions = async () => (await get('/api/reports/filter-options')).body;

  it('answers both lists with their defaults, Initialized first; one list by its key; an unknown list is 404', async () => {
    const lists = await get(LISTS);
    expect(lists.status).toBe(200);
    expect(lists.body).toEqual([
      {
        key: 'initialized',
        title: 'Initialized',
        revision: -1,
        items: [
          { id: '62', name: 'Initial Assessment' },
          { id: '63', name: 'Re-assessment' },
          { id: '64', name: 'Closing Assessment' },
        ],
      },
      {
        key: 'fosterCareStatus',
        title: 'Foster Care Status',
        revision: -1,
        items: ['Section 20', 'Section 31', 'Emergency protection order', 'DoLO'].map((name) => ({ id: name, name })),
      },
    ]);
    expect((await get(`${LISTS}/fosterCareStatus`)).body).toEqual(lists.body[1]);
    const unknown = await get(`${LISTS}/countries`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('The option list does not exist.');
  });

  it('answers every bad name with 400 and the message beside the field, and writes nothing', async () => {
    const before = await headPosition();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ name: '' }, { name: ['Option Value is required.'] }],
      [{ name: '    ' }, { name: ['Option Value is required.'] }],
      [{}, { name: ['Option Value is required.'] }],
      [{ name: 'x'.repeat(201) }, { name: ['Option Value can be at most 200 characters.'] }],
      [{ name: 42 }, { name: ['Option Value must be text.'] }],
      [{ name: null }, { name: ['Option Value is required.'] }],
      [{ name: ' re-ASSESSMENT ' }, { name: ['This list already has an option named "Re-assessment".'] }],
    ];
    for (const [body, errors] of cases) {
      const added = await add('initialized', body);
      expect(added.status).toBe(400);
      expect(added.body.errors).toEqual(errors);
      const renamed = await rename('initialized', '62', body);
      expect(renamed.status).toBe(400);
      expect(renamed.body.errors).toEqual(errors);
    }
    const extra = await add('initialized', { name: 'Fine', colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.colour).toEqual([expect.stringContaining('should not exist')]);
    expect((await rename('initialized', '\u0001', { name: 'x' })).status).toBe(400);
    expect((await rename('initialized', '999', { name: 'Nobody' })).body).toMatchObject({ message: 'The option does not exist.' });
    expect((await remove('initialized', '999')).status).toBe(404);
    expect((await add('countries', { name: 'Ruritania' })).status).toBe(404);
    expect(await headPosition()).toBe(before);
  });

  it('checks the token and the Label_Config privilege on the server; a refused call writes nothing', async () => {
    expect((await t.http().get(LISTS)).status).toBe(401);
    const caseWorker = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Assessment_New', 'Setting', 'Agency'])}`;
    await t.settled();
    const before = await headPosition();
    const asWorker = [
      t.http().get(LISTS),
      t.http().get(`${LISTS}/initialized`),
      t.http().post(`${LISTS}/initialized/items`).send({ name: 'Sneaky' }),
      t.http().put(`${LISTS}/initialized/items/62`).send({ name: 'Sneaky' }),
      t.http().delete(`${LISTS}/initialized/items/64`),
    ];
    for (const request of asWorker) expect((await request.set('Authorization', caseWorker)).status).toBe(403);
    expect(await headPosition()).toBe(before);
    const labeller = `Bearer ${t.tokenFor(['Label_Config'])}`;
    expect((await t.http().get(LISTS).set('Authorization', labeller)).status).toBe(200);
  });

  it('adds an assessment type as 65; the child form offers it at once and an assessment saved with it is accepted', async () => {
    const added = await add('initialized', { name: '  Review Assessment ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: '65', name: 'Review Assessment', message: 'The option was added successfully.' });
    const list = await get(`${LISTS}/initialized`, added.headers['x-event-position']);
    expect(list.body).toMatchObject({ revision: 0, items: expect.arrayContaining([{ id: '65', name: 'Review Assessment' }]) });

    // The answer came once the read models held the add: the form's options and the save see it without waiting.
    expect((await formOptions()).assessmentTypes).toContainEqual({ id: '65', name: 'Review Assessment' });
    expect((await reportOptions()).assessmentTypes).toContainEqual({ key: '65', name: 'Review Assessment' });
    const started = await worker.start(childForm({ cin: 'OPT-1', assessmentType: '65' }));
    expect(started).toMatchObject({ assessmentType: '65', assessmentTypeName: 'Review Assessment' });
    const unknown = await worker.post('/api/assessments', { child: childForm({ cin: 'OPT-2', assessmentType: '99' }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.assessmentType).toBeDefined();
  });

  it('keeps a type an assessment uses (409, how many, rename instead), writing nothing; renaming shows everywhere', async () => {
    await t.app.get(RecordReadsService).flush();
    const before = await headPosition();
    const refused = await remove('initialized', '65');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`This option cannot be deleted: 1 assessment uses it. ${IN_USE_TAIL}`);
    expect(refused.headers['x-event-position']).toBeUndefined();
    expect(await headPosition()).toBe(before);

    const renamed = await rename('initialized', '65', { name: 'Six-month Review' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: '65', name: 'Six-month Review', message: 'The option was saved successfully.' });
    expect(names((await get(`${LISTS}/initialized`, renamed.headers['x-event-position'])).body)).toEqual([
      'Initial Assessment',
      'Re-assessment',
      'Closing Assessment',
      'Six-month Review',
    ]);
    expect((await formOptions()).assessmentTypes).toContainEqual({ id: '65', name: 'Six-month Review' });
    expect((await reportOptions()).assessmentTypes).toContainEqual({ key: '65', name: 'Six-month Review' });
    const rows = (await worker.list({ q: 'OPT-1' })).body;
    expect(rows).toEqual([expect.objectContaining({ assessmentType: '65', assessmentTypeName: 'Six-month Review' })]);
    const id = rows[0].id;
    expect((await worker.get(`/api/assessments/${id}`)).body.assessmentTypeName).toBe('Six-month Review');
    expect((await worker.get(`/api/assessments/${id}/summary`)).body.assessment.assessmentTypeName).toBe('Six-month Review');
    // The same name again changes nothing. (The reads above are recorded in the access log, appended a moment after
    // they were served: they are in before the position is taken.)
    await t.app.get(RecordReadsService).flush();
    const settled = await headPosition();
    const same = await rename('initialized', '65', { name: 'Six-month Review' });
    expect(same.status).toBe(200);
    expect(await headPosition()).toBe(settled);
  });

  it('gives concurrent adds distinct ids (each decided again on the fresh list) and never gives a deleted id again', async () => {
    const [a, b] = await Promise.all([add('initialized', { name: 'Transfer In' }), add('initialized', { name: 'Transfer Out' })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.id, b.body.id].sort()).toEqual(['66', '67']);
    const deleted = await remove('initialized', '67');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: '67', message: 'Deleted successfully!' });
    expect((await remove('initialized', '67')).status).toBe(404);
    expect((await add('initialized', { name: 'Transfer Back' })).body.id).toBe('68');
  });

  it('Foster Care Status: a new status is offered and stored by id; its name shows in the summary and the print PDF', async () => {
    const added = await add('fosterCareStatus', { name: 'Section 38' });
    expect(added.body).toMatchObject({ id: 'Section 38', name: 'Section 38' });
    expect((await formOptions()).lookedAfterStatuses).toContainEqual({ id: 'Section 38', name: 'Section 38' });
    expect((await reportOptions()).welfareStatuses).toContainEqual({ key: 'Section 38', name: 'Section 38' });
    const started = await worker.start(childForm({ cin: 'OPT-3', lookedAfterChild: 'Y', lookedAfterStatus: 'Section 38' }));
    expect(started.child.lookedAfterStatus).toBe('Section 38');

    const refused = await remove('fosterCareStatus', 'Section 38');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`This option cannot be deleted: 1 assessment uses it. ${IN_USE_TAIL}`);
    await rename('fosterCareStatus', 'Section 38', { name: 'Interim Care Order' });
    expect((await worker.get(`/api/assessments/${started.id}/summary`)).body.child.lookedAfterStatusName).toBe('Interim Care Order');
  });

  withPoppler('the print PDF names the looked-after status and the type by their current names', async () => {
    const rows = (await worker.list({ q: 'OPT-3' })).body;
    const pdf: Buffer = (
      await t.http().get(`/api/assessments/${rows[0].id}/print.pdf`).set('Authorization', worker.token).buffer(true).parse(binary)
    ).body;
    const text = pdfText(pdf);
    expect(text).toContain('Interim Care Order');
    expect(text).toContain('Initial Assessment');
  });

  it('never deletes the last item of a list; an assessment deleted no longer counts as using its status', async () => {
    for (const id of ['Section 20', 'Section 31', 'Emergency protection order', 'DoLO'])
      expect((await remove('fosterCareStatus', id)).status).toBe(200);
    expect((await remove('fosterCareStatus', 'Section 38')).status).toBe(409);
    const rows = (await worker.list({ q: 'OPT-3' })).body;
    expect((await worker.delete(`/api/assessments/${rows[0].id}`)).status).toBe(204);
    const last = await remove('fosterCareStatus', 'Section 38');
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('The last option of a list cannot be deleted: the child form needs at least one to choose from.');
    expect((await get(`${LISTS}/fosterCareStatus`)).body.items).toEqual([{ id: 'Section 38', name: 'Interim Care Order' }]);
  });

  it('records each change in the System Log, naming the list and the option', async () => {
    const log = await get(`/api/system-log?filter=${encodeURIComponent(JSON.stringify({ action: 'option-renamed' }))}`);
    expect(log.status).toBe(200);
    expect(log.body.map((row: Json) => row.description)).toEqual(
      expect.arrayContaining([
        'Option value renamed: Six-month Review (Initialized)',
        'Option value renamed: Interim Care Order (Foster Care Status)',
      ]),
    );
  });
});
