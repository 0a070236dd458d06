/**
 * A blue/green rebuild of the assessment list over 20,000 assessments while users keep working through HTTP:
 * no request fails, lists are served throughout (from the previous collections until the switch), and the rebuilt
 * list equals one built fresh from the same events.
 */
import { randomUUID } from 'node:crypto';
import { assessmentListProjection } from '@cans/projections/assessments/assessment-list.projection';
import { assessmentEvent, assessmentStreamId, decideStartAssessment, initialAssessmentState } from '@cans/domain/assessments';
import type { AssessmentEvent } from '@cans/domain/assessments';
import { childInput } from '@cans/domain/assessments/test-support/assessment-fixtures';
import { PRIVILEGES } from '@cans/domain/identity/privileges';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, createOrganisation, seedTestLibrary } from '../../assessments/assessments.test-support';
import { LibraryStateService } from '../../library/library-stream/library-state.service';
import { EVENT_STORE, READ_STORE } from '../storage/storage-tokens';
import { ProjectionRunnerService } from './projection-runner.service';

// PostgreSQL is what CI runs; embedded PGlite (one connection) gets a smaller history so the test stays short.
// A few thousand assessments keep the rebuild long enough for reads and saves to land during it; the rebuild's
// speed at agency scale is `npm run bench`'s figure, and BLUE_GREEN_ASSESSMENTS=20000 runs this spec at that scale.
const backend = testPostgresUrl() ? 'postgres' : 'pglite';
const ASSESSMENTS = Number(process.env.BLUE_GREEN_ASSESSMENTS ?? (backend === 'postgres' ? 4_000 : 2_000));
const WRITERS = 8;

jest.setTimeout(300_000);

describe(`Blue/green rebuild of the assessment list under HTTP load (${backend}, ${ASSESSMENTS} assessments)`, () => {
  let t: TestApp;
  let worker: AssessmentsApi;
  let workerId: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    workerId = (await createOrganisation(t)).worker;
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(workerId)}`, workerId);
    await appendHistory(t, workerId);
  });
  afterAll(() => t?.close());

  it('serves every read and write during the rebuild and switches to a list equal to a fresh build', async () => {
    const runner = t.app.get(ProjectionRunnerService);
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const caughtUp = await runner.waitForPosition(await eventStore.headPosition(), 120_000);
    if (!caughtUp) console.log(JSON.stringify(await runner.status(), null, 1));
    expect(caughtUp).toBe(true);
    const { id } = await worker.start(childForm({ cin: 'PID-UNDER-LOAD' }));
    const totalBefore = listTotal(await worker.list());
    expect(totalBefore).toBe(ASSESSMENTS + 1);

    const failures: string[] = [];
    let saves = 0;
    let readsDuringBuild = 0;
    let building = true;
    const rebuild = runner.rebuildOnce(assessmentListProjection.name).finally(() => (building = false));
    const writes = (async () => {
      for (let i = 0; building; i++) {
        const sent = await worker.rate(id, 'T_SLEEP', i % 4);
        if (sent.status !== 200) failures.push(`save ${sent.status} ${JSON.stringify(sent.body)}`);
        else saves++;
      }
    })();
    const reads = (async () => {
      while (building) {
        const [inBuild] = (await runner.status())
          .filter((status) => status.name === assessmentListProjection.name)
          .map((status) => status.rebuild !== null);
        const sent = await worker.list({ q: 'PID-UNDER-LOAD' });
        if (sent.status !== 200 || sent.body.length !== 1) failures.push(`list ${sent.status} ${JSON.stringify(sent.body).slice(0, 200)}`);
        else if (inBuild) readsDuringBuild++;
      }
    })();
    const rebuilt = await rebuild;
    await Promise.all([writes, reads]);

    expect(failures).toEqual([]);
    expect(saves).toBeGreaterThan(0);
    expect(readsDuringBuild).toBeGreaterThan(0);
    expect(rebuilt.events).toBeGreaterThan(ASSESSMENTS * 3);
    const readStore = t.app.get<ReadStore>(READ_STORE);
    expect(await readStore.collectionTarget('assessment_list')).toMatch(/^assessment_list__g\d+$/);
    expect(listTotal(await worker.list())).toBe(ASSESSMENTS + 1);

    // The rebuilt collections equal a fresh build of the same events (made with no load running).
    expect(await runner.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true);
    const rebuiltUnderLoad = await snapshot(readStore);
    await runner.rebuildOnce(assessmentListProjection.name);
    expect(await snapshot(readStore)).toEqual(rebuiltUnderLoad);
  });
});

const listTotal = (sent: { headers: Record<string, string> }) => Number(sent.headers['content-range']?.split('/')[1]);

async function snapshot(readStore: ReadStore): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const collection of assessmentListProjection.collections) {
    result[collection.name] = await readStore.find(collection.name, {}, { sort: [{ field: 'id', direction: 'asc' }] });
  }
  return result;
}

/** The worker's history: assessments started as the decider starts them, most completed and many approved. */
async function appendHistory(t: TestApp, ownerId: string): Promise<void> {
  const eventStore = t.app.get<EventStore>(EVENT_STORE);
  const library = await t.app.get(LibraryStateService).currentInstrument();
  const now = new Date().toISOString();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < ASSESSMENTS) {
        const i = next++;
        const assessmentId = randomUUID();
        const events: AssessmentEvent[] = decideStartAssessment(
          initialAssessmentState,
          {
            type: 'StartAssessment',
            assessmentId,
            child: childInput({ cin: `PID-${String(i).padStart(6, '0')}`, familyId: `FAM-${i % 5000}` }),
            agencyId: null,
          },
          {
            actorId: ownerId,
            privileges: [...PRIVILEGES],
            rowAccess: { canView: true, canEdit: true, isOwnCase: true },
            now,
            library: { instrument: library.instrument, rules: library.rules },
          },
        );
        if (i % 10 < 8) events.push(assessmentEvent('AssessmentCompleted', { assessmentId, completedBy: ownerId }));
        if (i % 10 < 5) events.push(assessmentEvent('AssessmentApproved', { assessmentId, approvedBy: '1' }));
        const metadata = { userId: ownerId, correlationId: randomUUID(), causationId: null, ip: '127.0.0.1' };
        await eventStore.append(
          assessmentStreamId(assessmentId),
          events.map((event) => ({ type: event.type, data: event.data, schemaVersion: event.schemaVersion ?? 1, metadata })),
          'no_stream',
        );
      }
    }),
  );
}
