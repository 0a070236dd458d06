/**
 * The A4 PDF of saved report queries over HTTP on the real app (PostgreSQL when TEST_DATABASE_URL is set): queries
 * saved through POST /api/reports/saved-queries, PDFs downloaded and read back with poppler (pdfinfo, pdftotext,
 * pdftoppm): A4 size, title, filters, domain names, and figures computed here independently from the ratings this
 * test gave (not the report code). Row access is the viewer's: a case worker's PDF of a state user's query shows
 * only the case worker's assessments. The first page of each report is kept as a PNG in SCREENSHOTS_DIR.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { createWizardOrg, domainNames, WizardOrg } from '../test-support/wizard-org';

const backend: 'pglite' | 'postgres' = testPostgresUrl() ? 'postgres' : 'pglite';
const TRAUMA_ITEMS = ['SEXUAL_ABUSE', 'PHYSICAL_ABUSE', 'EMOTIONAL_ABUSE', 'NEGLECT', 'MEDICAL_TRAUMA', 'WITNESS_FAMILY_VIOLENCE'];
const RATINGS: Rating[] = ['0', '1', '2', '3', 'NA'];
const WORKER_CHILDREN = 10;
const work = mkdtempSync(join(tmpdir(), 'report-pdf-'));

interface Seeded {
  id: string;
  cin: string;
  ownerId: string;
  ratings: Record<string, Rating>;
}

const STRENGTH_ITEMS = ['ST_FAMILY', 'ST_INTERPERSONAL', 'ST_OPTIMISM', 'ST_RESILIENCE'];

/** Varied but fixed ratings: child n, item i (Trauma and a few Child Strengths items). */
const ratingsOf = (n: number): Record<string, Rating> =>
  Object.fromEntries([...TRAUMA_ITEMS, ...STRENGTH_ITEMS].map((code, i) => [code, RATINGS[(n * 3 + i * 2) % RATINGS.length]]));

/** Independent figures from the ratings: the count and one-decimal percentage of a rating of one item. */
function share(seeded: Seeded[], code: string, rating: Rating): { count: number; percent: number } {
  const rated = seeded.filter((s) => s.ratings[code] !== undefined);
  const count = rated.filter((s) => s.ratings[code] === rating).length;
  return { count, percent: Math.round((count / rated.length) * 1000) / 10 };
}

/** Mean and population SD of the Trauma domain score (sum of numeric ratings), two decimals. */
function traumaScore(seeded: Seeded[]): { mean: string; sd: string } {
  const scores = seeded.map((s) =>
    TRAUMA_ITEMS.map((code) => s.ratings[code])
      .filter((r) => r !== 'NA')
      .reduce((sum, r) => sum + Number(r), 0),
  );
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length);
  return { mean: String(Math.round(mean * 100) / 100), sd: String(Math.round(sd * 100) / 100) };
}

