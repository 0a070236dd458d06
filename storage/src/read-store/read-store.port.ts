/**
 * Read store port: a small document-collection interface that projections write and query handlers read.
 * Adapters: PostgreSQL/PGlite (one JSONB table per collection, expression indexes) and MongoDB.
 * Every adapter passes read-store.contract.ts.
 *
 * Field names may be dotted paths into nested objects ("child.lastName").
 */
export type Scalar = string | number | boolean;

export interface Document {
  id: string;
  [field: string]: unknown;
}

export interface FieldOperators {
  $eq?: Scalar | null;
  $ne?: Scalar | null;
  $in?: Scalar[];
  $nin?: Scalar[];
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  /** Case-insensitive "starts with" on a string field. */
  $prefix?: string;
  /** Case-insensitive "contains" on a string field. */
  $contains?: string;
  /** true: the field is present and not null; false: missing or null. */
  $exists?: boolean;
}

/** A bare value means equality (null matches missing or null). Several fields are ANDed. */
export type FieldCondition = Scalar | null | FieldOperators;

export type Filter = {
  $and?: Filter[];
  $or?: Filter[];
} & { [field: string]: FieldCondition | Filter[] | undefined };

export interface SortField {
  field: string;
  direction: 'asc' | 'desc';
}

export interface FindOptions {
  sort?: SortField[];
  skip?: number;
  limit?: number;
  /**
   * Only these top-level fields (and id) are read, each with the type its values have; the others are absent from
   * the answer, and a chosen field that is missing or null reads as null. For bulk reads of a few fields of many
   * documents (report statistics), where decoding whole documents is most of the time: knowing the types lets an
   * adapter send plain text and numbers rather than JSON. A value of another type than declared reads as null
   * ('number') or as its JSON text ('string'); 'json' reads any value as stored.
   */
  fields?: Readonly<Record<string, FieldType>>;
  /**
   * The documents in no particular order (without it: sorted, then by id). For whole-collection reads whose
   * consumer does not depend on order (report statistics over tens of thousands of rows), where the sort alone was a
   * third of the read. Not with sort or skip (which page of an unordered answer would be meaningless).
   */
  anyOrder?: boolean;
}

export type FieldType = 'string' | 'number' | 'json';

export interface CollectionDefinition {
  name: string;
  /** Fields (dotted paths) filtered or sorted on often; adapters index them. */
  indexes?: string[];
  /**
   * String fields searched with $contains / $prefix; adapters may index them for substring search (SQL: a pg_trgm
   * GIN index on lower(field) when the extension is available, otherwise none). Results never depend on it.
   */
  searchIndexes?: string[];
}

export type WriteOperation =
  | { kind: 'upsert'; collection: string; document: Document }
  /** Shallow merge of top-level fields into an existing document; no-op when the document is missing. */
  | { kind: 'patch'; collection: string; id: string; changes: Record<string, unknown> }
  | { kind: 'delete'; collection: string; id: string };

export interface Checkpoint {
  projection: string;
  version: number;
  position: number;
  updatedAt: string;
}

/** An alias (the logical collection name readers use) and the physical collection it currently reads from. */
export interface CollectionLink {
  alias: string;
  target: string;
}

/** Who holds a named lease, until when (ISO timestamp, the database's clock). */
export interface Lease {
  name: string;
  owner: string;
  expiresAt: string;
}

/** Checkpoints moved together with a publishCollections(). */
export interface CheckpointChanges {
  set?: Omit<Checkpoint, 'updatedAt'>[];
  delete?: string[];
}

export interface ReadStore {
  /**
   * Creates the collection and its indexes when missing. On a linked alias it ensures them on the alias's current
   * target (the collection readers read).
   */
  ensureCollection(definition: CollectionDefinition): Promise<void>;
  /**
   * Removes a plain collection and its documents, or unlinks an alias (the alias disappears, its target stays).
   * Dropping a collection that an alias currently reads from is refused: re-point or unlink the alias first.
   */
  dropCollection(name: string): Promise<void>;
  get<T extends Document = Document>(collection: string, id: string): Promise<T | null>;
  getMany<T extends Document = Document>(collection: string, ids: string[]): Promise<T[]>;
  find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /**
   * Applies the operations in order, atomically, together with the checkpoint(s) when given (zero, one or several,
   * each projection at most once): after a crash either all of them and the checkpoints are stored, or none.
   * Operations name physical collections: writing to a linked alias is refused (nothing is written).
   */
  apply(operations: WriteOperation[], checkpoint?: Omit<Checkpoint, 'updatedAt'> | Omit<Checkpoint, 'updatedAt'>[]): Promise<void>;
  /**
   * Atomically (one transaction on SQL; see the MongoDB adapter for its steps) makes each alias read from its
   * target and sets / deletes the checkpoints. A plain collection with an alias's name is dropped first (its data
   * is replaced). After it returns every reader, on every instance, reading an alias sees its new target. The
   * previous targets are NOT dropped: the caller drops them with dropCollection. Targets must be plain collections.
   */
  publishCollections(links: CollectionLink[], checkpoints?: CheckpointChanges): Promise<void>;
  /** The physical collection an alias currently reads from; null when the name is not a linked alias. */
  collectionTarget(alias: string): Promise<string | null>;
  /** Takes the lease when free or expired, renews it when `owner` holds it; false while another owner holds it. */
  tryAcquireLease(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `owner` holds it; otherwise does nothing. */
  releaseLease(name: string, owner: string): Promise<void>;
  /** The current holder, or null when the lease is free or expired. */
  getLease(name: string): Promise<Lease | null>;
  getCheckpoint(projection: string): Promise<Checkpoint | null>;
  listCheckpoints(): Promise<Checkpoint[]>;
  deleteCheckpoint(projection: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidFilterError';
  }
}
