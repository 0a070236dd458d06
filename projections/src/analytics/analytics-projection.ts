/**
 * The analysts' projection API: a projection written as one file in `projections/src/analytics/`, listed in
 * ANALYTICS_PROJECTIONS (./index.ts), built by the engine from event zero like every other projection (blue/green,
 * then kept live), read through `GET /api/analytics/{projection}/{collection}` and its CSV, and replayable as of a
 * past date (`npm run projections -- replay <name> --until <date>`). Tutorial: docs/writing-a-projection.md.
 *
 *   export const myProjection = defineAnalyticsProjection<AssessmentEvent>({
 *     name: 'my-figures', label: 'My figures', version: 1, description: 'What it counts, for whom',
 *     eventTypes: [AssessmentEvents.Approved],
 *     collections: [{ name: 'by_month', label: 'By month', description: '…', fields: [{ name: 'month', label: 'Month', description: '…' }, …] }],
 *     apply(event, view) { … view.get('by_month', id) … view.upsert('by_month', { id, … }) … },
 *   });
 *
 * apply() names collections by their short names (`by_month`); the engine stores them under a prefix of their own
 * (`an_my_figures_by_month`, see analyticsCollectionName), so an analyst's collections never clash with the product's
 * read models. `collections` are published (catalogue, API, CSV): aggregates only, never a PID or a name.
 * `stateCollections` hold what apply() must remember between events (an assessment's ratings, a child's chain):
 * never served. Labels are what the Analytics screen shows for names; descriptions are Markdown. The rules of every projection hold (docs/writing-a-projection.md): deterministic — `recordedAt` is
 * the only clock —, keep documents small, read big ones with `{ readOnly: true }`.
 */
import type { DomainEvent } from '@cans/domain/decider';
import type { CollectionDefinition, Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection, Projection, ProjectedEvent, ProjectionView, ReadOptions } from '../engine/projection';

/**
 * What a field's values are codes of: a question library item (its stable code) or an agency (its id). The API
 * answers each row with the current names of those codes (analytics-names.ts), for the screen to show beside them.
 */
export type AnalyticsReference = 'item' | 'agency';

export interface AnalyticsField {
  readonly name: string;
  /** The column's heading on the Analytics screen, in words ("Mean days, creation to completion"). */
  readonly label: string;
  /** What the field means (Markdown), for the catalogue (GET /api/analytics) and the analyst reading the CSV. */
  readonly description: string;
  /** Its values are codes of items or agencies: rows then carry their names (`names`). */
  readonly refersTo?: AnalyticsReference;
  /**
   * A count of children, assessments or pairs of them: the API publishes it only from the minimum cell size on (a
   * smaller count but 0 is suppressed: null, "< 5" in the CSV), and it can be neither filtered nor sorted on.
   */
  readonly count?: true;
  /**
   * Computed from these count fields of the same row (a mean, a median, a percentage): suppressed with any of them,
   * and neither filtered nor sorted on. Every figure computed from counts must name them.
   */
  readonly derivedFrom?: readonly string[];
}

/** A published collection: listed in the catalogue, readable and downloadable; filter and sort on its fields. */
export interface AnalyticsCollection {
  /** Short name, as apply() and the API name it: lower case, digits and `_`, at most 20 characters. */
  readonly name: string;
  /** Its name on the Analytics screen, in words. */
  readonly label: string;
  /** Markdown. */
  readonly description: string;
  /** Every field of its documents (`id` is added when not listed); only these may be filtered or sorted on. */
  readonly fields: readonly AnalyticsField[];
  /** Fields the API is often filtered or sorted on (indexed). */
  readonly indexes?: readonly string[];
}

export interface AnalyticsProjectionDefinition<TEvent extends DomainEvent> {
  /** Unique, kebab-case (the engine's projection name, the API's {projection}, the CLI's replay argument). */
  readonly name: string;
  /** Its name on the Analytics screen, in words. */
  readonly label: string;
  /** Bump when apply() or the collections change: the engine rebuilds from event zero (blue/green). */
  readonly version: number;
  /** What it counts, for whom (Markdown). */
  readonly description: string;
  /** The event types apply() receives (narrowed: no casts); others only advance the checkpoint. */
  readonly eventTypes: readonly TEvent['type'][];
  readonly collections: readonly AnalyticsCollection[];
  /** Working state kept between events, never served (short names, as for collections). */
  readonly stateCollections?: readonly string[];
  apply(event: ProjectedEvent<TEvent>, view: ProjectionView): void | Promise<void>;
}

/** An analytics projection: what the engine runs, plus what the catalogue publishes. */
export interface AnalyticsProjection extends Projection {
  readonly label: string;
  readonly description: string;
  /** Published collections, with `id` among their fields and `collection` the read-store collection (alias). */
  readonly published: readonly (AnalyticsCollection & { readonly collection: string })[];
  /** Short name → read-store collection (alias), published and state collections alike. */
  readonly collectionNames: ReadonlyMap<string, string>;
}

/**
 * What the analytics API serves of a projection: a built-in one (AnalyticsProjection) or one an analyst published from
 * the browser (published/published-projection-hosting.ts, `authored`), read the same way, under the same small cells.
 */
export type ServedAnalyticsProjection = Pick<
  AnalyticsProjection,
  'name' | 'label' | 'version' | 'description' | 'published' | 'collectionNames'
> & { readonly authored?: true };

