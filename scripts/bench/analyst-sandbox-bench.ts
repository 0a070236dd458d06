/**
 * Analysts' projections in the sandbox (issue 30), on the analytics bench's real mix:
 * - the item-transitions template built from event zero the way the app builds a published projection
 *   (published-projection-host.service.ts): the log read in batches on this thread, each batch turned into the
 *   analyst's view and folded in the QuickJS sandbox in the projection's own worker thread (sandboxed-projection-
 *   thread.ts, the production limits), then its rows; events/s counts every event read, as the native rebuild rows
 *   beside it do;
 * - a preview: the first 10,000 events of the view through the same code as POST …/previews (the stored events
 *   served over a port, the view and the template on the other side, its rows), timed end to end.
 */
import { randomBytes } from 'node:crypto';
import { PROJECTION_TEMPLATES } from '@cans/projections/analytics/sandbox/projection-templates';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { serveStoredEvents } from '@cans/backend/analytics/workbench/analyst-event-source';
import { MessageChannel } from 'node:worker_threads';
import { runSandboxPreview } from '@cans/backend/analytics/workbench/sandbox-preview.worker-task';
import { foldLogInto } from '@cans/backend/analytics/published/sandboxed-log-fold';
import { SandboxedProjectionThread } from '@cans/backend/analytics/published/sandboxed-projection-thread';

export interface SandboxedRebuild {
  events: number;
  viewEvents: number;
  seconds: number;
  /** Of which: the rows at the end (the rest is the fold, read and applied side by side). */
  rowsSeconds: number;
  rows: number;
}

export async function sandboxedRebuild(eventStore: EventStore, templateName = 'item-transitions'): Promise<SandboxedRebuild> {
  const template = PROJECTION_TEMPLATES.find((candidate) => candidate.name === templateName)!;
  const started = performance.now();
  const thread = await SandboxedProjectionThread.open(template.code, randomBytes(32));
  try {
    const head = await eventStore.headPosition();
    const { position, applied } = await foldLogInto(eventStore, thread, { from: 0, to: head });
    const rowsStarted = performance.now();
    const changes = await thread.rowChanges();
    const rows = Object.values(changes).reduce((count, collection) => count + collection.total, 0);
    return {
      events: position,
      viewEvents: applied,
      seconds: (performance.now() - started) / 1000,
      rowsSeconds: (performance.now() - rowsStarted) / 1000,
      rows,
    };
  } finally {
    await thread.end();
  }
}

export interface PreviewTiming {
  events: number;
  ms: number;
  /** Of which the sandbox (open, fold, rows), as the worker thread times it. */
  sandboxMs: number;
}

export async function previewTiming(eventStore: EventStore, count = 10_000, templateName = 'item-transitions'): Promise<PreviewTiming> {
  const template = PROJECTION_TEMPLATES.find((candidate) => candidate.name === templateName)!;
  const started = performance.now();
  // As POST …/previews does it, but in this thread: the stored events served page by page over a port, the fold and
  // the sandbox on the other side.
  const { port1, port2 } = new MessageChannel();
  serveStoredEvents(port1, eventStore, count * 10);
  const result = await runSandboxPreview({ kind: 'sandbox-preview', code: template.code, key: randomBytes(32), limit: count, port: port2 });
  port1.close();
  if (!result.ok) throw new Error(result.error.message);
  return { events: result.events, ms: Math.round(performance.now() - started), sandboxMs: result.elapsedMs };
}
