/**
 * A preview's events, across threads: the main thread reads the stored events (the stores live here; PGlite cannot be
 * opened twice) a page at a time when the worker asks for one, and the worker turns them into the analyst's view and
 * runs the code (sandbox-preview.worker-task.ts). Pulled, so the main thread never reads ahead of the worker, and
 * the fold — the costly part — is never on the thread every request waits on.
 */
import type { MessagePort } from 'node:worker_threads';
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { readAllPages } from '@cans/storage/event-store/read-all-pages';

/** Stored events per page sent to the worker. */
export const PREVIEW_PAGE = 1_000;

/** Worker → main: the next page, please (or: done, stop serving). Main → worker: a page, or the end of the log. */
export type PreviewPull = { type: 'next' } | { type: 'done' };
export type PreviewPage = { type: 'page'; events: RecordedEvent[] } | { type: 'end' } | { type: 'failed'; message: string };

/**
 * Serves pages of stored events from event zero on `port` until the worker is done, the log ends or `rawLimit`
 * events were sent (a log of sign-ins and comments has few events for the view).
 */
export function serveStoredEvents(port: MessagePort, events: Pick<EventStore, 'readAll'>, rawLimit: number): void {
  const pages = readAllPages(events, { limit: rawLimit, pageSize: PREVIEW_PAGE });
  port.on('message', (message: PreviewPull) => {
    if (message.type === 'done') {
      port.close();
      void pages.return(undefined);
      return;
    }
    pages.next().then(
      (page) => port.postMessage((page.done ? { type: 'end' } : { type: 'page', events: page.value }) satisfies PreviewPage),
      (error: unknown) =>
        port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies PreviewPage),
    );
  });
}
