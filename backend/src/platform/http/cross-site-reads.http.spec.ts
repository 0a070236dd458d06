/**
 * Issue 27, finding 11: a page on another site could send a signed-in user's browser (top-level navigation: the
 * SameSite=Lax cookie goes along) to a PDF or an export download, which is served and recorded in the user's name.
 * Every browser request to the API from another site is refused (csrf-protection.ts), GETs included, and records
 * nothing; the app's own fetches, links and downloads (same-origin), typed URLs and bookmarks (none) and API
 * clients (bearer token) are served.
 */
import type { Response, Test } from 'supertest';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { EVENT_STORE } from '../storage/storage-tokens';
import { CROSS_SITE_REFUSED } from './csrf-protection';

const backends = httpTestBackends();
const HOST = 'cans.test';

describe.each(backends)('Cross-site reads over HTTP (%s): refused, recording nothing', (backend) => {
  let t: TestApp;
  let cookie: string;
  let reads: Array<[string, string]>;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    cookie = `cans_token=${t.adminToken()}`;
    await t.settled();
    const writer = new AssessmentWriter(t, await loadTestLibrary(t));
    const id = await writer.start('1', { cin: 'PID-CROSS-1', dateOfAssessment: '2021-03-10' }, null);
    await writer.complete(id, '1');
    await writer.approve(id, '1');
    reads = [
      ['summary PDF', `/api/assessments/${id}/summary.pdf`],
      ['print PDF', `/api/assessments/${id}/print.pdf`],
      ['summary as of a moment', `/api/assessments/${id}/summary?at=2030-01-01T00:00:00Z`],
      ['export download', '/api/data-feed/export/download?from=2021-03-01&to=2021-03-31'],
      ['monthly download', '/api/data-feed/monthly/download?year=2021&month=3'],
    ];
  });
  afterAll(() => t?.close());

  const head = async () => {
    await t.settled();
    // Reads are appended in batches: flushed now, a read served earlier cannot move the head during a check.
    await t.app.get(RecordReadsService).flush();
    return t.app.get<EventStore>(EVENT_STORE).headPosition();
  };

  /** A GET as the signed-in browser sends it (the session cookie), with the given request headers. */
  const browserGet = (path: string, headers: Record<string, string>): Test => {
    let request = t.http().get(path).set('Host', HOST).set('Cookie', cookie);
    for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
    return request.buffer(true);
  };

  async function appendedBy(send: () => PromiseLike<Response>): Promise<{ status: number; appended: number; body: Response }> {
    const before = await head();
    const body = await send();
    return { status: body.status, appended: (await head()) - before, body };
  }

  const CROSS_SITE_NAVIGATIONS: Array<[string, Record<string, string>]> = [
    ['a link on another site', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }],
    ['another subdomain of the site', { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate' }],
    ['an image tag elsewhere', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' }],
    ['a browser without fetch metadata, from a page elsewhere', { Referer: 'https://evil.example/page' }],
    ['a cross-origin fetch', { Origin: 'https://evil.example' }],
  ];

  it.each(CROSS_SITE_NAVIGATIONS)('refuses %s with 403, serving and recording nothing', async (_from, headers) => {
    for (const [name, path] of reads) {
      const { status, appended, body } = await appendedBy(() => browserGet(path, headers));
      expect({ name, status, appended }).toEqual({ name, status: 403, appended: 0 });
      expect(body.body).toMatchObject({ statusCode: 403, message: CROSS_SITE_REFUSED });
    }
  });

  it('refuses whatever the spelling of the path (Express matches case-insensitively and with a trailing slash)', async () => {
    const [, summaryPdf] = reads[0];
    for (const path of [summaryPdf.replace('/api/', '/API/'), `${summaryPdf}/`]) {
      const { status, appended } = await appendedBy(() =>
        browserGet(path, { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }),
      );
      expect({ path, status, appended }).toEqual({ path, status: 403, appended: 0 });
    }
  });

  it.each([
    ["the app's own links and downloads (same-origin)", { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' }],
    ['a typed URL or a bookmark (none)', { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' }],
    ['a browser without fetch metadata and without a Referer', {}],
    ['the same origin named by Referer', { Referer: `http://${HOST}/assessments` }],
  ])('serves %s, and records the read', async (_from, headers) => {
    for (const [name, path] of reads) {
      const { status, appended } = await appendedBy(() => browserGet(path, headers));
      expect({ name, status, recorded: appended > 0 }).toEqual({ name, status: 200, recorded: true });
    }
  });

  it('serves API clients (a bearer token, which no other site can make a browser send) whatever the headers', async () => {
    const [, summaryPdf] = reads[0];
    const answer = await t
      .http()
      .get(summaryPdf)
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Origin', 'https://integrator.example')
      .buffer(true);
    expect(answer.status).toBe(200);
  });

  it('leaves open to other sites only the health and readiness checks, and the UI pages outside /api', async () => {
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' };
    expect((await browserGet('/api/health', crossSite)).status).toBe(200);
    expect((await browserGet('/api/ready', crossSite)).status).not.toBe(403);
    for (const path of ['/api/auth/me', '/api/help?path=/home', '/api/docs-json', '/api/settings/app-version']) {
      expect([path, (await browserGet(path, crossSite)).status]).toEqual([path, 403]);
    }
    // No frontend is built for this app: an unknown page answers 404, not the cross-site refusal.
    expect((await browserGet('/assessments', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' })).status).not.toBe(403);
  });
});
