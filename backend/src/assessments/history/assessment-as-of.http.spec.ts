/**
 * The assessment as it was (issue 16) through the Nest app: GET /assessments/{id}/as-of by revision and by time,
 * /compare, and the summary, print and PDFs with the same as-of parameters — over an assessment driven through the
 * HTTP commands (returned, re-rated, approved). Every malformed point is a 400 with its field message that writes
 * nothing; a reader without row access gets 404.
 */
import { randomUUID } from 'node:crypto';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { AssessmentsApi, Json, createOrganisation, seedTestLibrary } from '../assessments.test-support';
import { hasCommand, pdfText } from '../summary/test-support/pdf-inspection';
import { AS_OF_MESSAGES } from './as-of-point';
import { DrivenAssessment, RETURN_REASON, driveReturnedAndApproved, entriesOf, readsRecorded } from './history.test-support';

const backends = httpTestBackends();
const withPoppler = hasCommand('pdftotext') ? it : it.skip;

/** Collects a binary response body (supertest buffers only known types by default). */
const binary = (
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  callback: (error: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk) => chunks.push(chunk!));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

const sleepItem = (summary: Json) =>
  summary.domains.flatMap((d: Json) => d.items).find((i: Json) => i.questionCode === 'T_SLEEP') as { answer: string | null };

