/**
 * Through the real app: a PDF is rendered by the worker pool, and a refusal of the pool answers 429 or 503 with a
 * Retry-After header and a message the UI shows — never a 500, never a hang.
 */
import { HttpStatus } from '@nestjs/common';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, seedTestLibrary, WORKER_PRIVILEGES } from '../../assessments/assessments.test-support';
import { HeavyWorkPool, HeavyWorkRefused } from './heavy-work-pool';

describe('PDFs through the heavy-work pool (PGlite)', () => {
  let t: TestApp;
  let worker: AssessmentsApi;
  let assessmentId: string;

  beforeAll(async () => {
    t = await startTestApp({ backend: 'pglite' });
    await seedTestLibrary(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenFor(WORKER_PRIVILEGES)}`, 'worker');
    assessmentId = (await worker.start(childForm())).id;
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => t?.close());

  const summaryPdf = () =>
    t
      .http()
      .get(`/api/assessments/${assessmentId}/summary.pdf`)
      .set('Authorization', worker.token)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('renders the summary PDF in a worker thread', async () => {
    const pool = t.app.get(HeavyWorkPool);
    const run = jest.spyOn(pool, 'run');
    const answer = await summaryPdf();
    expect(answer.status).toBe(200);
    expect((answer.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(run).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ kind: 'summary' }));
  });

  it.each([
    [HttpStatus.TOO_MANY_REQUESTS, 'You already have 3 files being prepared. Wait for one to finish, then try again.'],
    [HttpStatus.SERVICE_UNAVAILABLE, 'The server is preparing many files right now. Please try again in a few seconds.'],
  ] as const)('answers a refusal of the pool with %s, Retry-After and the message', async (status, message) => {
    jest.spyOn(t.app.get(HeavyWorkPool), 'run').mockRejectedValue(new HeavyWorkRefused(status));
    const answer = await t.http().get(`/api/assessments/${assessmentId}/summary.pdf`).set('Authorization', worker.token);
    expect(answer.status).toBe(status);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toMatchObject({ message, retryAfterSeconds: 5 });
  });
});
