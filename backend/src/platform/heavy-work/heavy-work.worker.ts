/**
 * The worker threads' entry point (HeavyWorkPool): PDFs (pdf-render.worker.ts), files streamed back to the main
 * thread (feed-file.worker-task.ts) and analysts' previews (sandbox-preview.worker-task.ts), by the task's kind.
 */
import { runSandboxPreview, SandboxPreviewResult, SandboxPreviewTask } from '../../analytics/workbench/sandbox-preview.worker-task';
import { FeedFileTask, writeFeedFile } from './feed-file.worker-task';
import renderPdfTask, { PdfTask } from './pdf-render.worker';

export type HeavyTask = PdfTask | FeedFileTask | SandboxPreviewTask;

export default function runHeavyTask(task: HeavyTask): Promise<Uint8Array | void | SandboxPreviewResult> {
  if (task.kind === 'feed-file') return writeFeedFile(task);
  if (task.kind === 'sandbox-preview') return runSandboxPreview(task);
  return renderPdfTask(task);
}
