import { randomUUID } from 'node:crypto';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { ANSWERS, LibraryApi } from '../../library/library.test-support';
import { seedItemId } from '../../library/library-seed';
import { visibleQuestionsOf } from '@cans/domain/assessments';
import { AssessmentContextService } from '../commands/assessment-context.service';
import { AssessmentWriter, loadTestLibrary, testCaregiver } from './test-support/assessment-writer';
import { firstPagePng, hasCommand, pdfText, pngSize } from './test-support/pdf-inspection';

const backends = httpTestBackends();
const withPoppler = hasCommand('pdftotext') && hasCommand('pdftoppm') ? it : it.skip;

// Response bodies are JSON checked by the tests themselves.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Collects a binary response body (supertest buffers only known types by default). */
const binary = (
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  callback: (error: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk) => chunks.push(chunk!));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe.each(backends)('CANS Summary and print over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  const ownerId = randomUUID();
  const strangerId = randomUUID();
  let ownerToken: string;
  let strangerToken: string;
  let noPrivilegeToken: string;
  let assessmentId: string;
  let triggeredCode: string;
  let ownerName: string;

  const get = (path: string, token: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await startTestApp({ backend });
    ownerToken = t.tokenFor(['Assessment_View', 'HOME_SHOW'], ownerId);
    strangerToken = t.tokenFor(['Assessment_View', 'HOME_SHOW'], strangerId);
    noPrivilegeToken = t.tokenFor(['HOME_SHOW']);
    await t.settled();
    const library = await loadTestLibrary(t);
    writer = new AssessmentWriter(t, library);

    assessmentId = await writer.start(ownerId, { firstName: 'Zoë', lastName: 'Marsh', cin: 'PID-4242' });
    await writer.addCaregiver(assessmentId, ownerId, testCaregiver('cg-1', 'Ann'));
    await writer.rate(assessmentId, ownerId, { ST_FAMILY: '0', ST_INTERPERSONAL: '1', ST_OPTIMISM: '3', ADJUSTMENT_TO_TRAUMA: '2' });
    // Rating Adjustment to Trauma 2 opened the trauma module (a rule of the seed library).
    const { state } = await t.app.get(AssessmentContextService).load(assessmentId);
    triggeredCode = visibleQuestionsOf(state, library).find((q) => q.triggered && q.domainCode === 'TRAUMA')!.code;
    await writer.rate(assessmentId, ownerId, { [triggeredCode]: '3' });
    await writer.rate(assessmentId, ownerId, { CG_SUPERVISION: '2' }, 'cg-1');
    await writer.comment(assessmentId, ownerId, 'ST_OPTIMISM', 'Talks about the future only in negatives.');
    const me = await get('/api/auth/me', ownerToken);
    ownerName = me.body.fullName;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('GET /assessments/:id/summary: child, caregivers, glance counts by the domain meanings, rated items, triggered items, comments', async () => {
    const response = await get(`/api/assessments/${assessmentId}/summary`, ownerToken);
    expect(response.status).toBe(200);
    const summary: Json = response.body;
    expect(summary.child).toMatchObject({ fullName: 'Zoë Marsh', cin: 'PID-4242', genderName: 'Female' });
    expect(summary.assessment).toMatchObject({ id: assessmentId, statusCode: 'i', ownerName });
    expect(summary.caregivers).toEqual([
      expect.objectContaining({ name: 'Ann Hale', relationship: 'Parent/Guardian', role: 'Mother', phone: '555-010-2000' }),
    ]);

    const glance = (code: string) => summary.glance.domains.find((d: Json) => d.domainCode === code);
    expect(glance('CHILD_STRENGTHS')).toMatchObject({
      name: 'Child Strengths',
      ratingMeaning: 'strength',
      actionable: 1,
      useful: 2,
      rated: 3,
    });
    expect(glance('TRAUMA')).toMatchObject({ ratingMeaning: 'need', actionable: 2, useful: 0, rated: 2 });
    expect(glance('CAREGIVER_RESOURCES_NEEDS')).toMatchObject({ caregiverName: 'Ann Hale', actionable: 1 });
    expect(summary.glance.totalActionable).toBe(4);

    const trauma = summary.domains.find((d: Json) => d.domainCode === 'TRAUMA');
    expect(trauma.triggeredModules).toEqual(['Trauma Module: Adjustment to Trauma']);
    expect(trauma.items.map((i: Json) => i.questionCode)).toEqual(['ADJUSTMENT_TO_TRAUMA', triggeredCode]);
    expect(trauma.items[1]).toMatchObject({ answer: '3', triggered: true, actionable: true });
    expect(trauma.items[0].answerText).not.toBe('');
    const optimism = summary.domains
      .find((d: Json) => d.domainCode === 'CHILD_STRENGTHS')
      .items.find((i: Json) => i.questionCode === 'ST_OPTIMISM');
    expect(optimism.comments).toEqual([
      expect.objectContaining({ content: 'Talks about the future only in negatives.', authorName: ownerName }),
    ]);

    expect(summary.recommendations).toMatchObject({ domainId: -1, caregiverId: 0, count: 4 });
    expect(summary.narrative).toEqual({ impressions: '', needs: '', targets: '', outcomes: '', plan: '', recommendations: '' });
  });

  it('GET /assessments/:id/print: every visible question, answered or not, and the return reason', async () => {
    const other = await writer.start(ownerId, { cin: 'PID-4243' });
    await writer.rate(other, ownerId, { ST_FAMILY: '1' });
    await writer.complete(other, ownerId);
    await writer.returnWith(other, ownerId, 'Please rate the trauma items.');
    const response = await get(`/api/assessments/${other}/print`, ownerToken);
    expect(response.status).toBe(200);
    const items = response.body.domains.flatMap((d: Json) => d.items);
    expect(items.length).toBeGreaterThan(10);
    expect(items.filter((i: Json) => i.answer !== null)).toEqual([expect.objectContaining({ questionCode: 'ST_FAMILY', answer: '1' })]);
    expect(response.body.reasons).toEqual([
      expect.objectContaining({ kind: 'return', reason: 'Please rate the trauma items.', byName: ownerName }),
    ]);
    expect(response.body.domains[0].progress.label).toMatch(/% Completed$/);
  });

  it('renders with the library version the assessment was started on', async () => {
    const admin = new LibraryApi(t, `Bearer ${t.adminToken()}`);
    await admin.add({ type: 'question', domainId: seedItemId('TRAUMA'), name: 'NEW TRAUMA ITEM', answers: ANSWERS });
    const before = await get(`/api/assessments/${assessmentId}/print`, ownerToken);
    expect(before.body.domains.flatMap((d: Json) => d.items).map((i: Json) => i.question)).not.toContain('NEW TRAUMA ITEM');

    const library = await loadTestLibrary(t);
    const newer = await new AssessmentWriter(t, library).start(ownerId, { cin: 'PID-4244' });
    const after = await get(`/api/assessments/${newer}/print`, ownerToken);
    expect(after.body.domains.flatMap((d: Json) => d.items).map((i: Json) => i.question)).toContain('NEW TRAUMA ITEM');
  });

  it('GET /assessments/:id/summary.pdf: an A4 PDF with the child in it that opens', async () => {
    const response = await get(`/api/assessments/${assessmentId}/summary.pdf`, ownerToken).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // Named by date and assessment id: the PID stays out of file names, downloads folders and request logs.
    expect(response.headers['content-disposition']).toBe(`inline; filename="cans-summary-2024-05-01-${assessmentId}.pdf"`);
    const pdf: Buffer = response.body;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  withPoppler('summary.pdf: has the child, the PID and the comment in its text, and its first page renders', async () => {
    const pdf: Buffer = (await get(`/api/assessments/${assessmentId}/summary.pdf`, ownerToken).buffer(true).parse(binary)).body;
    const text = pdfText(pdf);
    expect(text).toContain('Zoë Marsh');
    expect(text).toContain('PID PID-4242');
    expect(text).toContain('Talks about the future only in negatives.');
    expect(pngSize(firstPagePng(pdf)).width).toBeGreaterThan(400);
  });

  it('GET /assessments/:id/print.pdf: the full assessment as PDF', async () => {
    const response = await get(`/api/assessments/${assessmentId}/print.pdf`, ownerToken).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf: Buffer = response.body;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  withPoppler('print.pdf: has the full assessment in its text, and its first page renders', async () => {
    const pdf: Buffer = (await get(`/api/assessments/${assessmentId}/print.pdf`, ownerToken).buffer(true).parse(binary)).body;
    const text = pdfText(pdf);
    expect(text).toContain('CANS Assessment');
    expect(text).toContain('Zoë Marsh');
    expect(text).toContain('Ann');
    expect(pngSize(firstPagePng(pdf)).height).toBeGreaterThan(500);
  });

  it.each(['summary', 'print', 'summary.pdf', 'print.pdf'])(
    'GET /assessments/:id/%s refuses others: 401 signed out, 403 without the privilege, 404 without row access (as if unknown), unknown or deleted',
    async (view) => {
      expect((await t.http().get(`/api/assessments/${assessmentId}/${view}`)).status).toBe(401);
      expect((await get(`/api/assessments/${assessmentId}/${view}`, noPrivilegeToken)).status).toBe(403);
      // Another case worker with the privilege but no row access (IDOR).
      const idor = await get(`/api/assessments/${assessmentId}/${view}`, strangerToken);
      expect(idor.status).toBe(404);
      expect(JSON.stringify(idor.body ?? '')).not.toContain('Marsh');
      expect((await get(`/api/assessments/${randomUUID()}/${view}`, ownerToken)).status).toBe(404);
      expect((await get(`/api/assessments/not%20an%20id/${view}`, ownerToken)).status).toBe(404);
      // The administrator sees every record.
      expect((await get(`/api/assessments/${assessmentId}/${view}`, t.adminToken())).status).toBe(200);
    },
  );

  it('row access follows the policy: sharing the assessment lets the other case worker read it', async () => {
    const shared = await writer.start(ownerId, { cin: 'PID-4246' });
    expect((await get(`/api/assessments/${shared}/summary`, strangerToken)).status).toBe(404);
    await writer.share(shared, ownerId, [strangerId]);
    const response = await get(`/api/assessments/${shared}/summary`, strangerToken);
    expect(response.status).toBe(200);
    expect(response.body.child.cin).toBe('PID-4246');
  });

  it('a deleted assessment is gone', async () => {
    const doomed = await writer.start(ownerId, { cin: 'PID-4245' });
    await writer.delete(doomed, ownerId, 'i');
    expect((await get(`/api/assessments/${doomed}/summary`, ownerToken)).status).toBe(404);
    expect((await get(`/api/assessments/${doomed}/print.pdf`, ownerToken)).status).toBe(404);
  });
});
