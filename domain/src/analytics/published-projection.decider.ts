/**
 * An analyst's published projection (issue 30 item 5): publishing records a new version with its code; publishing the
 * same code, label and description again decides nothing; unpublishing a projection that is not published is refused.
 * Whether the code runs, and whether the name is free of the built-in projections', the handler checks before it
 * decides (the sandbox and the catalogue are not the domain's).
 */
import type { Decider } from '../decider';
import { DomainRuleViolation } from '../domain-errors';
import {
  AnalystProjectionPublishedData,
  PUBLISHED_PROJECTION_EVENT_TYPES,
  PublishedProjectionEvent,
  PublishedProjectionEvents,
} from './published-projection.events';

export interface PublishedProjectionState {
  /** The last version published (0: never). */
  version: number;
  /** The version now published, or null (never, or unpublished). */
  current: AnalystProjectionPublishedData | null;
}

export interface PublishProjection extends Omit<AnalystProjectionPublishedData, 'version'> {
  type: 'PublishProjection';
}

export interface UnpublishProjection {
  type: 'UnpublishProjection';
  name: string;
  unpublishedBy: string;
}

export type PublishedProjectionCommand = PublishProjection | UnpublishProjection;

export const NOT_PUBLISHED = 'This projection is not published.';

const sameContent = (current: AnalystProjectionPublishedData, command: PublishProjection) =>
  current.code === command.code && current.label === command.label && current.description === command.description;

export const publishedProjectionDecider: Decider<PublishedProjectionState, PublishedProjectionCommand, PublishedProjectionEvent> = {
  initialState: { version: 0, current: null },
  eventTypes: PUBLISHED_PROJECTION_EVENT_TYPES,

  decide(command, state) {
    if (command.type === 'UnpublishProjection') {
      if (!state.current) throw new DomainRuleViolation(NOT_PUBLISHED, {}, true);
      return [
        {
          type: PublishedProjectionEvents.Unpublished,
          data: { name: command.name, version: state.current.version, unpublishedBy: command.unpublishedBy },
        },
      ];
    }
    // The same projection published again is already what runs: no new version, no rebuild.
    if (state.current && sameContent(state.current, command)) return [];
    const { name, label, description, code, collections, publishedBy } = command;
    return [
      {
        type: PublishedProjectionEvents.Published,
        data: { name, label, description, version: state.version + 1, code, collections, publishedBy },
      },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case PublishedProjectionEvents.Published:
        return { version: event.data.version, current: event.data };
      case PublishedProjectionEvents.Unpublished:
        return { ...state, current: null };
    }
  },
};