describe(`report PDFs over HTTP (${backend})`, () => {
  let t: TestApp;
  let org: WizardOrg;
  let outsiderId: string;
  let trauma: { name: string; items: Record<string, string> };
  const seeded: Seeded[] = [];
  const workers = () => seeded.filter((s) => s.ownerId === org.workerId);

  const save = async (token: string, body: object): Promise<string> => {
    const response = await t.http().post('/api/reports/saved-queries').set('Authorization', `Bearer ${token}`).send(body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const download = (token: string, path: string) =>
    t
      .http()
      .get(path)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  /** Downloads a saved query's PDF, checks the envelope, answers its text (layout kept) and its file. */
  const pdfOf = async (token: string, id: string, name: string) => {
    const response = await download(token, `/api/reports/saved-queries/${id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = join(work, `${name}.pdf`);
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return { text, file, disposition: String(response.headers['content-disposition']), pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
  };
  /** The first page as a PNG for looking at (SCREENSHOTS_DIR), as the task asks. */
  const keepFirstPage = (file: string, name: string) => {
    const dir = process.env.SCREENSHOTS_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(dir, `pdf-${name}`)]);
    copyFileSync(file, join(dir, `pdf-${name}.pdf`));
  };
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');

  beforeAll(async () => {
    t = await startTestApp({ backend });
    org = await createWizardOrg(t, 'pdf');
    trauma = await domainNames(t, 'TRAUMA');
    const admin = `Bearer ${t.adminToken()}`;
    outsiderId = (
      await t
        .http()
        .post('/api/users')
        .set('Authorization', admin)
        .send({
          firstName: 'Outsider',
          lastName: 'Wizard',
          username: 'pdfoutsider',
          email: 'pdfoutsider@example.test',
          userGroupId: (await t.http().get(`/api/users/${org.workerId}`).set('Authorization', admin)).body.userGroupId,
          supervisorId: '1',
          externalId: 'pdfoutsider',
        })
    ).body.id;
    await t.settled();
    // The worker's ten children (PDF-1 twice: the time-point reports), the outsider's child (twice).
    for (let n = 1; n <= WORKER_CHILDREN; n++) {
      const ratings = ratingsOf(n);
      const id = await org.approved(`PDF-${n}`, ratings, { dateOfAssessment: `2024-0${(n % 9) + 1}-15` });
      seeded.push({ id, cin: `PDF-${n}`, ownerId: org.workerId, ratings });
    }
    const later = ratingsOf(11);
    seeded.push({
      id: await org.approved('PDF-1', later, { dateOfAssessment: '2024-11-20' }),
      cin: 'PDF-1',
      ownerId: org.workerId,
      ratings: later,
    });
    for (const [n, date] of [
      [20, '2024-02-01'],
      [21, '2024-08-01'],
    ] as const) {
      const ratings = ratingsOf(n);
      const id = await org.writer.start(outsiderId, { cin: 'PDF-OUT', dateOfAssessment: date });
      await org.writer.rate(id, outsiderId, ratings);
      await org.writer.complete(id, outsiderId);
      await org.writer.approve(id, '1');
      seeded.push({ id, cin: 'PDF-OUT', ownerId: outsiderId, ratings });
    }
  });

  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('Many Children One CANS: filters, the comparison, domains and item figures computed independently', async () => {
    const admin = t.adminToken();
    const id = await save(admin, {
      report: 'many-children-one-cans',
      query: { domains: 'TRAUMA,CHILD_STRENGTHS', startDoa: '2024-01-01', endDoa: '2024-12-31' },
      comparison: { compareType: '62', compareYear: '2024', compareAssessors: org.workerId },
    });
    const { text, file, disposition } = await pdfOf(admin, id, 'many-children-one-cans');
    keepFirstPage(file, 'many-children-one-cans');
    expect(disposition).toMatch(/^attachment; filename="Many_Children_One_CANS_\d{14}\.pdf"$/);
    const flat = oneLine(text);
    expect(flat).toContain('Many Children One CANS');
    // The filters and the comparison filters, named.
    expect(flat).toContain('Date of Assessment 01/01/2024 – 12/31/2024');
    expect(flat).toContain('Comparison filters');
    expect(flat).toMatch(/Assessors Worker Wizard/);
    // The comparison group (beside the filters, so the columns interleave in the text).
    expect(flat).toMatch(/Agency Every agency .*Assessment type Initial Assessment .*Year 2024 /);
    expect(flat).toContain(`Comparison: ${WORKER_CHILDREN} child(ren), ${workers().length} assessment(s).`);
    // All 13 assessments of 11 children (state role), the domain names, an item's rating share.
    expect(flat).toContain(`${WORKER_CHILDREN + 1} child(ren), ${seeded.length} assessment(s).`);
    expect(flat).toContain(`${trauma.name}: ratings by item`);
    expect(flat).toContain('Child Strengths: ratings by item');
    const sexualAbuse3 = share(seeded, 'SEXUAL_ABUSE', '3');
    expect(sexualAbuse3.percent).toBeGreaterThanOrEqual(6);
    expect(flat).toContain(`${sexualAbuse3.percent}%`);
    expect(flat).toContain(`${seeded.length} rated`);
    // The mean domain score and its standard deviation, from the ratings.
    const score = traumaScore(seeded);
    expect(flat).toMatch(new RegExp(`${trauma.name} ${score.mean.replace('.', '\\.')} ${score.sd.replace('.', '\\.')} ${seeded.length}`));
    // Issue 28: the score chart draws the standard deviation as error bars (mean ± 1 SD), and says so.
    expect(flat).toContain('Error bars: mean ± 1 standard deviation (SD).');
    expect(flat).toMatch(/Generated \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);
    expect(flat).toMatch(/Page 1 of \d+/);
  });

  it("a case worker's PDF of a state user's saved query shows only the case worker's own assessments", async () => {
    const id = await save(t.adminToken(), { report: 'many-children-one-cans', query: { domains: 'TRAUMA' } });
    const everything = oneLine((await pdfOf(t.adminToken(), id, 'state-view')).text);
    expect(everything).toContain(`${WORKER_CHILDREN + 1} child(ren), ${seeded.length} assessment(s).`);

    const mine = oneLine((await pdfOf(t.tokenForUser(org.workerId), id, 'worker-view')).text);
    expect(mine).toContain(`${WORKER_CHILDREN} child(ren), ${workers().length} assessment(s).`);
    expect(mine).not.toContain(`${seeded.length} assessment(s)`);
    const score = traumaScore(workers());
    expect(mine).toMatch(
      new RegExp(`${trauma.name} ${score.mean.replace('.', '\\.')} ${score.sd.replace('.', '\\.')} ${workers().length}`),
    );
    expect(mine).toContain(`${workers().length} rated`);
  });

  it('One Child One CANS: the child, the other CANS and an item chart per domain; titled with the PID', async () => {
    const supervisor = t.tokenForUser(org.supervisorId);
    const [first, second] = seeded.filter((s) => s.cin === 'PDF-1');
    const id = await save(supervisor, {
      report: 'one-child-one-cans',
      query: { assessment: second.id, domains: 'TRAUMA,CAREGIVER_RESOURCES_NEEDS' },
    });
    const { text, file, disposition } = await pdfOf(supervisor, id, 'one-child-one-cans');
    keepFirstPage(file, 'one-child-one-cans');
    expect(disposition).toMatch(/^attachment; filename="One_Child_One_CANS_\d{14}\.pdf"$/);
    const flat = oneLine(text);
    expect(flat).toContain('One Child One CANS');
    expect(flat).toContain('PID PDF-1');
    expect(flat).toContain('Date of Assessment 11/20/2024');
    expect(flat).toContain('Other CANS of this child');
    expect(flat).toMatch(/— 0\d\/15\/2024/);
    expect(flat).toContain(trauma.name);
    expect(flat).toContain('Quick Glance');
    expect(first.cin).toBe('PDF-1');
  });

  it('One Child Many CANS: the chosen time-points, legend entries of type plus date', async () => {
    const supervisor = t.tokenForUser(org.supervisorId);
    const points = seeded.filter((s) => s.cin === 'PDF-1');
    const id = await save(supervisor, {
      report: 'one-child-many-cans',
      query: { assessments: points.map((p) => p.id).join(','), domains: 'TRAUMA,CHILD_STRENGTHS' },
    });
    const { text, file, disposition } = await pdfOf(supervisor, id, 'one-child-many-cans');
    keepFirstPage(file, 'one-child-many-cans');
    expect(disposition).toMatch(/^attachment; filename="One_Child_Many_CANS_\d{14}\.pdf"$/);
    const flat = oneLine(text);
    expect(flat).toContain('One Child Many CANS');
    expect(flat).toContain('Assessments in the report');
    expect(flat).toContain('Initial Assessment');
    expect(flat).toContain('11/20/2024');
    expect(flat).toContain(trauma.name);
    expect(flat).toContain('Child Strengths');
  });

  it('Many Children Many CANS: first and last assessment per child, actionable shares', async () => {
    const admin = t.adminToken();
    const id = await save(admin, { report: 'many-children-many-cans', query: { domains: 'TRAUMA' } });
    const { text, file, disposition } = await pdfOf(admin, id, 'many-children-many-cans');
    keepFirstPage(file, 'many-children-many-cans');
    expect(disposition).toMatch(/^attachment; filename="Many_Children_Many_CANS_\d{14}\.pdf"$/);
    const flat = oneLine(text);
    // PDF-1 (worker) and PDF-OUT (outsider) have two assessments each.
    expect(flat).toContain('2 child(ren) compared between their first and last assessment.');
    expect(flat).toContain(`${trauma.name}: actionable items, first and last`);
    expect(flat).toContain('Actionable (2, 3)');
    expect(flat).toContain('Error bars: mean ± 1 standard deviation (SD).');
  });

  it('the child info labels name the fields of the PDF; a hidden Assessor leaves it (spec 002 §3)', async () => {
    const supervisor = t.tokenForUser(org.supervisorId);
    const second = seeded.filter((s) => s.cin === 'PDF-1')[1];
    const id = await save(supervisor, { report: 'one-child-one-cans', query: { assessment: second.id, domains: 'TRAUMA' } });
    expect(oneLine((await pdfOf(supervisor, id, 'labels-default')).text)).toMatch(/Assessor \S/);
    const admin = `Bearer ${t.adminToken()}`;
    const label = (fieldName: string, displayName: string, status: number) =>
      t.http().put(`/api/settings/child-labels/${fieldName}`).set('Authorization', admin).send({ displayName, status });
    expect((await label('DateOfAssessment', 'Date Seen', 1)).status).toBe(200);
    expect((await label('LocalAuthority', 'Case Number', 1)).status).toBe(200);
    expect((await label('Assessor', 'Assessor', 0)).status).toBe(200);
    try {
      const flat = oneLine((await pdfOf(supervisor, id, 'labels-configured')).text);
      expect(flat).toContain('Case Number PDF-1');
      expect(flat).toContain('Date Seen 11/20/2024');
      expect(flat).not.toMatch(/Assessor|Date of Assessment|PID PDF-1/);
    } finally {
      await label('DateOfAssessment', 'Date of Assessment', 1);
      await label('LocalAuthority', 'PID', 1);
      await label('Assessor', 'Assessor', 1);
    }
  });

  it('unknown id: 404; without Report_Assessment: 403', async () => {
    const unknown = await download(t.adminToken(), '/api/reports/saved-queries/AAAAAAAAAAAA/pdf');
    expect(unknown.status).toBe(404);
    const id = await save(t.adminToken(), { report: 'many-children-one-cans', query: { domains: 'TRAUMA' } });
    const viewer = t.tokenFor(['HOME_SHOW', 'Assessment_View']);
    const refused = await download(viewer, `/api/reports/saved-queries/${id}/pdf`);
    expect(refused.status).toBe(403);
  });
});
