/**
 * ReadStore over MongoDB (the official `mongodb` driver; MONGODB_URL).
 *
 * Layout: collection rm_<name> per read-model collection, documents stored with _id = id (the id field itself is
 * not duplicated; filters and sorts on "id" use _id); checkpoints in projection_checkpoints with _id = projection.
 *
 * REQUIREMENT: apply() writes documents and the checkpoint in one multi-document transaction, which MongoDB only
 * offers on a replica set (or sharded cluster), version 4.4 or later. A single-node replica set is fine, e.g.
 * `mongod --replSet rs0` followed once by `rs.initiate()`; a standalone mongod rejects the transaction.
 *
 * Semantics match the SQL adapter (read-store.contract.ts checks both): documents are JSON (stored after a JSON
 * round trip, so Dates become ISO strings and undefined fields disappear), comparisons only match values of the
 * same type, $prefix / $contains are literal and case-insensitive, missing fields sort first ascending.
 * Known difference: string order is binary here, collation-dependent on PostgreSQL; and on array-valued fields
 * MongoDB's equality also matches elements, which the SQL adapter does not (the port does not filter on arrays).
 */
import { AnyBulkWriteOperation, Collection, Db, Filter as MongoFilter, MongoClient, MongoServerError } from 'mongodb';
import { Checkpoint, CollectionDefinition, Document, Filter, FindOptions, ReadStore, WriteOperation } from './read-store.port';
import { assertCollectionName, FieldPath, FilterNode, parseFieldPath, parseFilter, parseFindOptions } from './read-store-query';
import { CollectionWrites, planWrites, validateCheckpoint } from './read-store-write-plan';

const CHECKPOINTS_COLLECTION = 'projection_checkpoints';
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;

type StoredDocument = { _id: string } & Record<string, unknown>;

interface StoredCheckpoint {
  _id: string;
  version: number;
  position: number;
  updatedAt: Date;
}

export interface MongoReadStoreConnectOptions {
  /** Defaults to the database named in the URL (or the driver's default, "test"). */
  databaseName?: string;
}

export class MongoReadStore implements ReadStore {
  private constructor(
    private readonly db: Db,
    /** Set when this store opened the client itself (connect()); close() then closes it. */
    private readonly ownedClient: MongoClient | null,
  ) {}

  /** Opens a client of its own for the URL; close() closes it. */
  static async connect(url: string, options: MongoReadStoreConnectOptions = {}): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    try {
      return await MongoReadStore.open(client.db(options.databaseName), client);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  /** Uses a database of a client the caller owns: close() leaves that client open. */
  static async create(db: Db): Promise<MongoReadStore> {
    return MongoReadStore.open(db, null);
  }

  private static async open(db: Db, ownedClient: MongoClient | null): Promise<MongoReadStore> {
    // Created up front: implicit creation inside a transaction needs MongoDB 4.4+ and fails on sharded clusters.
    await createCollectionIfMissing(db, CHECKPOINTS_COLLECTION);
    return new MongoReadStore(db, ownedClient);
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const name = collectionName(definition.name);
    // Validate every path before creating anything, as the SQL adapter does.
    const fields = [...new Set(definition.indexes ?? [])].map((path) => mongoField(parseFieldPath(path, Error)));
    // Substring search is a case-insensitive regex here, which no MongoDB index serves: searchIndexes are only
    // validated, like the SQL adapter's.
    for (const path of definition.searchIndexes ?? []) parseFieldPath(path, Error);
    await createCollectionIfMissing(this.db, name);
    for (const field of fields) {
      if (field === '_id') continue; // always indexed
      // _id second: sorting on the field with the id tiebreak can walk the index. createIndex is idempotent.
      await this.db.collection(name).createIndex({ [field]: 1, _id: 1 });
    }
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.collection(collectionName(name)).drop();
    } catch (error) {
      // Servers before 7.0 report dropping an absent collection as an error.
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    const stored = await this.documents(collection).findOne({ _id: id });
    return stored ? fromStored<T>(stored) : null;
  }

  /** Documents in the order of ids; missing ids are skipped, repeated ids returned once. */
  async getMany<T extends Document = Document>(collection: string, ids: string[]): Promise<T[]> {
    const documents = this.documents(collection);
    if (ids.length === 0) return [];
    const stored = await documents.find({ _id: { $in: ids } }).toArray();
    const byId = new Map(stored.map((document) => [document._id, fromStored<T>(document)]));
    return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  }

  async find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    const documents = this.documents(collection);
    const { sort, skip, limit } = parseFindOptions(options);
    const query = toMongoFilter(parseFilter(filter));
    // MongoDB reads limit 0 as "no limit"; the port means "nothing", as SQL LIMIT 0 does.
    if (limit === 0) return [];
    const sortSpec: Array<[string, 1 | -1]> = sort.map(({ field, direction }) => [mongoField(field), direction === 'asc' ? 1 : -1]);
    if (!sortSpec.some(([field]) => field === '_id')) sortSpec.push(['_id', 1]);
    const stored = await documents.find(query, { sort: sortSpec, skip, limit }).toArray();
    return stored.map((document) => fromStored<T>(document));
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    const documents = this.documents(collection);
    return documents.countDocuments(toMongoFilter(parseFilter(filter)));
  }