describe.each(backends)('The assessment as it was, over HTTP (%s)', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  let worker: AssessmentsApi;
  let supervisor: AssessmentsApi;
  let outsider: AssessmentsApi;
  let driven: DrivenAssessment;
  let path: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
    const api = (id: string) => new AssessmentsApi(t, `Bearer ${t.tokenForUser(id)}`, id);
    worker = api(ids.worker);
    supervisor = api(ids.supervisor);
    outsider = api(ids.outsider);
    driven = await driveReturnedAndApproved(worker, supervisor, 'PID-AS-OF');
    path = `/api/assessments/${driven.id}`;
  });
  afterAll(() => t?.close());

  it('as of a revision before the return: the old rating and status, read-only, no action, with the library version then', async () => {
    const current = (await supervisor.get(path)).body;
    expect(current).toMatchObject({ statusCode: 'a', childRatings: { T_SLEEP: 3 } });

    const answer = await supervisor.get(`${path}/as-of`, { revision: String(driven.revisions.completed) });
    expect(answer.status).toBe(200);
    const view = answer.body;
    expect(view).toMatchObject({
      id: driven.id,
      revision: driven.revisions.completed,
      statusCode: 'c',
      statusLabel: 'Pending Approval',
      childRatings: { T_SUBSTANCE_USE: 0, T_SLEEP: 2 },
      child: { dateOfBirth: '2012-03-16' },
      reasons: [],
      readOnly: true,
      libraryVersion: current.libraryVersion,
      asOf: { revision: driven.revisions.completed, at: expect.any(String), libraryVersion: current.libraryVersion },
    });
    expect(Object.values(view.actions).every((allowed) => allowed === false)).toBe(true);
    expect(Object.keys(view.actions).sort()).toEqual(Object.keys(current.actions).sort());
    // The questionnaire of that moment's library version is there, with the rating then.
    const sleep = view.questionnaire.domains[0].questions.find((q: Json) => q.code === 'T_SLEEP');
    expect(sleep.rating).toBe(2);

    // The history's time of that event is the time the answer names.
    const history = (await supervisor.get(`${path}/history`, { kind: 'status' })).body;
    const completedAt = entriesOf(history).find((e: Json) => e.revision === driven.revisions.completed).at;
    expect(view.asOf.at).toBe(completedAt);
  });

  it('as of a date and time: the last event recorded at or before it, and `at` as asked', async () => {
    const history = (await supervisor.get(`${path}/history`, { kind: 'status' })).body;
    const returned = entriesOf(history).find((e: Json) => e.revision === driven.revisions.returned);
    const view = (await supervisor.get(`${path}/as-of`, { at: returned.at })).body;
    expect(view).toMatchObject({
      statusCode: 'r',
      reasons: [{ kind: 'return', reason: RETURN_REASON, byName: 'Supervisor Tester' }],
      childRatings: { T_SLEEP: 2 },
      asOf: { revision: driven.revisions.returned, at: returned.at },
    });
    // Another zone naming the same instant reads the same state; the answer gives it back in UTC.
    const shifted = new Date(returned.at).toISOString().replace('Z', '+00:00');
    expect((await supervisor.get(`${path}/as-of`, { at: shifted })).body.asOf).toEqual(view.asOf);
    // Revision 0: the assessment before its child record was entered.
    expect((await supervisor.get(`${path}/as-of`, { revision: '0' })).body).toMatchObject({ revision: 0, child: null, readOnly: true });
  });

  it('compare: the changed rating and status between before the return and now, both sides read-only', async () => {
    const answer = await supervisor.get(`${path}/compare`, { revision: String(driven.revisions.completed) });
    expect(answer.status).toBe(200);
    const { before, after, changes } = answer.body;
    expect(before).toMatchObject({
      statusCode: 'c',
      childRatings: { T_SLEEP: 2 },
      readOnly: true,
      asOf: { revision: driven.revisions.completed },
    });
    expect(after).toMatchObject({
      statusCode: 'a',
      childRatings: { T_SLEEP: 3 },
      readOnly: true,
      asOf: { revision: driven.revisions.approved },
    });
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'rating.T_SLEEP', label: 'Sleep', before: '2', after: '3' },
        expect.objectContaining({ field: 'status', before: 'Pending Approval', after: 'Approved' }),
      ]),
    );
    expect(changes.map((c: Json) => c.field)).not.toContain('rating.T_SUBSTANCE_USE');

    const toReturn = (
      await supervisor.get(`${path}/compare`, {
        revision: String(driven.revisions.rated),
        toRevision: String(driven.revisions.childChanged),
      })
    ).body;
    expect(toReturn.after.asOf.revision).toBe(driven.revisions.childChanged);
    expect(toReturn.changes).toEqual(
      expect.arrayContaining([{ field: 'child.dateOfBirth', label: 'Date of Birth', before: '03/15/2012', after: '03/16/2012' }]),
    );
    expect(toReturn.changes.map((c: Json) => c.field)).not.toContain('status');
    const same = await supervisor.get(`${path}/compare`, { revision: '5', toRevision: '5' });
    expect(same.body.changes).toEqual([]);
  });

  it('summary and print as of a revision or a time show the earlier rating and say where they stand', async () => {
    const revision = String(driven.revisions.completed);
    const summary = (await supervisor.get(`${path}/summary`, { revision })).body;
    expect(sleepItem(summary).answer).toBe('2');
    expect(summary.assessment).toMatchObject({ statusCode: 'c' });
    expect(summary.asOf).toMatchObject({ revision: driven.revisions.completed });
    const now = (await supervisor.get(`${path}/summary`)).body;
    expect(sleepItem(now).answer).toBe('3');
    expect(now.asOf).toBeUndefined();

    const printed = (await supervisor.get(`${path}/print`, { at: summary.asOf.at })).body;
    expect(printed).toMatchObject({ assessment: { statusCode: 'c' }, reasons: [], asOf: { revision: driven.revisions.completed } });
    // Before the child record existed there is no summary to draw: a 400 on the point, not a 404.
    const noChild = await supervisor.get(`${path}/summary`, { revision: '0' });
    expect(noChild.status).toBe(400);
    expect(noChild.body.errors).toEqual({ revision: [AS_OF_MESSAGES.noChildYet] });
  });

  withPoppler('summary.pdf and print.pdf as of a point say "As of" with the date and time in their header', async () => {
    const pdf = async (file: string, query: Record<string, string>) =>
      (await t.http().get(`${path}/${file}`).query(query).set('Authorization', supervisor.token).buffer(true).parse(binary)).body as Buffer;
    const at = '2099-01-02T03:04:00Z';
    const summaryText = pdfText(await pdf('summary.pdf', { revision: String(driven.revisions.completed) }));
    expect(summaryText).toMatch(/As of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
    expect(pdfText(await pdf('print.pdf', { at }))).toContain('As of 01/02/2099 03:04 UTC');
    expect(pdfText(await pdf('summary.pdf', {}))).not.toContain('As of');
  });

  it.each([
    ['as-of', {}, { revision: [AS_OF_MESSAGES.oneOf], at: [AS_OF_MESSAGES.oneOf] }],
    ['as-of', { revision: '1', at: '2024-05-01T10:00:00Z' }, { revision: [AS_OF_MESSAGES.notBoth], at: [AS_OF_MESSAGES.notBoth] }],
    ['as-of', { revision: 'abc' }, { revision: [AS_OF_MESSAGES.revision] }],
    ['as-of', { revision: '-1' }, { revision: [AS_OF_MESSAGES.revision] }],
    ['as-of', { revision: '1.5' }, { revision: [AS_OF_MESSAGES.revision] }],
    ['as-of', { revision: '99999999999' }, { revision: [AS_OF_MESSAGES.revision] }],
    ['as-of', { revision: 'LAST+1' }, 'past'],
    ['as-of', { at: 'yesterday' }, { at: [AS_OF_MESSAGES.at] }],
    ['as-of', { at: '2024-02-30T10:00:00Z' }, { at: [AS_OF_MESSAGES.at] }],
    ['as-of', { at: '2024-05-01T10:00:00' }, { at: [AS_OF_MESSAGES.at] }],
    ['as-of', { at: '2000-01-01T00:00:00Z' }, { at: [AS_OF_MESSAGES.atBeforeCreation] }],
    ['compare', {}, { revision: [AS_OF_MESSAGES.compareRevision] }],
    ['compare', { revision: '3', toRevision: '2' }, { toRevision: [AS_OF_MESSAGES.toRevisionBefore] }],
    ['compare', { revision: '1', toRevision: 'LAST+1' }, 'past toRevision'],
    ['summary', { at: 'soon' }, { at: [AS_OF_MESSAGES.at] }],
    ['summary.pdf', { revision: 'LAST+1' }, 'past'],
    ['print', { at: '2000-01-01T00:00:00Z' }, { at: [AS_OF_MESSAGES.atBeforeCreation] }],
    ['print.pdf', { revision: '1', at: '2024-05-01T10:00:00Z' }, { revision: [AS_OF_MESSAGES.notBoth], at: [AS_OF_MESSAGES.notBoth] }],
  ] as Array<[string, Record<string, string>, Json]>)(
    '%s with %j: 400 with its field message, nothing appended',
    async (route, query, expected) => {
      const last = driven.revisions.approved;
      const sent = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, value === 'LAST+1' ? String(last + 1) : value]));
      const errors =
        expected === 'past'
          ? { revision: [AS_OF_MESSAGES.revisionPast(last)] }
          : expected === 'past toRevision'
            ? { toRevision: [AS_OF_MESSAGES.revisionPast(last)] }
            : expected;
      const store = t.app.get<EventStore>(EVENT_STORE);
      await readsRecorded(t);
      const head = await store.headPosition();
      const refused = await t.http().get(`${path}/${route}`).query(sent).set('Authorization', supervisor.token);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({ statusCode: 400, message: AS_OF_MESSAGES.fields, errors });
      await readsRecorded(t);
      expect(await store.headPosition()).toBe(head);
    },
  );

  it('404 for a reader without row access (as if unknown), for an unknown assessment; 401 signed out', async () => {
    for (const [route, query] of [
      ['as-of', { revision: '0' }],
      ['compare', { revision: '0' }],
      ['summary', { revision: '5' }],
      ['print.pdf', { revision: '5' }],
    ] as Array<[string, Record<string, string>]>) {
      const idor = await outsider.get(`${path}/${route}`, query);
      expect({ route, status: idor.status }).toEqual({ route, status: 404 });
      expect(JSON.stringify(idor.body ?? '')).not.toContain('PID-AS-OF');
      expect((await supervisor.get(`/api/assessments/${randomUUID()}/${route}`, query)).status).toBe(404);
      expect((await t.http().get(`${path}/${route}`).query(query)).status).toBe(401);
    }
  });
});