const SHORT_NAME = /^[a-z][a-z0-9_]{0,19}$/;
/**
 * Room left for the engine's suffixes in a read-store collection name (41 characters at most): a blue/green
 * generation (`__g999`) and the rebuild spec's own (`__p99a`).
 */
const MAX_ALIAS_LENGTH = 35;
export const ID_FIELD: AnalyticsField = { name: 'id', label: 'Row key', description: 'The document’s id (unique within the collection).' };

/** The read-store collection of an analytics projection's collection: `an_<projection with underscores>_<collection>`. */
export const analyticsCollectionName = (projection: string, collection: string): string =>
  `an_${projection.replace(/-/g, '_')}_${collection}`;

export function defineAnalyticsProjection<TEvent extends DomainEvent>(
  definition: AnalyticsProjectionDefinition<TEvent>,
): AnalyticsProjection {
  const { name } = definition;
  if (!definition.label.trim()) throw new Error(`Analytics projection ${name}: no label`);
  const shortNames = [...definition.collections.map((collection) => collection.name), ...(definition.stateCollections ?? [])];
  const collectionNames = new Map<string, string>();
  for (const short of shortNames) {
    if (!SHORT_NAME.test(short)) throw new Error(`Analytics projection ${name}: invalid collection name "${short}" (${SHORT_NAME})`);
    if (collectionNames.has(short)) throw new Error(`Analytics projection ${name}: collection "${short}" declared twice`);
    const alias = analyticsCollectionName(name, short);
    if (alias.length > MAX_ALIAS_LENGTH)
      throw new Error(`Analytics projection ${name}: "${alias}" is longer than ${MAX_ALIAS_LENGTH} characters; shorten the names`);
    collectionNames.set(short, alias);
  }
  const published = definition.collections.map((collection) => {
    const fields = collection.fields.some((field) => field.name === 'id') ? collection.fields : [ID_FIELD, ...collection.fields];
    const unknownIndex = (collection.indexes ?? []).find((index) => !fields.some((field) => field.name === index));
    if (unknownIndex) throw new Error(`Analytics projection ${name}: index "${unknownIndex}" is not a field of ${collection.name}`);
    assertSmallCellFields(name, collection.name, fields);
    assertLabelled(name, collection);
    return { ...collection, fields, collection: collectionNames.get(collection.name)! };
  });
  const collections: CollectionDefinition[] = [
    ...published.map((collection) => ({ name: collection.collection, indexes: [...(collection.indexes ?? [])] })),
    ...(definition.stateCollections ?? []).map((short) => ({ name: collectionNames.get(short)! })),
  ];
  const views = new WeakMap<ProjectionView, ProjectionView>();
  const shortNamed = (view: ProjectionView): ProjectionView => {
    let wrapped = views.get(view);
    if (!wrapped) views.set(view, (wrapped = shortNameView(view, collectionNames, name, shortNamed)));
    return wrapped;
  };
  const projection = defineEventProjection<TEvent>({
    name,
    version: definition.version,
    collections,
    eventTypes: definition.eventTypes,
    apply: (event, view) => definition.apply(event, shortNamed(view)),
  });
  return { ...projection, label: definition.label, description: definition.description, published, collectionNames };
}

/** The field that lists a row's suppressed fields in the API's answers (small cells): no declared field may take it. */
export const SUPPRESSED_FIELDS = 'suppressedFields';
/** The field that holds the names of a row's codes in the API's answers (`refersTo`): no declared field may take it. */
export const NAMES_FIELD = 'names';

/** `derivedFrom` names count fields of the same collection; no field takes the name of what the API adds to rows. */
function assertSmallCellFields(projection: string, collection: string, fields: readonly AnalyticsField[]): void {
  for (const field of fields) {
    if (field.name === SUPPRESSED_FIELDS || field.name === NAMES_FIELD)
      throw new Error(`Analytics projection ${projection}: "${field.name}" is reserved (${collection})`);
    for (const source of field.derivedFrom ?? [])
      if (!fields.some((other) => other.name === source && other.count))
        throw new Error(`Analytics projection ${projection}: ${collection}.${field.name} is derived from "${source}", not a count field`);
  }
}

/** The screen shows labels, never names: a collection and each of its fields say theirs. */
function assertLabelled(projection: string, collection: AnalyticsCollection): void {
  const unlabelled = [collection, ...collection.fields].filter((labelled) => !labelled.label.trim()).map((labelled) => labelled.name);
  if (unlabelled.length) throw new Error(`Analytics projection ${projection}: no label for ${unlabelled.join(', ')} (${collection.name})`);
}

/** A view whose collection names are the projection's short names; an undeclared name is a mistake, said at once. */
function shortNameView(
  view: ProjectionView,
  names: ReadonlyMap<string, string>,
  projection: string,
  wrap: (view: ProjectionView) => ProjectionView,
): ProjectionView {
  const aliasOf = (short: string): string => {
    const alias = names.get(short);
    if (!alias)
      throw new Error(`Analytics projection ${projection}: collection "${short}" is not declared (${[...names.keys()].join(', ')})`);
    return alias;
  };
  return {
    get: <T extends Document = Document>(collection: string, id: string, options?: ReadOptions) =>
      view.get<T>(aliasOf(collection), id, options),
    upsert: (collection, document) => view.upsert(aliasOf(collection), document),
    patch: (collection, id, changes) => view.patch(aliasOf(collection), id, changes),
    delete: (collection, id) => view.delete(aliasOf(collection), id),
    afterBatch: (key, work) => view.afterBatch(`${projection}:${key}`, (inner) => work(wrap(inner))),
  };
}