  /**
   * One transaction (withTransaction retries transient errors): one ordered bulkWrite per collection from the
   * folded plan (see read-store-write-plan.ts), then the checkpoint.
   */
  async apply(operations: WriteOperation[], checkpoint?: Omit<Checkpoint, 'updatedAt'>): Promise<void> {
    const plan = planWrites(operations);
    validateCheckpoint(checkpoint);
    if (plan.length === 0 && !checkpoint) return;
    const session = this.db.client.startSession();
    try {
      await session.withTransaction(async () => {
        for (const writes of plan) {
          // Validated here, inside the transaction: a bad name in a later operation undoes the earlier ones.
          const documents = this.documents(writes.collection);
          const bulk = toBulkOperations(writes);
          if (bulk.length > 0) await documents.bulkWrite(bulk, { session, ordered: true });
        }
        if (checkpoint) {
          await this.checkpoints().updateOne(
            { _id: checkpoint.projection },
            // Server time, like now() in the SQL adapter.
            { $set: { version: checkpoint.version, position: checkpoint.position }, $currentDate: { updatedAt: true } },
            { upsert: true, session },
          );
        }
      });
    } finally {
      await session.endSession();
    }
  }

  async getCheckpoint(projection: string): Promise<Checkpoint | null> {
    const stored = await this.checkpoints().findOne({ _id: projection });
    return stored ? toCheckpoint(stored) : null;
  }

  async listCheckpoints(): Promise<Checkpoint[]> {
    const stored = await this.checkpoints()
      .find({}, { sort: { _id: 1 } })
      .toArray();
    return stored.map(toCheckpoint);
  }

  async deleteCheckpoint(projection: string): Promise<void> {
    await this.checkpoints().deleteOne({ _id: projection });
  }

  /** Closes the client only when connect() opened it. */
  async close(): Promise<void> {
    await this.ownedClient?.close();
  }

  private documents(collection: string): Collection<StoredDocument> {
    return this.db.collection<StoredDocument>(collectionName(collection));
  }

  private checkpoints(): Collection<StoredCheckpoint> {
    return this.db.collection<StoredCheckpoint>(CHECKPOINTS_COLLECTION);
  }
}

async function createCollectionIfMissing(db: Db, name: string): Promise<void> {
  try {
    await db.createCollection(name);
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
  }
}

function collectionName(collection: string): string {
  assertCollectionName(collection);
  // Prefixed like the SQL tables, so no read-model collection can collide with projection_checkpoints.
  return `rm_${collection}`;
}

/** The port's "id" is MongoDB's _id; every other path is used as is (dotted paths reach into sub-documents). */
function mongoField(field: FieldPath): string {
  return field.dotted === 'id' ? '_id' : field.dotted;
}

function toBulkOperations(writes: CollectionWrites): AnyBulkWriteOperation<StoredDocument>[] {
  const bulk: AnyBulkWriteOperation<StoredDocument>[] = [];
  for (const id of writes.deletes) bulk.push({ deleteOne: { filter: { _id: id } } });
  for (const document of writes.upserts) {
    const { id, ...fields } = asJson(document);
    bulk.push({ replaceOne: { filter: { _id: id as string }, replacement: fields, upsert: true } });
  }
  for (const { id, changes } of writes.patches) {
    // No upsert: patching a missing document is a no-op. Field names were checked (no dots, no "$").
    bulk.push({ updateOne: { filter: { _id: id }, update: { $set: asJson(changes) } } });
  }
  return bulk;
}

/** Stores exactly what the SQL adapter's JSON column would hold. */
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function fromStored<T extends Document>(stored: StoredDocument): T {
  const { _id, ...fields } = stored;
  return { id: _id, ...fields } as unknown as T;
}

function toCheckpoint(stored: StoredCheckpoint): Checkpoint {
  return {
    projection: stored._id,
    version: Number(stored.version),
    position: Number(stored.position),
    updatedAt: new Date(stored.updatedAt).toISOString(),
  };
}

/** Exported for unit tests: the MongoDB query for a parsed filter. */
export function toMongoFilter(node: FilterNode): MongoFilter<StoredDocument> {
  return translate(node) as MongoFilter<StoredDocument>;
}

function translate(node: FilterNode): Record<string, unknown> {
  switch (node.kind) {
    case 'and':
      if (node.children.length === 0) return {};
      // Each condition stays its own clause: two conditions on one field (e.g. $exists: false and $eq: 5 both
      // become $eq) would overwrite each other in a single object.
      return node.children.length === 1 ? translate(node.children[0]) : { $and: node.children.map(translate) };
    case 'or':
      return { $or: node.children.map(translate) };
  }
  const field = mongoField(node.field);
  switch (node.kind) {
    case 'eq':
      return { [field]: { $eq: node.value } };
    case 'ne':
      return { [field]: { $ne: node.value } }; // also matches missing fields, as the port requires
    case 'missingOrNull':
      return { [field]: { $eq: null } }; // MongoDB: null matches missing or null
    case 'presentAndNotNull':
      return { [field]: { $ne: null } };
    case 'in':
      return { [field]: { $in: node.values } };
    case 'nin':
      return { [field]: { $nin: node.values } }; // also matches missing fields
    case 'compare':
      // MongoDB compares within a type bracket only, matching the SQL adapter's type check.
      return { [field]: { [`$${node.operator}`]: node.value } };
    case 'prefix':
      return { [field]: { $regex: `^${escapeRegex(node.value)}`, $options: 'i' } };
    case 'contains':
      return { [field]: { $regex: escapeRegex(node.value), $options: 'i' } };
  }
}

/** The caller's text is literal: every regex metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
