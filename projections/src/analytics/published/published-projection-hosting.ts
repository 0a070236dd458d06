/**
 * Where the analysts' published projections are served from (issue 30 item 5), as every instance reads it: one
 * hosting record per projection, written by the instance that runs the projections (backend/src/analytics/published/
 * published-projection-host.service.ts), read by every instance that answers `/api/analytics`.
 *
 * - `served`: the version readers get, its declared collections and the read-store collections its rows are in.
 * - `build`: a version being built from event zero beside it (blue/green): its progress, or why it failed. When it
 *   has caught up with the log it becomes `served` in one write and the old collections are dropped.
 *
 * These are operational records (like the replay jobs), not facts: the published versions are events, and a new
 * leader builds them again from event zero.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { PublishedCollectionDeclaration } from '@cans/domain/analytics/published-projection.events';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { ID_FIELD, ServedAnalyticsProjection } from '../analytics-projection';
import { analyticsFieldsOf } from '../sandbox/sandbox-collections';
import type { SandboxError } from '../sandbox/sandbox-error';

export const PROJECTION_HOSTING_COLLECTION = 'analyst_projection_hosting';

export interface ServedVersion {
  version: number;
  label: string;
  description: string;
  collections: PublishedCollectionDeclaration[];
  /** The code of that version (a replay as of a past date runs it, not a newer version's). */
  code: string;
  /** Short collection name → the read-store collection its rows are in. */
  physical: Record<string, string>;
  /** Log position the rows reflect. */
  position: number;
  builtAt: string;
  updatedAt: string;
  /** The live version stopped on an event its code failed on: its rows stay as they were before it. */
  error: ReturnType<SandboxError['toJSON']> | null;
}

export interface VersionBuild {
  version: number;
  physical: Record<string, string>;
  state: 'building' | 'failed';
  /** Log position read so far, and the head the build is catching up with. */
  position: number;
  headPosition: number;
  eventsPerSecond: number;
  startedAt: string;
  error: ReturnType<SandboxError['toJSON']> | null;
}

export interface ProjectionHostingDocument extends Document {
  served: ServedVersion | null;
  build: VersionBuild | null;
  /**
   * Collections a version that was taken over was served from, and when: dropped a while later, so that a reader on
   * another instance, which read the record a moment before the take-over, still finds what it is reading.
   */
  retired?: Array<{ collections: string[]; at: string }>;
}

export async function ensureHostingCollection(readStore: ReadStore): Promise<void> {
  await readStore.ensureCollection({ name: PROJECTION_HOSTING_COLLECTION });
}

export function getProjectionHosting(readStore: ReadStore, name: string): Promise<ProjectionHostingDocument | null> {
  return readStore.get<ProjectionHostingDocument>(PROJECTION_HOSTING_COLLECTION, name);
}

export function listProjectionHosting(readStore: ReadStore): Promise<ProjectionHostingDocument[]> {
  return readStore.find<ProjectionHostingDocument>(PROJECTION_HOSTING_COLLECTION, {}, { limit: 1000 });
}

/**
 * Fresh read-store collections for one build of a version: `anp_<hash>_<collection>` (short, and never those of
 * another build, so a build never writes where readers read).
 */
export function buildCollectionNames(name: string, version: number, collections: readonly { name: string }[]): Record<string, string> {
  const hash = createHash('sha256').update(`${name}@${version}@${randomUUID()}`).digest('hex').slice(0, 10);
  return Object.fromEntries(collections.map((collection) => [collection.name, `anp_${hash}_${collection.name}`]));
}

/** The served version as the analytics API reads it (catalogue, pages, CSV, replays); null while none is served. */
export function servedProjectionOf(hosting: ProjectionHostingDocument): ServedAnalyticsProjection | null {
  const { served } = hosting;
  if (!served) return null;
  const published = served.collections.map((collection) => ({
    name: collection.name,
    label: collection.label,
    description: rowsSentence(collection),
    fields: [ID_FIELD, ...analyticsFieldsOf(collection)],
    collection: served.physical[collection.name],
  }));
  return {
    name: hosting.id,
    label: served.label,
    version: served.version,
    description: withFullStop(served.description),
    published,
    collectionNames: new Map(Object.entries(served.physical)),
    authored: true,
  };
}

/** Sentences on the Analytics page: the author's description, and what one row of a collection is. */
const withFullStop = (text: string) => (!text || /[.!?]$/.test(text) ? text : `${text}.`);
const rowsSentence = (collection: PublishedCollectionDeclaration) => {
  const keys = collection.fields.filter((field) => field.type === 'string' || field.type === 'agency' || field.type === 'item');
  return keys.length ? `One row per ${keys.map((field) => field.name).join(', ')}.` : 'One row.';
};

/** Every published projection now served, for the catalogue (the app ensures the collection when it starts). */
export async function servedPublishedProjections(readStore: ReadStore): Promise<ServedAnalyticsProjection[]> {
  return (await listProjectionHosting(readStore))
    .map(servedProjectionOf)
    .filter((served): served is ServedAnalyticsProjection => served !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}
