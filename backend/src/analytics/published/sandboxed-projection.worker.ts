/**
 * The thread a published projection runs in (sandboxed-projection-thread.ts): its sandbox and the analyst's-view fold
 * live here for as long as the projection is built or kept live, so neither the interpreter's CPU nor the fold's holds
 * the thread every request waits on. The main thread reads the log and sends it stored events a batch at a time; this
 * thread turns them into the analyst's view (the pseudonym key came with `open`), applies them, and answers the rows'
 * changes since it last answered them.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { AnalystViewFold } from '@cans/projections/analytics/analyst-view/analyst-view';
import type { AnalystEvent } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { ProjectionSandbox } from '@cans/projections/analytics/sandbox/projection-sandbox';
import type { SandboxRow } from '@cans/projections/analytics/sandbox/sandbox-collections';
import { SandboxError } from '@cans/projections/analytics/sandbox/sandbox-error';
import type { RowChanges, ThreadReply, ThreadRequest } from './sandboxed-projection-protocol';

// A build is background work: this thread yields the CPU to the request thread and the database (on Linux a thread's
// nice value is its own, so the request thread keeps its priority). Where lowering is not allowed, it runs as it is.
try {
  setPriority(19);
} catch {
  /* not allowed here: same priority as the rest */
}

let sandbox: ProjectionSandbox | null = null;
let fold: AnalystViewFold | null = null;
/** Events recorded after this instant are read (the fold needs them in order) but not applied: a replay's moment. */
let until = Infinity;
/** Each collection's rows as last answered, by id, as JSON: the next answer is what changed. */
const answered = new Map<string, Map<string, string>>();

function open(request: Extract<ThreadRequest, { kind: 'open' }>): Promise<ThreadReply> {
  fold = new AnalystViewFold(Buffer.from(request.key));
  until = request.until === null ? Infinity : Date.parse(request.until);
  return ProjectionSandbox.open(request.code, request.limits).then((opened) => {
    sandbox = opened;
    return { ok: true };
  });
}

function apply(events: readonly RecordedEvent[]): ThreadReply {
  const viewed: AnalystEvent[] = [];
  for (const event of events) {
    const seen = fold!.view(event);
    if (seen && (until === Infinity || Date.parse(event.recordedAt) <= until)) viewed.push(seen);
  }
  sandbox!.apply(viewed);
  return { ok: true, applied: viewed.length };
}

function rowChanges(): ThreadReply {
  const rows = sandbox!.rows();
  const changes: RowChanges = {};
  for (const collection of sandbox!.collections) {
    const before = answered.get(collection.name) ?? new Map<string, string>();
    const now = new Map<string, string>();
    const upserts: SandboxRow[] = [];
    for (const row of rows[collection.name] ?? []) {
      const json = JSON.stringify(row);
      now.set(row.id, json);
      if (before.get(row.id) !== json) upserts.push(row);
    }
    const deletes = [...before.keys()].filter((id) => !now.has(id));
    answered.set(collection.name, now);
    changes[collection.name] = { upserts, deletes, total: now.size };
  }
  return { ok: true, changes };
}

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  try {
    if (request.kind === 'open') return await open(request);
    if (!sandbox) throw new Error('The sandbox is not open');
    return request.kind === 'apply' ? apply(request.events) : rowChanges();
  } catch (error) {
    if (error instanceof SandboxError) return { ok: false, error: error.toJSON() };
    return { ok: false, error: null, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort!.on('message', (request: ThreadRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply));
});
