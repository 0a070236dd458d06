/**
 * Events of the Child Info Label Configuration (spec 002 §2, §3 "Label config"): one stream for the whole
 * configuration ("setting-child-labels"); each save records one field's display name and whether it shows.
 */
import type { EventUnion } from '../decider';

export const ChildLabelEvents = {
  Saved: 'ChildLabelSaved',
} as const;

/** Spec 002 §3: 1 enabled, 0 hidden. */
export type ChildLabelStatus = 0 | 1;

/** One child information field's display name and whether it shows were saved. */
export interface ChildLabelSavedData {
  /** One of the 17 field names of child-labels.fields.ts. */
  fieldName: string;
  /** Trimmed, never empty. */
  displayName: string;
  status: ChildLabelStatus;
}

export type ChildLabelEvent = EventUnion<{ [ChildLabelEvents.Saved]: ChildLabelSavedData }>;

export const CHILD_LABEL_EVENT_TYPES: readonly ChildLabelEvent['type'][] = Object.values(ChildLabelEvents);

export const CHILD_LABELS_STREAM_ID = 'setting-child-labels';
