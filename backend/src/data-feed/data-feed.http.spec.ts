/**
 * The monthly data feed over HTTP on the real app: approved assessments in two months (plus ones the feed must
 * leave out), the month's count, its zip unzipped with yauzl and every CSV read back with csv-parse — headers
 * against the data dictionary (in the zip and docs/data-feed.md), rows against what this test wrote — the 400s of
 * bad months, the 403 without DATA_FEED_SHOW and the download's row in the System Log.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { unzip } from './zip-read-back';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary, testCaregiver } from '../assessments/summary/test-support/assessment-writer';
import { DATA_DICTIONARY_FILE, FEED_TABLES } from './feed-tables';

const backends = httpTestBackends();

const csv = (text: string): string[][] => parse(text, { relax_column_count: false }) as string[][];
/** Rows as records by header. */
const records = (text: string): Record<string, string>[] => parse(text, { columns: true }) as Record<string, string>[];

describe.each(backends)('monthly data feed over HTTP (%s)', (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  let feedToken: string;
  const march: string[] = [];
  let april = '';

  const get = (path: string, token: string, query: Record<string, string | number>) =>
    t.http().get(path).query(query).set('Authorization', `Bearer ${token}`).set('X-Wait-For-Position', String(writer.position));
  const download = (query: Record<string, string | number>) =>
    get('/api/data-feed/monthly/download', feedToken, query)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });

  beforeAll(async () => {
    t = await startTestApp({ backend });
    feedToken = t.tokenFor(['HOME_SHOW', 'DATA_FEED_SHOW']);
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
    const owner = '1';
    const approved = async (cin: string, dateOfAssessment: string, withCaregivers: boolean) => {
      const id = await writer.start(owner, { cin, dateOfAssessment }, null);
      if (withCaregivers) {
        await writer.addCaregiver(id, owner, testCaregiver(`${id}-cg1`, 'Ann'));
        await writer.addCaregiver(id, owner, testCaregiver(`${id}-cg2`, 'Bo'));
        await writer.rate(id, owner, { CG_SUPERVISION: '3' }, `${id}-cg1`);
        await writer.rate(id, owner, { CG_SUPERVISION: 'NA' }, `${id}-cg2`);
      }
      await writer.rate(id, owner, { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '0' });
      await writer.comment(id, owner, 'SEXUAL_ABUSE', `Said "no", then, later, yes\nat ${cin}`);
      await writer.complete(id, owner);
      await writer.approve(id, owner);
      return id;
    };
    march.push(await approved('PID-FEED-1', '2021-03-05', true));
    march.push(await approved('PID-FEED-2', '2021-03-28', false));
    april = await approved('PID-FEED-3', '2021-04-01', false);
    // Left out: not approved, and approved then deleted.
    await writer.start(owner, { cin: 'PID-FEED-DRAFT', dateOfAssessment: '2021-03-10' }, null);
    const deleted = await approved('PID-FEED-DEL', '2021-03-12', false);
    await writer.delete(deleted, owner, 'a');
  });

  afterAll(() => t?.close());

  it('counts the approved assessments of a month', async () => {
    const counts = await Promise.all(
      [3, 4, 5].map(async (month) => (await get('/api/data-feed/monthly/count', feedToken, { year: 2021, month }).expect(200)).body),
    );
    expect(counts).toEqual([
      { year: 2021, month: 3, count: 2 },
      { year: 2021, month: 4, count: 1 },
      { year: 2021, month: 5, count: 0 },
    ]);
  });

  it('downloads the month as a zip whose CSVs match the data dictionary and the assessments', async () => {
    const response = await download({ year: 2021, month: 3 }).expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cans-data-feed-2021-03.zip"');
    const files = await unzip(response.body as Buffer);
    expect([...files.keys()]).toEqual([...FEED_TABLES.map((table) => table.file), DATA_DICTIONARY_FILE]);

    // Headers: exactly the dictionary's columns of each file, in order (zip dictionary and docs/data-feed.md).
    const dictionary = records(files.get(DATA_DICTIONARY_FILE)!);
    const doc = readFileSync(join(__dirname, '../../../docs/data-feed.md'), 'utf8');
    for (const table of FEED_TABLES) {
      const columns = dictionary.filter((row) => row.file === table.file && row.column).map((row) => row.column);
      expect(csv(files.get(table.file)!)[0]).toEqual(columns);
      const section = doc.split(/^### /m).find((part) => part.startsWith(`\`${table.file}\``)) ?? '';
      const documented = [...section.matchAll(/^\|\s*`([a-z_]+)`\s*\|/gm)].map((match) => match[1]);
      expect(documented).toEqual(columns);
    }

    const children = records(files.get('children.csv')!);
    expect(children.map((row) => [row.assessment_id, row.pid, row.date_of_assessment])).toEqual([
      [march[0], 'PID-FEED-1', '2021-03-05'],
      [march[1], 'PID-FEED-2', '2021-03-28'],
    ]);
    expect(children[0]).toMatchObject({
      first_name: 'Robin',
      last_name: 'Hale',
      gender: 'F',
      approved_by: '1',
      included_in_reports: 'true',
    });
    expect(records(files.get('caregivers.csv')!).map((row) => [row.assessment_id, row.caregiver_id, row.position, row.first_name])).toEqual(
      [
        [march[0], `${march[0]}-cg1`, '1', 'Ann'],
        [march[0], `${march[0]}-cg2`, '2', 'Bo'],
      ],
    );
    const ratings = records(files.get('ratings.csv')!).map(
      (row) => `${row.assessment_id}|${row.item_code}|${row.caregiver_id}|${row.rating}`,
    );
    expect(ratings.sort()).toEqual(
      [
        ...march.flatMap((id) => [`${id}|PHYSICAL_ABUSE||0`, `${id}|SEXUAL_ABUSE||1`]),
        `${march[0]}|CG_SUPERVISION|${march[0]}-cg1|3`,
        `${march[0]}|CG_SUPERVISION|${march[0]}-cg2|NA`,
      ].sort(),
    );
    const comments = records(files.get('comments.csv')!);
    // Quotes, commas and a line break survive the CSV round trip.
    expect(comments.map((row) => [row.assessment_id, row.item_code, row.content])).toEqual([
      [march[0], 'SEXUAL_ABUSE', 'Said "no", then, later, yes\nat PID-FEED-1'],
      [march[1], 'SEXUAL_ABUSE', 'Said "no", then, later, yes\nat PID-FEED-2'],
    ]);
    expect(records(files.get('narratives.csv')!).map((row) => row.assessment_id)).toEqual(march);
    expect(files.get('children.csv')).not.toContain(april);
  });

  it('writes RFC 4180 files: a field holding a bare LF, a bare CR, CRLF, a comma or a quote reads back whole with a strict parser', async () => {
    // Issue 28: a narrative plan "Sleep diary;\ncontact plan." was written unquoted and split its row in two.
    const awkward = ['Sleep diary;\ncontact plan.', 'Bare\rreturn', 'Windows\r\nline', 'a, b', 'say "hi"'];
    const owner = '1';
    const id = await writer.start(owner, { cin: 'PID-FEED-RFC', dateOfAssessment: '2021-06-15' }, null);
    await writer.rate(id, owner, { SEXUAL_ABUSE: '1' });
    for (const text of awkward) await writer.comment(id, owner, 'SEXUAL_ABUSE', text);
    await writer.narrative(id, owner, {
      impressions: awkward[0],
      needs: awkward[1],
      targets: awkward[2],
      outcomes: awkward[3],
      plan: awkward[4],
      recommendations: 'plain',
    });
    await writer.complete(id, owner);
    await writer.approve(id, owner);

    const files = await unzip((await download({ year: 2021, month: 6 }).expect(200)).body as Buffer);
    for (const [file, text] of files) {
      // Strict: any line break outside quotes ends a record (as spreadsheets read it), every record has the
      // header's number of fields, quotes only as RFC 4180 allows.
      const rows = parse(text, { relax_column_count: false, relax_quotes: false, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
      expect({ file, widths: [...new Set(rows.map((row) => row.length))] }).toEqual({ file, widths: [rows[0].length] });
    }
    expect(records(files.get('comments.csv')!).map((row) => row.content)).toEqual(awkward);
    const [narrative] = records(files.get('narratives.csv')!);
    expect([narrative.impressions, narrative.needs, narrative.targets, narrative.outcomes, narrative.plan]).toEqual(awkward);
  });

  it('refuses a month that is not a past month with field messages (400; the System Log test shows nothing was recorded)', async () => {
    const now = new Date();
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ year: 'abc', month: 3 }, 'year'],
      [{ year: 2021, month: 13 }, 'month'],
      [{ year: 2021, month: 0 }, 'month'],
      [{ year: 2021 }, 'month'],
      [{ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }, 'month'],
      [{ year: now.getUTCFullYear() + 1, month: 1 }, 'month'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/data-feed/monthly/count', '/api/data-feed/monthly/download']) {
        const response = await get(path, feedToken, query);
        expect([path, query, response.status]).toEqual([path, query, 400]);
        expect(Object.keys(response.body.errors)).toContain(field);
      }
    }
  });

  it('refuses a user without DATA_FEED_SHOW (403)', async () => {
    const token = t.tokenFor(['HOME_SHOW', 'Report_Assessment', 'Setting']);
    await get('/api/data-feed/monthly/count', token, { year: 2021, month: 3 }).expect(403);
    await get('/api/data-feed/monthly/download', token, { year: 2021, month: 3 }).expect(403);
  });

  it('shows each download in the System Log with the user, the month and the count', async () => {
    await download({ year: 2021, month: 4 }).expect(200);
    await t.caughtUp();
    const response = await get('/api/system-log', t.adminToken(), {
      filter: JSON.stringify({ action: 'data-feed-downloaded' }),
      range: '[0,9]',
    }).expect(200);
    const descriptions = (response.body as Array<{ description: string; userId: string }>).map((row) => row.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        'Monthly data feed downloaded: 2021-03: 2 assessments',
        'Monthly data feed downloaded: 2021-04: 1 assessment',
        'Monthly data feed downloaded: 2021-06: 1 assessment',
      ]),
    );
    expect(descriptions).toHaveLength(3);
  });
});
