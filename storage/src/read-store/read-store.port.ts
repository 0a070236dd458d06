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
}

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

export interface ReadStore {
  ensureCollection(definition: CollectionDefinition): Promise<void>;
  /** Removes a collection and its documents (projection rebuild). */
  dropCollection(name: string): Promise<void>;
  get<T extends Document = Document>(collection: string, id: string): Promise<T | null>;
  getMany<T extends Document = Document>(collection: string, ids: string[]): Promise<T[]>;
  find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /**
   * Applies the operations in order, atomically, together with the checkpoint when given: after a crash
   * either all of them and the checkpoint are stored, or none.
   */
  apply(operations: WriteOperation[], checkpoint?: Omit<Checkpoint, 'updatedAt'>): Promise<void>;
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
