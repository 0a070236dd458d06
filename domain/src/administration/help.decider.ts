/** The help of one page: saving records its sanitised content (in place, by users with Customize_Manage). */
import type { Decider } from '../decider';
import { sanitizeRichText } from '../library/rich-text';
import { HELP_EVENT_TYPES, HelpEvent, HelpEvents } from './help.events';

export interface HelpState {
  content: string | null;
}

export type HelpCommand = { type: 'SaveHelp'; path: string; content: string };

export const helpDecider: Decider<HelpState, HelpCommand, HelpEvent> = {
  initialState: { content: null },
  eventTypes: HELP_EVENT_TYPES,
  decide({ path, content }) {
    const sanitised = sanitizeRichText(content).trim();
    const visible = sanitised
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim();
    return [{ type: HelpEvents.ContentSaved, data: { path, content: visible ? sanitised : '' } }];
  },
  evolve(_state, event) {
    return { content: event.data.content };
  },
};
