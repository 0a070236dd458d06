/**
 * Analysts' projections in the sandbox (issue 30), on the analytics bench's real mix:
 * - the item-transitions template (projection-templates.ts) built from event zero: every stored event read in
 *   batches, turned into the analyst's view (analyst-view.ts) and folded in the QuickJS sandbox, then its rows;
 *   events/s counts every event read, as the native rebuild rows beside it do;
 * - a preview: the first 10,000 events of the view through the same code path as POST …/previews (the view built
 *   from the log, the template run in the sandbox, its rows), timed end to end.
 */
import { randomBytes } from 'node:crypto';
import { analystViewPages } from '@cans/projections/analytics/analyst-view/analyst-view';
import { ProjectionSandbox } from '@cans/projections/analytics/sandbox/projection-sandbox';
import { PROJECTION_TEMPLATES } from '@cans/projections/analytics/sandbox/projection-templates';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { firstAnalystEvents } from '@cans/backend/analytics/workbench/analyst-event-source';
import { runSandboxPreview } from '@cans/backend/analytics/workbench/sandbox-preview.worker-task';

/** A build's sandbox gets more room than a preview's: it holds the state of the whole log. */
export const BUILD_MEMORY_BYTES = 1024 * 1024 * 1024;
const BATCH = 1000;

export interface SandboxedRebuild {
  events: number;
  viewEvents: number;
  seconds: number;
  /** Of which: reading and building the view; folding in the sandbox; rows at the end. */
  viewSeconds: number;
  sandboxSeconds: number;
  rowsSeconds: number;
  rows: number;
}

export async function sandboxedRebuild(eventStore: EventStore, templateName = 'item-transitions'): Promise<SandboxedRebuild> {
  const template = PROJECTION_TEMPLATES.find((candidate) => candidate.name === templateName)!;
  const started = performance.now();
  const sandbox = await ProjectionSandbox.open(template.code, { memoryBytes: BUILD_MEMORY_BYTES, cpuMsPerCall: 10_000 });
  let events = 0;
  let viewEvents = 0;
  let viewMs = 0;
  let sandboxMs = 0;
  try {
    // Time waiting for a page is reading and building the view (the next page is read while this one is folded).
    let at = performance.now();
    for await (const page of analystViewPages(eventStore, randomBytes(32), { pageSize: BATCH })) {
      viewMs += performance.now() - at;
      at = performance.now();
      sandbox.apply(page.viewed);
      sandboxMs += performance.now() - at;
      events += page.read;
      viewEvents += page.viewed.length;
      at = performance.now();
    }
    const rowsStarted = performance.now();
    const rows = Object.values(sandbox.rows()).reduce((count, collection) => count + collection.length, 0);
    const rowsMs = performance.now() - rowsStarted;
    return {
      events,
      viewEvents,
      seconds: (performance.now() - started) / 1000,
      viewSeconds: viewMs / 1000,
      sandboxSeconds: sandboxMs / 1000,
      rowsSeconds: rowsMs / 1000,
      rows,
    };
  } finally {
    sandbox.dispose();
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
  const events = await firstAnalystEvents(eventStore, randomBytes(32), count);
  const result = await runSandboxPreview({ kind: 'sandbox-preview', code: template.code, events });
  if (!result.ok) throw new Error(result.error.message);
  return { events: result.events, ms: Math.round(performance.now() - started), sandboxMs: result.elapsedMs };
}
