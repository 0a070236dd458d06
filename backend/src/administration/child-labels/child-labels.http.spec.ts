import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, seedTestLibrary } from '../../assessments/assessments.test-support';

/**
 * The Child Info Label Configuration over HTTP: the 17 labels with their defaults, saves recorded as events and seen
 * at once by the next read, /api/assessment-options and the assessment commands' validation; every refusal
 * answered with its message and nothing written.
 */
describe('Child info labels over HTTP', () => {
  let t: TestApp;
  let admin: string;
  let worker: string;
  let assessor: AssessmentsApi;

  beforeAll(async () => {
    t = await startTestApp();
    await seedTestLibrary(t);
    admin = `Bearer ${t.adminToken()}`;
    worker = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Assessment_New', 'Assessment_Edit', 'Setting', 'Agency'])}`;
    assessor = new AssessmentsApi(t, admin, '1');
  });
  afterAll(() => t?.close());

  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();
  const put = (fieldName: string, body: object, token = admin) =>
    t.http().put(`/api/settings/child-labels/${fieldName}`).set('Authorization', token).send(body);
  // No X-Wait-For-Position on purpose: the save answers once the read models hold it.
  const labels = async () => (await t.http().get('/api/settings/child-labels').set('Authorization', admin)).body;
  const options = async () => (await t.http().get('/api/assessment-options').set('Authorization', worker)).body;

  it('lists the 17 labels in the spec’s order with their defaults, the required fields necessary', async () => {
    const rows = await labels();
    expect(rows.map((r: { fieldName: string }) => r.fieldName)).toEqual([
      'INITIALIZED',
      'AGENCY',
      'DateOfAssessment',
      'COUNTY',
      'Assessor',
      'GENDER',
      'RACEETHNICITY',
      'LocalAuthority',
      'Name',
      'Age',
      'ASSESSMENTOPENINGDATE',
      'UniqueID',
      'CITY',
      'ZIP',
      'ADDRESS',
      'PHONENUMBER',
      'DAYSOFNEXTASSESSMENT',
    ]);
    expect(rows[2]).toEqual({
      fieldName: 'DateOfAssessment',
      displayName: 'Date of Assessment',
      status: 1,
      necessary: true,
      defaultDisplayName: 'Date of Assessment',
    });
    expect(rows[4]).toEqual({
      fieldName: 'Assessor',
      displayName: 'Assessor',
      status: 1,
      necessary: false,
      defaultDisplayName: 'Assessor',
    });
    expect(rows.filter((r: { necessary: boolean }) => r.necessary).map((r: { fieldName: string }) => r.fieldName)).toEqual([
      'INITIALIZED',
      'DateOfAssessment',
      'GENDER',
      'RACEETHNICITY',
      'LocalAuthority',
      'Name',
      'Age',
      'ASSESSMENTOPENINGDATE',
      'UniqueID',
    ]);
  });

  it('a rename and a hidden column: answered with the row, seen by the next read and by /api/assessment-options, logged', async () => {
    const renamed = await put('DateOfAssessment', { displayName: '  Date Seen ', status: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.headers['x-event-position']).toBeDefined();
    expect(renamed.body).toEqual({
      fieldName: 'DateOfAssessment',
      displayName: 'Date Seen',
      status: 1,
      necessary: true,
      defaultDisplayName: 'Date of Assessment',
      message: 'The label was saved successfully.',
    });
    // The table's row body comes back as it was read (fieldName, necessary …): accepted, the path decides.
    const hidden = await put('Assessor', { fieldName: 'Assessor', displayName: 'Case Worker', status: 0, necessary: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ fieldName: 'Assessor', displayName: 'Case Worker', status: 0 });

    const rows = await labels();
    expect(rows.find((r: { fieldName: string }) => r.fieldName === 'DateOfAssessment')).toMatchObject({
      displayName: 'Date Seen',
      status: 1,
    });
    expect(rows.find((r: { fieldName: string }) => r.fieldName === 'Assessor')).toMatchObject({ displayName: 'Case Worker', status: 0 });

    const served = (await options()).labels;
    expect(served.dateOfAssessment).toEqual({ displayName: 'Date Seen', visible: true, fieldName: 'DateOfAssessment' });
    expect(served.DateOfAssessment).toEqual(served.dateOfAssessment);
    expect(served.Assessor).toEqual({ displayName: 'Case Worker', visible: false, fieldName: 'Assessor' });
    expect(served.AGENCY).toEqual({ displayName: 'Agency', visible: true, fieldName: 'AGENCY' });
    expect(served.county).toEqual({ displayName: 'County', visible: true, fieldName: 'COUNTY' });

    const log = await t
      .http()
      .get('/api/system-log')
      .query({ filter: JSON.stringify({ action: 'child-label-saved' }) })
      .set('Authorization', admin)
      .set('X-Wait-For-Position', hidden.headers['x-event-position']);
    expect(log.body.map((row: { description: string }) => row.description).sort()).toEqual([
      'Child info label saved: Assessor → Case Worker (hidden)',
      'Child info label saved: DateOfAssessment → Date Seen',
    ]);
  });

  it('a save that changes nothing answers the row and records nothing', async () => {
    const before = await head();
    const same = await put('DateOfAssessment', { displayName: 'Date Seen', status: 1 });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ displayName: 'Date Seen', message: 'The label was saved successfully.' });
    expect(await head()).toBe(before);
  });

  it('the assessment commands validate with the configured labels: renamed in messages, a hidden field not required', async () => {
    expect((await put('LocalAuthority', { displayName: 'Case Number', status: 1 })).status).toBe(200);
    expect((await put('COUNTY', { displayName: 'County', status: 0 })).status).toBe(200);

    const refused = await assessor.post('/api/assessments', { child: childForm({ cin: null, dateOfAssessment: '2999-01-01' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      cin: ['Case Number is required.'],
      dateOfAssessment: [expect.stringMatching(/^Date Seen /)],
    });

    // County is hidden: the form does not show it, and the save does not ask for it.
    const started = await assessor.post('/api/assessments', { child: childForm({ county: null }) });
    expect(started.status).toBe(201);
    const saved = await assessor.put(`/api/assessments/${started.body.id}/child-information`, {
      revision: started.body.revision,
      child: childForm({ county: null, cin: '' }),
    });
    expect(saved.status).toBe(400);
    expect(saved.body.errors).toEqual({ cin: ['Case Number is required.'] });

    // Back to the defaults for the other specs of this file.
    expect((await put('LocalAuthority', { displayName: 'PID', status: 1 })).status).toBe(200);
    expect((await put('COUNTY', { displayName: 'County', status: 1 })).status).toBe(200);
    const reverted = await assessor.post('/api/assessments', { child: childForm({ cin: null }) });
    expect(reverted.body.errors).toMatchObject({ cin: ['PID is required.'] });
  });

  it.each([
    ['an empty display name', 'CITY', { displayName: '', status: 1 }, { displayName: ['Display Name is required.'] }],
    ['a display name of spaces', 'CITY', { displayName: '   ', status: 1 }, { displayName: ['Display Name is required.'] }],
    [
      'no display name',
      'CITY',
      { status: 1 },
      { displayName: expect.arrayContaining(['Display Name must be text.', 'Display Name is required.']) },
    ],
    [
      'a display name that is not text',
      'CITY',
      { displayName: 7, status: 1 },
      { displayName: expect.arrayContaining(['Display Name must be text.']) },
    ],
    [
      'a display name over 1000 characters',
      'CITY',
      { displayName: 'x'.repeat(1001), status: 1 },
      { displayName: ['Display Name can be at most 1000 characters.'] },
    ],
    ['a status other than 0 or 1', 'CITY', { displayName: 'City', status: 2 }, { status: ['Enabled must be 1 (enabled) or 0 (hidden).'] }],
    ['no status', 'CITY', { displayName: 'City' }, { status: ['Enabled must be 1 (enabled) or 0 (hidden).'] }],
    ['a status as text', 'CITY', { displayName: 'City', status: '0' }, { status: ['Enabled must be 1 (enabled) or 0 (hidden).'] }],
    [
      'an unknown field',
      'CITY',
      { displayName: 'City', status: 1, colour: 'red' },
      { colour: [expect.stringContaining('should not exist')] },
    ],
    [
      'disabling a field the child form requires',
      'GENDER',
      { displayName: 'Gender', status: 0 },
      { status: ['Gender is required on the child form, so its label cannot be disabled.'] },
    ],
  ])('PUT with %s: 400 with the field message, nothing recorded', async (_case, fieldName, body, errors) => {
    const before = await head();
    const refused = await put(fieldName, body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(errors);
    expect(await head()).toBe(before);
  });

  it('the refused necessary disable says why in its message too, and the label stays enabled', async () => {
    const refused = await put('UniqueID', { displayName: 'Medicaid Number', status: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Unique ID is required on the child form, so its label cannot be disabled.');
    expect((await labels()).find((r: { fieldName: string }) => r.fieldName === 'UniqueID')).toMatchObject({
      displayName: 'Unique ID',
      status: 1,
    });
  });

  it('a field name that is not one of the 17 (names are case-sensitive): 404, nothing recorded', async () => {
    const before = await head();
    for (const fieldName of ['FAVOURITECOLOUR', 'gender']) {
      const refused = await put(fieldName, { displayName: 'X', status: 1 });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('There is no label with this field name.');
    }
    expect(await head()).toBe(before);
  });

  it('reading and saving need Label_Config (403), and a sign-in (401); nothing recorded', async () => {
    const before = await head();
    expect((await t.http().get('/api/settings/child-labels').set('Authorization', worker)).status).toBe(403);
    expect((await put('COUNTY', { displayName: 'Borough', status: 1 }, worker)).status).toBe(403);
    expect((await t.http().get('/api/settings/child-labels')).status).toBe(401);
    expect((await t.http().put('/api/settings/child-labels/COUNTY').send({ displayName: 'Borough', status: 1 })).status).toBe(401);
    expect(await head()).toBe(before);
  });

  it('Label_Config alone is enough to read and save', async () => {
    const holder = `Bearer ${t.tokenFor(['HOME_SHOW', 'Label_Config'])}`;
    expect((await t.http().get('/api/settings/child-labels').set('Authorization', holder)).status).toBe(200);
    const saved = await put('COUNTY', { displayName: 'Borough', status: 1 }, holder);
    expect(saved.status).toBe(200);
    expect((await labels()).find((r: { fieldName: string }) => r.fieldName === 'COUNTY')).toMatchObject({ displayName: 'Borough' });
  });
});
