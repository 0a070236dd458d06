/**
 * Issue 29 item 4 with real processes: two app instances (main.ts, as `npm start` runs it) serve HTTP on one
 * PostgreSQL database. The first holds the projections lease and runs them; the other follows its checkpoints, so a
 * write on one is read on the other (X-Wait-For-Position). Killed with kill -9 right after a write, the leader is
 * replaced within 10 s and that write is projected (no gap); the daily job, scheduled every second on both, runs
 * once a day. An analyst's projection published on the follower is built by the leader and served by both, and
 * built again by the new leader after the kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { PgSqlClient } from '@cans/storage/sql/pg-sql-client';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { freePort } from '@cans/storage/test-support/private-postgres';
import { PROJECTIONS_LEASE } from '@cans/projections/engine/rebuild-requests';
import { repositoryRoot } from '../config/repository-root';
import { startTestApp } from '../../../test-support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const EVENTS_PER_TYPE =
  "const collections = { n: { label: 'Events', fields: { type: 'string', events: 'count' } } };\n" +
  'function initialState() { return {}; }\nfunction apply(state, event) { state[event.type] = (state[event.type] ?? 0) + 1; }\n' +
  'function rows(state) { return { n: Object.entries(state).map(([type, events]) => ({ type, events })) }; }';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const describeWithPostgres = testPostgresUrl() ? describe : describe.skip;
if (!testPostgresUrl()) console.warn('several-instances.spec: skipped, no PostgreSQL (TEST_DATABASE_URL)');

interface Instance {
  child: ChildProcess;
  base: string;
  output: string[];
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['-r', '@swc-node/register', resolve(repositoryRoot(), 'backend/src/main.ts')], {
    cwd: repositoryRoot(),
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      JWT_SECRET: 'test-secret',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      MAIL_CONSOLE_OUTBOX: 'false',
      // Every second on both instances: the day's claim lets one of them run it.
      REMINDER_JOB_CRON: '* * * * * *',
      XML_FEED_JOB_CRON: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}: ${output.join('')}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (ready === 200) return { child, base, output };
    if (Date.now() > deadline) throw new Error(`instance not ready after 180 s: ${output.join('')}`);
    await sleep(250);
  }
}

describeWithPostgres('several app instances on one PostgreSQL', () => {
  jest.setTimeout(480_000);
  const instances: Instance[] = [];
  let client: PgSqlClient;
  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await client?.close();
  });

  it('serves from both, reads its writes across them, fails over within 10 s of a kill -9 with no gap, and runs the daily job once', async () => {
    // The database with the demo data and an administrator's session, prepared in process, then left to the instances.
    const prepared = await startTestApp({ backend: 'postgres', seed: 'demo-data' });
    const admin = `Bearer ${prepared.adminToken()}`;
    await prepared.settled();
    const databaseUrl = prepared.databaseUrl!;
    await prepared.close();
    client = new PgSqlClient(databaseUrl, 2);
    const readStore = await SqlReadStore.create(client);
    const leaderPid = async () => Number((await readStore.getLease(PROJECTIONS_LEASE))?.owner.split(':')[1]);

    const first = await startInstance(databaseUrl);
    instances.push(first);
    const second = await startInstance(databaseUrl);
    instances.push(second);
    expect(await leaderPid()).toBe(first.child.pid);

    const send = (instance: Instance, path: string, init: { method?: string; body?: unknown; position?: number } = {}) =>
      fetch(`${instance.base}/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: admin,
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          ...(init.position ? { 'X-Wait-For-Position': String(init.position) } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
    const createAgency = async (instance: Instance, name: string) => {
      const answer = await send(instance, '/agencies', { method: 'POST', body: { name, displayName: name } });
      expect(answer.status).toBe(201);
      return { id: String(((await answer.json()) as { id: string }).id), position: Number(answer.headers.get('x-event-position')) };
    };
    const readAgency = async (instance: Instance, agency: { id: string; position: number }) => {
      const answer = await send(instance, `/agencies/${agency.id}`, { position: agency.position });
      return answer.status === 200 ? ((await answer.json()) as { name: string }).name : `status ${answer.status}`;
    };

    // Written on one, read on the other, both ways.
    const onFirst = await createAgency(first, 'Written on the first');
    expect(await readAgency(second, onFirst)).toBe('Written on the first');
    const onSecond = await createAgency(second, 'Written on the second');
    expect(await readAgency(first, onSecond)).toBe('Written on the second');

    // An analyst's projection published on the follower is built by the leader and served by both.
    const published = await send(second, '/analytics-workbench/projections', {
      method: 'POST',
      body: { name: 'events-per-type', label: 'Events per type', description: '', code: EVENTS_PER_TYPE },
    });
    expect(published.status).toBe(201);
    const agenciesCreated = async () =>
      (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'AgencyCreated'")).rows[0].n;
    const expectServed = async (instance: Instance, atLeast: number) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = (await (await send(instance, '/analytics-workbench/projections/events-per-type')).json()) as Json;
        if (status.state === 'live' && status.servedPosition >= atLeast) break;
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(250);
      }
      const rows = (await (await send(instance, '/analytics/events-per-type/n?filter={"type":"AgencyCreated"}')).json()) as Json[];
      const created = await agenciesCreated();
      expect(rows[0]).toMatchObject(created >= 5 ? { events: created } : { events: null, suppressedFields: ['events'] });
    };
    await expectServed(second, onSecond.position);
    await expectServed(first, onSecond.position);

    // A write, then the leader killed at once: it may not have projected it.
    const lastOnLeader = await createAgency(first, 'Written just before the kill');
    first.child.kill('SIGKILL');
    const killed = Date.now();
    while ((await leaderPid()) !== second.child.pid) {
      expect(Date.now() - killed).toBeLessThan(10_000);
      await sleep(100);
    }
    const failover = Date.now() - killed;
    expect(failover).toBeLessThanOrEqual(10_000);
    expect(await readAgency(second, lastOnLeader)).toBe('Written just before the kill');
    const afterFailover = await createAgency(second, 'Written after the failover');
    expect(await readAgency(second, afterFailover)).toBe('Written after the failover');

    // No gap: the list holds every agency ever created, as many as the log's AgencyCreated events.
    const { rows } = await client.query<{ created: number }>("SELECT count(*)::int AS created FROM events WHERE type = 'AgencyCreated'");
    const list = await send(second, '/agencies?range=[0,0]', { position: afterFailover.position });
    expect(list.headers.get('content-range')).toMatch(new RegExp(`/${rows[0].created}$`));
    expect(await fetch(`${second.base}/api/ready`).then((answer) => answer.status)).toBe(200);
    // The new leader built the published projection again from event zero, and keeps it live.
    await expectServed(second, afterFailover.position);

    // The daily job ran every second on both instances: each day was claimed once.
    const runs = await client.query<{ stream_id: string; starts: number }>(
      "SELECT stream_id, count(*)::int AS starts FROM events WHERE type = 'ReminderRunStarted' GROUP BY stream_id",
    );
    expect(runs.rows.length).toBeGreaterThan(0);
    expect(runs.rows.every((run) => run.starts === 1)).toBe(true);
  });
});
