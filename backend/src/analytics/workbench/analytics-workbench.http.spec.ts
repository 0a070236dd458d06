/**
 * The analysts' workbench on the real app with the demo data: an author's projection previewed over the first events
 * of the analyst's view, in the sandbox, in a worker thread. The figures equal a plain recount from the stored
 * events; code that collects every text it is given finds no name, PID, address, phone, narrative or comment; a
 * runaway loop comes back as a 400 naming the event, with nothing recorded; the pseudonym key is recorded once,
 * sealed, by the first preview that succeeds; and without Analytics_Author the routes refuse.
 */
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { execFileSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { analystViewOf } from '@cans/projections/analytics/analyst-view/analyst-view';
import { MINIMUM_CELL_SIZE } from '../analytics-small-cells';
import { ANALYST_EXPORT_COLUMNS } from './analyst-events-export';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const APPROVED_PER_AGENCY = `
const collections = {
  approved: { label: 'Approved per agency', fields: { agency: 'agency', assessments: 'count' } },
  seen: { label: 'Events seen', fields: { what: 'string', lastPosition: 'number' } },
};
function initialState() { return { approved: {}, last: 0 }; }
function apply(state, event) {
  state.last = event.position;
  if (event.type === 'AssessmentApproved') state.approved[event.agency ?? ''] = (state.approved[event.agency ?? ''] ?? 0) + 1;
}
function rows(state) {
  return {
    approved: Object.entries(state.approved).map(([agency, assessments]) => ({ agency: agency || null, assessments })),
    seen: [{ what: 'last', lastPosition: state.last }],
  };
}`;

/**
 * Every text of every event it is given (each once), as rows: what an author's code can see. Dates and times are left
 * out (there are too many for one preview's rows; that no date of birth is given is analyst-view.spec.ts's).
 */
const EVERY_TEXT = `
const collections = { texts: { label: 'Every text seen', fields: { text: 'string' } } };
function initialState() { return {}; }
function collect(state, value) {
  if (typeof value === 'string') { if (!/^[cau]-[A-Za-z0-9_-]{16}$/.test(value) && !/^\\d{4}-\\d{2}-\\d{2}/.test(value)) state[value.slice(0, 200)] = true; }
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(state, inner);
}
function apply(state, event) { collect(state, event); }
function rows(state) { return { texts: Object.keys(state).map((text) => ({ text })) }; }`;

describe('analysts’ workbench over HTTP (demo data)', () => {
  let t: TestApp;
  let author: string;
  let events: EventStore;

  beforeAll(async () => {
    t = await startTestApp({ backend: testPostgresUrl() ? 'postgres' : 'pglite', seed: 'demo-data' });
    author = `Bearer ${t.tokenFor(['Analytics_Author'])}`;
    events = t.app.get<EventStore>(EVENT_STORE);
    await t.settled();
  }, 180_000);
  afterAll(() => t?.close());

  const preview = (code: string, as = author, count?: number) =>
    t
      .http()
      .post('/api/analytics-workbench/previews')
      .set('Authorization', as)
      .send({ code, ...(count ? { events: count } : {}) });

  async function allEvents(): Promise<RecordedEvent[]> {
    const all: RecordedEvent[] = [];
    for (let page = await events.readAll(0, 5_000); page.length; page = await events.readAll(all[all.length - 1].position, 5_000))
      all.push(...page);
    return all;
  }

  const keyEvents = async () => (await allEvents()).filter((event) => event.type === 'AnalystPseudonymKeyCreated');

  it('refuses without Analytics_Author, and a runaway loop with the event it was on, recording nothing', async () => {
    const reporter = `Bearer ${t.tokenFor(['Report_Assessment', 'Assessment_View'])}`;
    await t.settled();
    expect((await t.http().get('/api/analytics-workbench').set('Authorization', reporter)).status).toBe(403);
    expect((await preview(APPROVED_PER_AGENCY, reporter)).status).toBe(403);

    const head = await events.headPosition();
    const runaway = await preview(
      APPROVED_PER_AGENCY.replace(
        'state.last = event.position;',
        "state.last = event.position; if (event.type === 'AssessmentApproved') for (;;) {}",
      ),
    );
    expect(runaway.status).toBe(400);
    expect(runaway.body.errors.code[0]).toMatch(/took too long.*on AssessmentApproved at position \d+/);
    expect(runaway.body.sandbox).toMatchObject({ failure: 'timeout', event: { type: 'AssessmentApproved' } });
    const syntax = await preview('function apply(state, event) {\n  return state +;\n}');
    expect(syntax.status).toBe(400);
    expect(syntax.body.sandbox).toMatchObject({ failure: 'syntax', line: 2 });
    expect(await events.headPosition()).toBe(head);
  });

  it('previews the first events: the figures equal a recount from the stored events, small counts suppressed; the key is recorded once, sealed', async () => {
    expect(await keyEvents()).toHaveLength(0);
    const answer = await preview(APPROVED_PER_AGENCY);
    expect(answer.status).toBe(200);
    expect(answer.body.events).toBeGreaterThan(500);
    expect(answer.body.events).toBeLessThanOrEqual(10_000);
    const lastPosition = answer.body.rows.seen[0].lastPosition as number;

    // The recount: approvals per the owner's agency at the time, over the same stored events.
    const agencyOf = new Map<string, string | null>();
    const expected = new Map<string, number>();
    for (const event of (await allEvents()).filter((stored) => stored.position <= lastPosition)) {
      const data = event.data as Json;
      if (event.type === 'AssessmentStarted' || event.type === 'AssessmentReassigned')
        agencyOf.set(data.assessmentId, data.agencyId ?? null);
      if (event.type === 'AssessmentApproved') {
        const agency = agencyOf.get(data.assessmentId) ?? '';
        expected.set(agency, (expected.get(agency) ?? 0) + 1);
      }
    }
    const shown = (count: number) => (count > 0 && count < MINIMUM_CELL_SIZE ? null : count);
    expect(new Map(answer.body.rows.approved.map((row: Json) => [row.agency ?? '', row.assessments]))).toEqual(
      new Map([...expected].map(([agency, count]) => [agency, shown(count)])),
    );
    expect([...expected.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);

    const keys = await keyEvents();
    expect(keys).toHaveLength(1);
    expect(String(keys[0].data && (keys[0].data as Json).keySealed)).toMatch(/^v1:/);
    expect(keys[0].metadata.userId).toBeNull();
    // A second preview uses the recorded key: nothing more is recorded.
    expect((await preview(APPROVED_PER_AGENCY)).status).toBe(200);
    expect(await keyEvents()).toHaveLength(1);
  });

  it('gives the code no name, PID, address, phone, email, narrative or comment', async () => {
    const forbidden = await forbiddenTexts();
    const answer = await preview(EVERY_TEXT);
    expect(answer.status).toBe(200);
    const texts: string[] = answer.body.rows.texts.map((row: Json) => row.text);
    expect(answer.body.totalRows.texts).toBe(texts.length);
    // What it does see: item codes, ratings, dates of assessment, agency ids, group names.
    expect(texts).toEqual(expect.arrayContaining(['ItemRated', 'AssessmentApproved']));
    expect(texts.filter((text) => forbidden.has(text))).toEqual([]);
    expect(texts.filter((text) => [...forbidden].some((secret) => secret.length >= 8 && text.includes(secret)))).toEqual([]);
  });

  it('hands over the view of a range of days as CSV and Parquet, recorded first, with no identifying text; a bad range records nothing', async () => {
    const head = await events.headPosition();
    const backwards = await t.http().get('/api/analytics-workbench/events.csv?from=2025-02-01&to=2025-01-01').set('Authorization', author);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toBeDefined();
    expect(
      (await t.http().get('/api/analytics-workbench/events.csv?from=2025-02-30&to=2025-03-01').set('Authorization', author)).status,
    ).toBe(400);
    expect(await events.headPosition()).toBe(head);

    const today = new Date().toISOString().slice(0, 10);
    const answer = await t.http().get(`/api/analytics-workbench/events.csv?from=2000-01-01&to=${today}`).set('Authorization', author);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="cans-analyst-events-2000-01-01-to-${today}.csv"`);
    const [header, ...rows] = parse(answer.text) as string[][];
    expect(header).toEqual(ANALYST_EXPORT_COLUMNS);
    // A recount: the events of the log an analyst sees (whatever the key, the same events are seen).
    const stored = (await allEvents()).filter((event) => event.position <= head);
    expect(rows.length).toBe(analystViewOf(Buffer.alloc(32), stored).length);
    const forbidden = await forbiddenTexts();
    expect(rows.flat().filter((cell) => forbidden.has(cell))).toEqual([]);
    const recorded = (await allEvents()).filter((event) => event.type === 'AnalystEventsExported');
    expect(recorded.map((event) => event.data)).toEqual([
      expect.objectContaining({ from: '2000-01-01', to: today, format: 'csv', fileName: `cans-analyst-events-2000-01-01-to-${today}.csv` }),
    ]);
    // A range before anything was recorded: the header alone.
    const empty = await t.http().get('/api/analytics-workbench/events.csv?from=2000-01-01&to=2000-01-31').set('Authorization', author);
    expect(parse(empty.text)).toEqual([ANALYST_EXPORT_COLUMNS]);

    // The same range as Parquet: the same rows and columns, numbers as numbers; recorded as a hand-over of its own.
    const parquet = await t
      .http()
      .get(`/api/analytics-workbench/events.parquet?from=2000-01-01&to=${today}`)
      .set('Authorization', author)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(parquet.status).toBe(200);
    expect(parquet.headers['content-type']).toBe('application/vnd.apache.parquet');
    const { schema, read } = readParquet(parquet.body as Buffer);
    expect(schema).toEqual(ANALYST_EXPORT_COLUMNS);
    expect(read.length).toBe(rows.length);
    const csvCells = rows.map((row) => row.map((cell) => (cell === '' ? null : cell)));
    const parquetCells = read.map((row) => ANALYST_EXPORT_COLUMNS.map((column) => (row[column] === null ? null : String(row[column]))));
    // The CSV defuses text a spreadsheet would run (a leading '); Parquet holds the text as it is: none here does.
    expect(parquetCells).toEqual(csvCells);
    expect(read.some((row) => typeof row.ageInMonths === 'number')).toBe(true);
    expect((await allEvents()).filter((event) => event.type === 'AnalystEventsExported').map((event) => event.data)).toContainEqual(
      expect.objectContaining({ format: 'parquet', fileName: `cans-analyst-events-2000-01-01-to-${today}.parquet` }),
    );
  });

  /**
   * The file as hyparquet (the reader of the same authors) reads it, in a Node process of its own: an ES module, which
   * jest's module loader does not take from CommonJS.
   */
  function readParquet(file: Buffer): { schema: string[]; read: Record<string, unknown>[] } {
    const script = `
      const { parquetMetadata, parquetReadObjects } = require('hyparquet');
      const chunks = [];
      process.stdin.on('data', (chunk) => chunks.push(chunk)).on('end', async () => {
        const bytes = Buffer.concat(chunks);
        const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
        const schema = parquetMetadata(file).schema.slice(1).map((column) => column.name);
        process.stdout.write(JSON.stringify({ schema, read: await parquetReadObjects({ file }) }));
      });`;
    return JSON.parse(execFileSync(process.execPath, ['-e', script], { input: file, maxBuffer: 256 * 1024 * 1024 }).toString()) as {
      schema: string[];
      read: Record<string, unknown>[];
    };
  }

  async function forbiddenTexts(): Promise<Set<string>> {
    const forbidden = new Set<string>();
    const add = (value: unknown) => {
      if (typeof value === 'string' && value.trim().length >= 4) forbidden.add(value.trim());
    };
    for (const event of await allEvents()) {
      const data = event.data as Json;
      if (event.type === 'ChildInformationSaved')
        for (const field of [
          'cin',
          'firstName',
          'lastName',
          'medicaidNumber',
          'address',
          'assessorPhoneNumber',
          'recommendationsNote',
          'familyId',
        ])
          add(data.child[field]);
      if (event.type === 'NarrativeSaved') Object.values(data.narrative as Json).forEach(add);
      if (event.type === 'QuestionCommentSaved') add(data.content);
      if (event.type === 'AssessmentReturned' || event.type === 'AssessmentClosed') add(data.reason);
      if (event.type === 'CaregiverAdded')
        ['firstName', 'lastName', 'phone', 'address', 'cin'].forEach((field) => add(data.caregiver[field]));
      if (event.type === 'UserCreated') ['firstName', 'lastName', 'email', 'phone', 'username'].forEach((field) => add(data[field]));
      if (typeof data?.assessmentId === 'string') add(data.assessmentId);
    }
    expect(forbidden.size).toBeGreaterThan(50);
    return forbidden;
  }
});
