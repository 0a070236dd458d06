/**
 * A preview of an analyst's projection, run in a heavy-work thread (the QuickJS interpreter is CPU-bound, and its CPU
 * budget is counted there, not on the thread every request waits on): the code over the events given, in batches,
 * then its rows, or what went wrong, where and on which event.
 */
import type { AnalystEvent } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { ProjectionSandbox } from '@cans/projections/analytics/sandbox/projection-sandbox';
import type { SandboxedCollection, SandboxRows } from '@cans/projections/analytics/sandbox/sandbox-collections';
import { SandboxError } from '@cans/projections/analytics/sandbox/sandbox-error';

export interface SandboxPreviewTask {
  kind: 'sandbox-preview';
  code: string;
  events: AnalystEvent[];
}

export type SandboxPreviewResult =
  | { ok: true; collections: SandboxedCollection[]; rows: SandboxRows; events: number; elapsedMs: number }
  | { ok: false; error: ReturnType<SandboxError['toJSON']> };

/** Events per call into the sandbox (its CPU budget is per call). */
const BATCH = 500;
/** The whole preview's time: code that takes nearly the budget of every call would otherwise hold a thread long. */
export const PREVIEW_BUDGET_MS = 10_000;

export async function runSandboxPreview(task: SandboxPreviewTask): Promise<SandboxPreviewResult> {
  const started = performance.now();
  let sandbox: ProjectionSandbox | undefined;
  try {
    sandbox = await ProjectionSandbox.open(task.code);
    for (let at = 0; at < task.events.length; at += BATCH) {
      if (performance.now() - started > PREVIEW_BUDGET_MS) {
        const position = task.events[at].position;
        throw new SandboxError(
          `The preview took longer than ${PREVIEW_BUDGET_MS / 1000} s (stopped before position ${position})`,
          'timeout',
        );
      }
      sandbox.apply(task.events.slice(at, at + BATCH));
    }
    const rows = sandbox.rows();
    return {
      ok: true,
      collections: [...sandbox.collections],
      rows,
      events: task.events.length,
      elapsedMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (error instanceof SandboxError) return { ok: false, error: error.toJSON() };
    throw error;
  } finally {
    sandbox?.dispose();
  }
}
