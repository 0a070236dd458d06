/**
 * The daily XML feed's run of one day (stream xml-feed-run-<day>): the first run to claim the day uploads, every
 * later one (another app instance, a restart the same day) is refused; then its outcome is recorded on the stream.
 */
import type { Decider } from '../decider';
import { DomainRuleViolation } from '../domain-errors';
import { DATA_FEED_EVENT_TYPES, DataFeedEvent, DataFeedEvents, XmlFeedUploadedData, XmlFeedUploadFailedData } from './data-feed.events';

export const XML_FEED_RUN_TAKEN = 'The XML feed of this day was already uploaded (or is being uploaded) by another run.';

export interface XmlFeedRunState {
  claimed: boolean;
  delivered: boolean;
}

export type XmlFeedRunCommand =
  | { type: 'ClaimXmlFeedRun'; runDay: string }
  | ({ type: 'RecordXmlFeedUploaded' } & XmlFeedUploadedData)
  | ({ type: 'RecordXmlFeedUploadFailed' } & XmlFeedUploadFailedData);

export const xmlFeedRunDecider: Decider<XmlFeedRunState, XmlFeedRunCommand, DataFeedEvent> = {
  initialState: { claimed: false, delivered: false },
  eventTypes: DATA_FEED_EVENT_TYPES,
  decide(command, state) {
    switch (command.type) {
      case 'ClaimXmlFeedRun':
        if (state.claimed) throw new DomainRuleViolation(XML_FEED_RUN_TAKEN, {}, true);
        return [{ type: DataFeedEvents.XmlRunClaimed, data: { runDay: command.runDay } }];
      case 'RecordXmlFeedUploaded': {
        const { type: _type, ...data } = command;
        return [{ type: DataFeedEvents.XmlUploaded, data }];
      }
      case 'RecordXmlFeedUploadFailed': {
        const { type: _type, ...data } = command;
        return [{ type: DataFeedEvents.XmlUploadFailed, data }];
      }
    }
  },
  evolve(state, event) {
    if (event.type === DataFeedEvents.XmlRunClaimed) return { ...state, claimed: true };
    if (event.type === DataFeedEvents.XmlUploaded) return { ...state, delivered: true };
    return state;
  },
};
