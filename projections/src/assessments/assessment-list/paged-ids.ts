/**
 * A set of ids that grows without bound (the assessments an assessor owns, the approved rows of one date of
 * assessment), kept in pages of at most PAGE_SIZE ids: adding an id copies one short page, not a list that holds
 * every id so far (one owner of 20,000 assessments made a catch-up quadratic). A projection reads documents by id
 * only, so the set is found from its head document, which counts its pages.
 */
import type { Document } from '@cans/storage/read-store/read-store.port';
import type { ProjectionView } from '../../engine/projection';

export const PAGE_SIZE = 256;

/** The fields a head document carries for its pages (`<head id>#0` …, in `collection`); a page may be empty. */
export interface PagedIdsHead extends Document {
  idCount: number;
  pageCount: number;
}

interface IdPageDocument extends Document {
  ids: string[];
}

const pageId = (headId: string, index: number) => `${headId}#${index}`;

/** Adds an id the caller knows is not in the set; answers the head to store (with the caller's other fields). */
export async function addPagedId<H extends PagedIdsHead>(view: ProjectionView, collection: string, head: H, id: string): Promise<H> {
  const lastIndex = head.pageCount - 1;
  const last = lastIndex >= 0 ? await view.get<IdPageDocument>(collection, pageId(head.id, lastIndex), { readOnly: true }) : null;
  const appendToLast = last !== null && last.ids.length < PAGE_SIZE;
  const index = appendToLast ? lastIndex : head.pageCount;
  view.upsert(collection, { id: pageId(head.id, index), ids: appendToLast ? [...last.ids, id] : [id] } satisfies IdPageDocument);
  return { ...head, idCount: head.idCount + 1, pageCount: index + 1 };
}

/** Removes an id (rare: looks through the pages); answers the head to store, or null when the id was not there. */
export async function removePagedId<H extends PagedIdsHead>(
  view: ProjectionView,
  collection: string,
  head: H,
  id: string,
): Promise<H | null> {
  for (let index = 0; index < head.pageCount; index++) {
    const page = await view.get<IdPageDocument>(collection, pageId(head.id, index), { readOnly: true });
    if (!page?.ids.includes(id)) continue;
    view.upsert(collection, { ...page, ids: page.ids.filter((other) => other !== id) });
    return { ...head, idCount: head.idCount - 1 };
  }
  return null;
}

/** Every id of the set, page by page. */
export async function* pagedIdsOf(view: ProjectionView, collection: string, head: PagedIdsHead): AsyncGenerator<string> {
  for (let index = 0; index < head.pageCount; index++) {
    const page = await view.get<IdPageDocument>(collection, pageId(head.id, index), { readOnly: true });
    yield* page?.ids ?? [];
  }
}
