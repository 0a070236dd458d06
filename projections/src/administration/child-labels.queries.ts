/** Queries of the child labels read model (child-labels.projection.ts). */
import { CHILD_LABEL_FIELDS, ChildLabelFieldName } from '@cans/domain/administration/child-labels.fields';
import type { ChildLabelStatus } from '@cans/domain/administration/child-labels.events';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { CHILD_LABELS_COLLECTION, ChildLabelDocument } from './child-labels.projection';

/** One row of the label table (spec 002 §3 "Label config"), saved or still the default. */
export interface ChildLabelRow {
  fieldName: ChildLabelFieldName;
  displayName: string;
  status: ChildLabelStatus;
  /** The Enabled switch is locked on: the child form requires the field. */
  necessary: boolean;
  /** The name it shows until renamed. */
  defaultDisplayName: string;
}

/** All 17 labels in the spec's order: the saved ones as saved, the others with their defaults (enabled). */
export async function listChildLabels(readStore: ReadStore): Promise<ChildLabelRow[]> {
  // 17 documents at most: one read of the whole collection.
  const saved = new Map((await readStore.find<ChildLabelDocument>(CHILD_LABELS_COLLECTION, {})).map((doc) => [doc.id, doc]));
  return CHILD_LABEL_FIELDS.map(({ fieldName, defaultDisplayName, necessary }) => {
    const doc = saved.get(fieldName);
    return { fieldName, displayName: doc?.displayName ?? defaultDisplayName, status: doc?.status ?? 1, necessary, defaultDisplayName };
  });
}
