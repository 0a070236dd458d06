/**
 * The worker threads' entry point (HeavyWorkPool): PDFs (pdf-render.worker.ts) and files streamed back to the main
 * thread (feed-file.worker-task.ts), by the task's kind.
 */
import { FeedFileTask, writeFeedFile } from './feed-file.worker-task';
import renderPdfTask, { PdfTask } from './pdf-render.worker';

export type HeavyTask = PdfTask | FeedFileTask;

export default function runHeavyTask(task: HeavyTask): Promise<Uint8Array | void> {
  return task.kind === 'feed-file' ? writeFeedFile(task) : renderPdfTask(task);
}
