/**
 * The XLSX export and the monthly zip through the real app (issue 29 item 1): written in a worker thread of the
 * heavy-work pool over documents read on the main thread, streamed back whole (the file reads back); and counted
 * against the pool's bounds — a user who already holds 3 jobs is answered 429 with Retry-After and nothing is
 * recorded (the download's audit event is written only once the file may start).
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';
import { binaryBody, readWorkbook } from '../../data-feed/export/xlsx-read-back';
import { unzip } from '../../data-feed/zip-read-back';
import { EVENT_STORE } from '../storage/storage-tokens';
import { HeavyWorkPool } from './heavy-work-pool';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';

describe('feed files in the heavy-work pool (PGlite)', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let writer: AssessmentWriter;
  const userId = randomUUID();
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ backend: 'pglite' });
    token = `Bearer ${t.tokenFor(['HOME_SHOW', 'DATA_FEED_SHOW'], userId)}`;
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
    for (const cin of ['PID-POOL-1', 'PID-POOL-2']) {
      const id = await writer.start('1', { cin, dateOfAssessment: '2021-03-10' }, null);
      await writer.rate(id, '1', { SEXUAL_ABUSE: '2' });
      await writer.complete(id, '1');
      await writer.approve(id, '1');
    }
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => t?.close());

  const download = (path: string, query: Record<string, string | number>) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', token)
      .set('X-Wait-For-Position', String(writer.position))
      .buffer(true)
      .parse(binaryBody);
  const exportXlsx = () => download('/api/data-feed/export/download', { from: '2021-03-01', to: '2021-03-31' });
  const monthlyZip = () => download('/api/data-feed/monthly/download', { year: 2021, month: 3 });

  it('writes the XLSX export and the monthly zip in a worker thread, streamed back whole', async () => {
    const pool = t.app.get(HeavyWorkPool);
    const piscina = (pool as unknown as { pool: { run(task: unknown, options?: unknown): Promise<unknown> } }).pool;
    const run = jest.spyOn(piscina, 'run');

    const xlsx = await exportXlsx();
    expect(xlsx.status).toBe(200);
    const workbook = await readWorkbook(xlsx.body as Buffer);
    expect(workbook.get('children')!.rows).toHaveLength(2);
    const zipped = await monthlyZip();
    expect(zipped.status).toBe(200);
    const files = await unzip(zipped.body as Buffer);
    expect(files.get('children.csv')!.trim().split('\n')).toHaveLength(3);

    expect(run.mock.calls.map(([task]) => [(task as { kind: string }).kind, (task as { file: string }).file])).toEqual([
      ['feed-file', 'xlsx'],
      ['feed-file', 'zip'],
    ]);
  });

  it('refuses a user who holds 3 jobs with 429 and Retry-After, recording nothing; the places come back', async () => {
    const pool = t.app.get(HeavyWorkPool);
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const held = [pool.reserve(userId), pool.reserve(userId), pool.reserve(userId)];
    // The reads the first test's downloads recorded are appended by a timer: in the log before the count starts.
    await t.app.get(RecordReadsService).flush();
    const head = await eventStore.headPosition();
    for (const refused of [await exportXlsx(), await monthlyZip()]) {
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
    }
    expect(await eventStore.headPosition()).toBe(head);
    for (const slot of held) slot.release();
    // A refusal of the request itself (nothing in the range) gives its place back too.
    for (let i = 0; i < 4; i++)
      expect((await download('/api/data-feed/export/download', { from: '2020-01-01', to: '2020-01-31' })).status).toBe(400);
    expect((await exportXlsx()).status).toBe(200);
  });
});
