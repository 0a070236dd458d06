/** Events of the help content of one page ("help-<normalised path>"): the content as saved. */
import type { EventUnion } from '../decider';

export const HelpEvents = {
  ContentSaved: 'HelpContentSaved',
} as const;

/** The help content of one page was saved. */
export interface HelpContentSavedData {
  /** The page, normalised (help-paths.ts). */
  path: string;
  /** Sanitised rich text; '' means the built-in help shows again. */
  content: string;
}

export type HelpEvent = EventUnion<{ [HelpEvents.ContentSaved]: HelpContentSavedData }>;

export const HELP_EVENT_TYPES: readonly HelpEvent['type'][] = Object.values(HelpEvents);

export const helpStreamId = (normalisedPath: string): string => `help-${normalisedPath}`;
