/** The help of one page: saving records its sanitised content (in place, by users with Customize_Manage). */
import type { Decider } from '../decider';
import { sanitizedRichTextOrEmpty } from '../library/rich-text';
import { HELP_EVENT_TYPES, HelpEvent, HelpEvents } from './help.events';

export interface HelpState {
  content: string | null;
}

export type HelpCommand = { type: 'SaveHelp'; path: string; content: string };

export const helpDecider: Decider<HelpState, HelpCommand, HelpEvent> = {
  initialState: { content: null },
  eventTypes: HELP_EVENT_TYPES,
  decide({ path, content }) {
    return [{ type: HelpEvents.ContentSaved, data: { path, content: sanitizedRichTextOrEmpty(content) } }];
  },
  evolve(_state, event) {
    return { content: event.data.content };
  },
};
