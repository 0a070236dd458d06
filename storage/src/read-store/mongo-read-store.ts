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
 *
 * Aliases: a published alias is a read-only VIEW rm_<alias> on rm_<target> with an empty pipeline (it reads, and
 * sorts with, the target's indexes); read_store_collection_links records alias → target. publishCollections() is
 * NOT one transaction here, because MongoDB allows no view DDL (create with viewOn, collMod) inside a transaction:
 *   1. one transaction writes the links and the checkpoint changes (the state a runner resumes from);
 *   2. then each alias's view is re-pointed with collMod (atomic per alias), or created; a plain collection with
 *      the alias's name (from before aliases) is dropped first.
 * Why that is safe: the old targets still exist until publishCollections() has returned (the caller drops them
 * after), so between 1 and 2 readers read the old, complete collections, never a missing or half-built one. Costs:
 * two aliases of one projection switch a moment apart, not together; replacing a plain collection leaves its name
 * absent (reads as empty) between the drop and the create, once per alias; and if the process dies between 1 and
 * 2, readers keep reading the old targets until the views are repaired from the links, which open() and every
 * publishCollections() do.
 *
 * Leases (read_store_leases) compare with the server's clock ($$NOW), so instances on several hosts agree.
 */
import { AnyBulkWriteOperation, ClientSession, Collection, Db, MongoClient, MongoServerError } from 'mongodb';
import {
  Checkpoint,
  CheckpointChanges,
  CollectionDefinition,
  CollectionLink,
  Document,
  Filter,
  FindOptions,
  FieldType,
  Lease,
  ReadStore,
  WriteOperation,
} from './read-store.port';
import { assertCollectionName, parseFieldPath, parseFilter, parseFindOptions } from './read-store-query';
import { mongoField, toMongoFilter } from './mongo-read-store-filter';
import {
  CheckpointWrite,
  CollectionWrites,
  planWrites,
  validateCheckpointChanges,
  validateCheckpoints,
  validateCollectionLinks,
  validateLeaseArguments,
} from './read-store-write-plan';

const CHECKPOINTS_COLLECTION = 'projection_checkpoints';
const LINKS_COLLECTION = 'read_store_collection_links';
const LEASES_COLLECTION = 'read_store_leases';
const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;
const DUPLICATE_KEY = 11000;

type StoredDocument = { _id: string } & Record<string, unknown>;

interface StoredLink {
  _id: string;
  target: string;
  linkedAt: Date;
}

interface StoredLease {
  _id: string;
  owner: string;
  expiresAt: Date;
}

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
    for (const name of [CHECKPOINTS_COLLECTION, LINKS_COLLECTION, LEASES_COLLECTION]) await createCollectionIfMissing(db, name);
    const store = new MongoReadStore(db, ownedClient);
    // A publish that died between its transaction and its view changes left views behind their links: repair them.
    await store.pointViewsAtLinks(await db.collection<StoredLink>(LINKS_COLLECTION).find({}).toArray());
    return store;
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    // On a linked alias the indexes belong on the collection the alias reads (a view cannot be indexed).
    const name = collectionName((await this.collectionTarget(definition.name)) ?? definition.name);
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

  /** Unlinking first: a crash before the drop leaves an unlinked view, which open() does not bring back. */
  async dropCollection(name: string): Promise<void> {
    const physical = collectionName(name);
    const readers = await this.links().find({ target: name }).toArray();
    if (readers.length > 0) {
      const aliases = readers.map((link) => `"${link._id}"`).join(', ');
      throw new Error(`Cannot drop read-store collection "${name}": ${aliases} read(s) from it; re-point or drop the alias first`);
    }
    await this.links().deleteOne({ _id: name });
    await dropIfPresent(this.db, physical);
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
    const { sort, skip, limit, fields, anyOrder } = parseFindOptions(options);
    const query = toMongoFilter(parseFilter(filter));
    // MongoDB reads limit 0 as "no limit"; the port means "nothing", as SQL LIMIT 0 does.
    if (limit === 0) return [];
    const sortSpec: Array<[string, 1 | -1]> = sort.map(({ field, direction }) => [mongoField(field), direction === 'asc' ? 1 : -1]);
    if (!anyOrder && !sortSpec.some(([field]) => field === '_id')) sortSpec.push(['_id', 1]);
    // _id named: an empty projection would read whole documents ("fields: {}" asks for the ids only).
    const projection = fields && { _id: 1, ...Object.fromEntries(fields.map(({ name }) => [name, 1])) };
    const stored = await documents.find(query, { sort: anyOrder ? undefined : sortSpec, skip, limit, projection }).toArray();
    if (!fields) return stored.map((document) => fromStored<T>(document));
    return stored.map((document) => {
      const doc = fromStored<Document & Record<string, unknown>>(document);
      for (const { name, type } of fields) doc[name] = asDeclared(doc[name], type);
      return doc as T;
    });
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    const documents = this.documents(collection);
    return documents.countDocuments(toMongoFilter(parseFilter(filter)));
  }

  /**
   * One transaction (withTransaction retries transient errors): one ordered bulkWrite per collection from the
   * folded plan (see read-store-write-plan.ts), then the checkpoint.
   */
  async apply(operations: WriteOperation[], checkpoint?: CheckpointWrite | CheckpointWrite[]): Promise<void> {
    const plan = planWrites(operations);
    const checkpoints = validateCheckpoints(checkpoint);
    if (plan.length === 0 && checkpoints.length === 0) return;
    try {
      await this.inTransaction(async (session) => {
        for (const writes of plan) {
          // Validated here, inside the transaction: a bad name in a later operation undoes the earlier ones.
          const documents = this.documents(writes.collection);
          const bulk = toBulkOperations(writes);
          if (bulk.length > 0) await documents.bulkWrite(bulk, { session, ordered: true });
        }
        await this.writeCheckpoints(checkpoints, session);
      });
    } catch (error) {
      // Error path only: a write to a view fails on the server; say why in the port's words.
      const [link] = await this.links()
        .find({ _id: { $in: plan.map((writes) => writes.collection) } })
        .toArray();
      if (link) {
        throw new Error(
          `apply() cannot write to "${link._id}": it is an alias (it reads "${link.target}"); write operations name physical collections`,
        );
      }
      throw error;
    }
  }

  /** See the file comment for the two steps and why they are safe. */
  async publishCollections(links: CollectionLink[], checkpoints: CheckpointChanges = {}): Promise<void> {
    validateCollectionLinks(links);
    const changes = validateCheckpointChanges(checkpoints);
    for (const { alias, target } of links) {
      if ((await this.kindOf(collectionName(target))) !== 'collection') {
        throw new Error(`publishCollections(): target "${target}" of alias "${alias}" is not a collection (create and fill it first)`);
      }
    }
    await this.inTransaction(async (session) => {
      for (const { alias, target } of links) {
        await this.links().updateOne({ _id: alias }, { $set: { target }, $currentDate: { linkedAt: true } }, { upsert: true, session });
      }
      await this.writeCheckpoints(changes.set, session);
      if (changes.delete.length > 0) await this.checkpoints().deleteMany({ _id: { $in: changes.delete } }, { session });
    });
    await this.pointViewsAtLinks(links.map(({ alias, target }) => ({ _id: alias, target, linkedAt: new Date() })));
  }

  async collectionTarget(alias: string): Promise<string | null> {
    assertCollectionName(alias);
    return (await this.links().findOne({ _id: alias }))?.target ?? null;
  }

  async tryAcquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    validateLeaseArguments(name, owner, ttlMs);
    try {
      // A pipeline update so that expiry is computed from the server's clock; a lease held by another owner and
      // not expired does not match, and the upsert then collides with it on _id: refused.
      const result = await this.leases().updateOne(
        { _id: name, $or: [{ owner }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
        [{ $set: { owner, expiresAt: { $add: ['$$NOW', ttlMs] } } }],
        { upsert: true },
      );
      return result.matchedCount + result.upsertedCount === 1;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    validateLeaseArguments(name, owner);
    await this.leases().deleteOne({ _id: name, owner });
  }

  async getLease(name: string): Promise<Lease | null> {
    validateLeaseArguments(name);
    const stored = await this.leases().findOne({ _id: name, $expr: { $gt: ['$expiresAt', '$$NOW'] } });
    return stored ? { name: stored._id, owner: stored.owner, expiresAt: new Date(stored.expiresAt).toISOString() } : null;
  }

  /** Makes each alias a view on its target: collMod re-points an existing view atomically. */
  private async pointViewsAtLinks(links: StoredLink[]): Promise<void> {
    for (const { _id: alias, target } of links) {
      const view = collectionName(alias);
      const kind = await this.kindOf(view);
      if (kind === 'view') {
        await this.db.command({ collMod: view, viewOn: collectionName(target), pipeline: [] });
        continue;
      }
      if (kind === 'collection') await dropIfPresent(this.db, view);
      await this.db.createCollection(view, { viewOn: collectionName(target), pipeline: [] });
    }
  }

  private async kindOf(name: string): Promise<'collection' | 'view' | null> {
    const [info] = await this.db.listCollections({ name }, { nameOnly: false }).toArray();
    if (!info) return null;
    return info.type === 'view' ? 'view' : 'collection';
  }

  /** withTransaction retries transient errors. */
  private async inTransaction(work: (session: ClientSession) => Promise<void>): Promise<void> {
    const session = this.db.client.startSession();
    try {
      await session.withTransaction(() => work(session));
    } finally {
      await session.endSession();
    }
  }

  private async writeCheckpoints(checkpoints: CheckpointWrite[], session: ClientSession): Promise<void> {
    if (checkpoints.length === 0) return;
    await this.checkpoints().bulkWrite(
      checkpoints.map((checkpoint) => ({
        updateOne: {
          filter: { _id: checkpoint.projection },
          // Server time, like now() in the SQL adapter.
          update: { $set: { version: checkpoint.version, position: checkpoint.position }, $currentDate: { updatedAt: true } },
          upsert: true,
        },
      })),
      { session, ordered: true },
    );
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

  private links(): Collection<StoredLink> {
    return this.db.collection<StoredLink>(LINKS_COLLECTION);
  }

  private leases(): Collection<StoredLease> {
    return this.db.collection<StoredLease>(LEASES_COLLECTION);
  }
}

async function dropIfPresent(db: Db, name: string): Promise<void> {
  try {
    await db.collection(name).drop();
  } catch (error) {
    // Servers before 7.0 report dropping an absent collection as an error.
    if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
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

/** The port's rules for chosen fields: missing or null is null; another type than declared is null or JSON text. */
function asDeclared(value: unknown, type: FieldType): unknown {
  if (value === undefined || value === null) return null;
  if (type === 'number') return typeof value === 'number' ? value : null;
  if (type === 'string') return typeof value === 'string' ? value : JSON.stringify(value);
  return value;
}
