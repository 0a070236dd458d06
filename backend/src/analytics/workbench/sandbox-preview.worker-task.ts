/**
 * A preview of an analyst's projection, run in a heavy-work thread (the QuickJS interpreter and the analyst's-view
 * fold are CPU-bound, and the CPU budget is counted here, not on the thread every request waits on): stored events
 * pulled page by page from the main thread (analyst-event-source.ts), turned into the view, the first `limit` of
 * them applied, then the rows, or what went wrong, where and on which event.
 */
import type { MessagePort } from 'node:worker_threads';
import { AnalystViewFold } from '@cans/projections/analytics/analyst-view/analyst-view';
import type { AnalystEvent } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { ProjectionSandbox } from '@cans/projections/analytics/sandbox/projection-sandbox';
import type { SandboxedCollection, SandboxRows } from '@cans/projections/analytics/sandbox/sandbox-collections';
import { SandboxError } from '@cans/projections/analytics/sandbox/sandbox-error';
import type { PreviewPage, PreviewPull } from './analyst-event-source';

export interface SandboxPreviewTask {
  kind: 'sandbox-preview';
  code: string;
  /** The pseudonym key (analyst-pseudonym-key.ts). */
  key: Uint8Array;
  /** Events of the view to apply, from the first. */
  limit: number;
  /** Where the stored events come from (serveStoredEvents on the main thread). */
  port: MessagePort;
}

export type SandboxPreviewResult =
  | { ok: true; collections: SandboxedCollection[]; rows: SandboxRows; events: number; elapsedMs: number }
  | { ok: false; error: ReturnType<SandboxError['toJSON']> };

/** The whole preview's time: code that takes nearly the budget of every call would otherwise hold a thread long. */
export const PREVIEW_BUDGET_MS = 10_000;

export async function runSandboxPreview(task: SandboxPreviewTask): Promise<SandboxPreviewResult> {
  const started = performance.now();
  let sandbox: ProjectionSandbox | undefined;
  const pages = pull(task.port);
  try {
    sandbox = await ProjectionSandbox.open(task.code);
    const fold = new AnalystViewFold(Buffer.from(task.key));
    let applied = 0;
    while (applied < task.limit) {
      const page = await pages.next();
      if (!page) break;
      const viewed: AnalystEvent[] = [];
      for (const event of page) {
        const seen = fold.view(event);
        if (seen && applied + viewed.length < task.limit) viewed.push(seen);
      }
      if (viewed.length && performance.now() - started > PREVIEW_BUDGET_MS)
        throw new SandboxError(
          `The preview took longer than ${PREVIEW_BUDGET_MS / 1000} s (stopped before position ${viewed[0].position})`,
          'timeout',
        );
      sandbox.apply(viewed);
      applied += viewed.length;
    }
    const rows = sandbox.rows();
    return { ok: true, collections: [...sandbox.collections], rows, events: applied, elapsedMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (error instanceof SandboxError) return { ok: false, error: error.toJSON() };
    throw error;
  } finally {
    pages.done();
    sandbox?.dispose();
  }
}

/** Pages of stored events asked for one at a time; null at the end of the log (or of what may be read). */
function pull(port: MessagePort) {
  let waiting: { resolve(page: PreviewPage): void } | null = null;
  port.on('message', (page: PreviewPage) => waiting?.resolve(page));
  return {
    async next() {
      const page = await new Promise<PreviewPage>((resolve) => {
        waiting = { resolve };
        port.postMessage({ type: 'next' } satisfies PreviewPull);
      });
      waiting = null;
      if (page.type === 'failed') throw new Error(page.message);
      return page.type === 'page' ? page.events : null;
    },
    done() {
      port.postMessage({ type: 'done' } satisfies PreviewPull);
      port.close();
    },
  };
}
