/**
 * Events of an analyst's published projection (stream "analyst-projection-<name>", issue 30 item 5): a projection
 * written on Analytics → New projection is published as an event holding its code, so what every published figure
 * was computed by is in the log, with who published it; the app builds it in its sandbox and serves it beside the
 * built-in analytics projections. A new publish of the same name is its next version.
 */
import type { EventUnion } from '../decider';

export const PublishedProjectionEvents = {
  Published: 'AnalystProjectionPublished',
  Unpublished: 'AnalystProjectionUnpublished',
} as const;

/** A declared field of a published collection: what its values are (counts take part in small-cell suppression). */
export interface PublishedFieldDeclaration {
  name: string;
  type: 'string' | 'number' | 'count' | 'agency' | 'item';
}

/** A collection as the projection's code declares it (`const collections = …`). */
export interface PublishedCollectionDeclaration {
  name: string;
  label: string;
  fields: PublishedFieldDeclaration[];
}

/** A version of an analyst's projection was published: built from event zero, then kept live and served. */
export interface AnalystProjectionPublishedData {
  /** kebab-case; the API's {projection}. */
  name: string;
  /** Its name on the Analytics page, in words. */
  label: string;
  /** What it counts, for whom (plain text). */
  description: string;
  /** 1 for the first publish of the name, then one more each time. */
  version: number;
  /** The projection's JavaScript, as it runs in the sandbox. */
  code: string;
  /** Its collections as the code declared them when it was published. */
  collections: PublishedCollectionDeclaration[];
  /** The Analytics_Author who published it (also the event's metadata.userId). */
  publishedBy: string;
}

/** The projection is no longer built or served (its figures and replays are dropped); publishing again revives the name. */
export interface AnalystProjectionUnpublishedData {
  name: string;
  /** The version that was published. */
  version: number;
  unpublishedBy: string;
}

export type PublishedProjectionEvent = EventUnion<{
  [PublishedProjectionEvents.Published]: AnalystProjectionPublishedData;
  [PublishedProjectionEvents.Unpublished]: AnalystProjectionUnpublishedData;
}>;

export const PUBLISHED_PROJECTION_EVENT_TYPES: readonly PublishedProjectionEvent['type'][] = Object.values(PublishedProjectionEvents);

export const publishedProjectionStreamId = (name: string) => `analyst-projection-${name}`;
