/**
 * ReadStore over a SqlClient: the same SQL runs on a PostgreSQL server and on embedded PGlite.
 *
 * Layout: one table per collection, rm_<name> (id text PRIMARY KEY, doc jsonb NOT NULL), where doc is the whole
 * document including its id; declared index fields get a btree index on the jsonb expression (doc #> '{a,b}'),
 * the very expression filters and sorts use, so the planner can use it; declared search fields get a pg_trgm GIN
 * index on lower(text) when the extension is available (substring search). Checkpoints live in
 * projection_checkpoints.
 *
 * Comparisons use jsonb semantics: numbers compare numerically (9 < 10) and strings lexically, in the database's
 * default collation (binary on "C"/"C.UTF-8" and on PGlite; a server created with e.g. en_US orders "a" < "B").
 *
 * Collections that were never created read as empty, and apply() creates them on first write (like MongoDB).
 *
 * Aliases (blue/green rebuilds) and leases: see sql-read-store-layout.ts. A published alias is a view over its
 * target; collections created by earlier versions are plain tables and behave as before until published over.
 *
 * Safety: only validated identifiers (collection names, field-path segments) are ever written into SQL text;
 * every value travels as a query parameter.
 */
import { createHash } from 'node:crypto';
import { SqlClient, SqlExecutor } from '../sql/sql-client';
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
import { FieldPath, parseFieldPath, parseFilter, parseFindOptions } from './read-store-query';
import { filterSql, jsonPath, jsonTextPath, SqlParameters } from './sql-read-store-filter';
import {
  ALIAS_WRITE_REFUSED,
  collectionTargetOf,
  createLayoutTables,
  dropCollectionOrAlias,
  errorCode,
  getLease,
  LAYOUT_LOCK_SQL,
  linkAliases,
  linksWhere,
  releaseLease,
  tableName,
  tryAcquireLease,
} from './sql-read-store-layout';
import {
  CheckpointWrite,
  CollectionWrites,
  planWrites,
  validateCheckpointChanges,
  validateCheckpoints,
  validateCollectionLinks,
} from './read-store-write-plan';

const CHECKPOINTS_TABLE = 'projection_checkpoints';
/** PostgreSQL's "undefined_table": reading a collection that was never created. */
const UNDEFINED_TABLE = '42P01';
/** INSERT … ON CONFLICT into a view (an alias) fails with "no unique constraint matching" before any trigger. */
const INVALID_COLUMN_REFERENCE = '42P10';

interface CheckpointRow {
  projection: string;
  version: number;
  position: number | string;
  updated_at: Date | string;
}

export class SqlReadStore implements ReadStore {
  /** Tables this instance knows exist, so apply() only issues CREATE TABLE IF NOT EXISTS for new collections. */
  private readonly knownTables = new Set<string>();
  /** Asked once per store: is pg_trgm there for searchIndexes. */
  private trigramAvailable: Promise<boolean> | undefined;

  private constructor(private readonly client: SqlClient) {}

  /**
   * The client is shared (the event store usually runs on it too) and stays owned by the caller:
   * close() does not close it; whoever created the client closes it after the store.
   */
  static async create(client: SqlClient): Promise<SqlReadStore> {
    // Under the layout lock: two instances starting at once would otherwise race on CREATE … IF NOT EXISTS.
    await client.transaction(async (tx) => {
      await tx.query(LAYOUT_LOCK_SQL);
      await tx.query(`
        CREATE TABLE IF NOT EXISTS ${CHECKPOINTS_TABLE} (
          projection text PRIMARY KEY,
          version integer NOT NULL,
          position bigint NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
      await createLayoutTables(tx);
    });
    return new SqlReadStore(client);
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    // On a linked alias the indexes belong on the table the alias reads (a view cannot be indexed).
    const table = tableName((await this.collectionTarget(definition.name)) ?? definition.name);
    const searchFields = [...new Set(definition.searchIndexes ?? [])].map((path) => parseFieldPath(path, Error));
    await this.client.execScript(createTableSql(table));
    const indexes: string[] = [];
    for (const path of new Set(definition.indexes ?? [])) {
      const field = parseFieldPath(path, Error);
      // A trailing id makes "ORDER BY field, id" (the stable sort below) an index scan too.
      // NULLS FIRST matches the sort order: missing fields first ascending, last descending (backward scan).
      indexes.push(`CREATE INDEX IF NOT EXISTS ${indexName(table, field)} ON ${table} (${jsonPath(field)} NULLS FIRST, id)`);
    }
    if (searchFields.length > 0 && (await this.trigramSearchAvailable())) {
      // The expression is the one the $contains / $prefix filter uses, so LIKE '%text%' can use the index.
      for (const field of searchFields)
        indexes.push(
          `CREATE INDEX IF NOT EXISTS ${indexName(table, field, 'trgm')} ON ${table} USING gin (lower(${jsonTextPath(field)}) gin_trgm_ops)`,
        );
    }
    // On a server two indexes build side by side, each on a connection of its own (a blue/green build creates them
    // all on a full table just before it switches), leaving the rest of the pool to the app; PGlite runs them in turn.
    const queue = [...indexes];
    const builder = async () => {
      for (let statement = queue.shift(); statement !== undefined; statement = queue.shift()) await this.client.execScript(statement);
    };
    await Promise.all([builder(), builder()]);
    this.knownTables.add(table);
  }

  /**
   * Whether pg_trgm is (or can be made) available. Creating it needs the extension installed and the privilege:
   * without it (a locked-down server, PGlite without the contrib bundle) search still works, only unindexed.
   */
  private trigramSearchAvailable(): Promise<boolean> {
    this.trigramAvailable ??= (async () => {
      try {
        await this.client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      } catch {
        // Not installed, not allowed, or created concurrently by another connection: the check below decides.
      }
      try {
        const { rows } = await this.client.query<{ present: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS present`,
        );
        return rows[0]?.present === true;
      } catch {
        return false;
      }
    })();
    return this.trigramAvailable;
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await dropCollectionOrAlias(this.client, name);
    } finally {
      this.knownTables.delete(tableName(name));
    }
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    const rows = await this.readRows<{ doc: T }>(`SELECT doc FROM ${tableName(collection)} WHERE id = $1`, [id]);
    return rows[0]?.doc ?? null;
  }

  /** Documents in the order of ids; missing ids are skipped, repeated ids returned once. */
  async getMany<T extends Document = Document>(collection: string, ids: string[]): Promise<T[]> {
    const table = tableName(collection);
    if (ids.length === 0) return [];
    const rows = await this.readRows<{ doc: T }>(`SELECT doc FROM ${table} WHERE id = ANY($1::text[])`, [ids]);
    const byId = new Map(rows.map((row) => [row.doc.id, row.doc]));
    return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  }

  async find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    const table = tableName(collection);
    const { sort, skip, limit, fields, anyOrder } = parseFindOptions(options);
    const params = new SqlParameters();
    const where = filterSql(parseFilter(filter), params);
    // Missing values sort as the smallest: first ascending, last descending (as in MongoDB); id breaks ties.
    const orderBy = [
      ...sort.map(({ field, direction }) =>
        direction === 'asc' ? `${jsonPath(field)} ASC NULLS FIRST` : `${jsonPath(field)} DESC NULLS LAST`,
      ),
      'id ASC',
    ].join(', ');
    // Chosen fields are read one column each, named after the field (identifiers only, see FIELD_PATH_PATTERN), so
    // each row as the driver builds it is the answer; a missing field is SQL NULL, read as null. Strings as text and
    // numbers as float8 spare the server's JSON output and the client's JSON.parse of every value (half the time of
    // a 50,000-row report read).
    const selected = fields ? ['id', ...fields.map(({ name, type }) => `${fieldSql(name, type, params)} AS "${name}"`)].join(', ') : 'doc';
    // Unordered: sorting 50,000 wide rows spills to disk at the default work_mem.
    let sql = `SELECT ${selected} FROM ${table} WHERE ${where}${anyOrder ? '' : ` ORDER BY ${orderBy}`}`;
    if (limit !== undefined) sql += ` LIMIT ${params.add(limit)}`;
    if (skip > 0) sql += ` OFFSET ${params.add(skip)}`;
    if (fields) return this.readRows<T>(sql, params.values);
    return (await this.readRows<{ doc: T }>(sql, params.values)).map((row) => row.doc);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    const table = tableName(collection);
    const params = new SqlParameters();
    const where = filterSql(parseFilter(filter), params);
    const rows = await this.readRows<{ n: number | string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params.values);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * One transaction: at most three set-based statements per collection (see read-store-write-plan.ts for why that
   * keeps the given order's result), then the checkpoint. Any failure rolls everything back.
   */
  async apply(operations: WriteOperation[], checkpoint?: Omit<Checkpoint, 'updatedAt'> | Omit<Checkpoint, 'updatedAt'>[]): Promise<void> {
    const plan = planWrites(operations);
    const checkpoints = validateCheckpoints(checkpoint);
    if (plan.length === 0 && checkpoints.length === 0) return;
    try {
      await this.applyInTransaction(plan, checkpoints);
    } catch (error) {
      const code = errorCode(error);
      if (code === ALIAS_WRITE_REFUSED || code === INVALID_COLUMN_REFERENCE) await this.throwIfWritingAnAlias(plan);
      if (code !== UNDEFINED_TABLE) throw error;
      // Another store instance (a rebuild elsewhere) dropped a table this one had cached as existing. The
      // transaction rolled back, so forget the cache and run it once more, now creating the tables.
      this.knownTables.clear();
      await this.applyInTransaction(plan, checkpoints);
    }
  }

  private async applyInTransaction(plan: CollectionWrites[], checkpoints: CheckpointWrite[]): Promise<void> {
    // Every table known: the whole write is one statement (its own transaction), one round trip whatever the number
    // of collections. On a busy server a live batch's dozen round trips each waited behind the requests' work.
    if (plan.every((writes) => this.knownTables.has(tableName(writes.collection)))) {
      const statement = singleStatementWrite(plan, checkpoints);
      await this.client.query(statement.sql, statement.params);
      return;
    }
    const createdTables: string[] = [];
    await this.client.transaction(async (tx) => {
      for (const writes of plan) {
        // Validated here, inside the transaction: a bad name in a later operation undoes the earlier ones.
        const table = tableName(writes.collection);
        if (!this.knownTables.has(table)) {
          await tx.query(createTableSql(table));
          createdTables.push(table);
        }
        await writeCollection(tx, table, writes);
      }
      if (checkpoints.length > 0) await writeCheckpoints(tx, checkpoints);
    });
    // Only after COMMIT: a rolled-back CREATE TABLE left no table behind.
    for (const table of createdTables) this.knownTables.add(table);
  }

  /** Error path only (the hot path asks nothing): turns a refused write into an error that says what happened. */
  private async throwIfWritingAnAlias(plan: CollectionWrites[]): Promise<void> {
    const [link] = await linksWhere(
      this.client,
      'alias',
      plan.map((writes) => writes.collection),
    );
    if (link) {
      throw new Error(
        `apply() cannot write to "${link.alias}": it is an alias (it reads "${link.target}"); write operations name physical collections`,
      );
    }
  }

  async publishCollections(links: CollectionLink[], checkpoints: CheckpointChanges = {}): Promise<void> {
    validateCollectionLinks(links);
    const changes = validateCheckpointChanges(checkpoints);
    try {
      await this.client.transaction(async (tx) => {
        await tx.query(LAYOUT_LOCK_SQL);
        await linkAliases(tx, links);
        if (changes.set.length > 0) await writeCheckpoints(tx, changes.set);
        if (changes.delete.length > 0) {
          await tx.query(`DELETE FROM ${CHECKPOINTS_TABLE} WHERE projection = ANY($1::text[])`, [changes.delete]);
        }
      });
    } finally {
      // The alias names are views now (or, after a rollback, whatever they were): apply() must not assume tables.
      for (const { alias } of links) this.knownTables.delete(tableName(alias));
    }
  }

  collectionTarget(alias: string): Promise<string | null> {
    return collectionTargetOf(this.client, alias);
  }

  tryAcquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    return tryAcquireLease(this.client, name, owner, ttlMs);
  }

  releaseLease(name: string, owner: string): Promise<void> {
    return releaseLease(this.client, name, owner);
  }

  getLease(name: string): Promise<Lease | null> {
    return getLease(this.client, name);
  }

  async getCheckpoint(projection: string): Promise<Checkpoint | null> {
    const { rows } = await this.client.query<CheckpointRow>(
      `SELECT projection, version, position, updated_at FROM ${CHECKPOINTS_TABLE} WHERE projection = $1`,
      [projection],
    );
    return rows[0] ? toCheckpoint(rows[0]) : null;
  }

  async listCheckpoints(): Promise<Checkpoint[]> {
    const { rows } = await this.client.query<CheckpointRow>(
      `SELECT projection, version, position, updated_at FROM ${CHECKPOINTS_TABLE} ORDER BY projection`,
    );
    return rows.map(toCheckpoint);
  }

  async deleteCheckpoint(projection: string): Promise<void> {
    await this.client.query(`DELETE FROM ${CHECKPOINTS_TABLE} WHERE projection = $1`, [projection]);
  }

  /** Does not close the SqlClient: its owner does (see create()). */
  async close(): Promise<void> {
    this.knownTables.clear();
  }

  /** Reads treat a collection whose table does not exist yet as empty, as MongoDB does. */
  private async readRows<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    try {
      return (await this.client.query<Row>(sql, params)).rows;
    } catch (error) {
      if (errorCode(error) === UNDEFINED_TABLE) return [];
      throw error;
    }
  }
}

async function writeCheckpoints(tx: SqlExecutor, checkpoints: CheckpointWrite[]): Promise<void> {
  await tx.query(
    `INSERT INTO ${CHECKPOINTS_TABLE} (projection, version, position, updated_at)
     SELECT projection, version, position, now() FROM unnest($1::text[], $2::integer[], $3::bigint[]) AS c(projection, version, position)
     ON CONFLICT (projection) DO UPDATE
       SET version = EXCLUDED.version, position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
    [checkpoints.map((c) => c.projection), checkpoints.map((c) => c.version), checkpoints.map((c) => String(c.position))],
  );
}

/**
 * The writes of one apply() as ONE statement: each collection's delete, upsert and patch and the checkpoints as
 * data-modifying CTEs, atomic as any statement is. They all see the same snapshot, which is safe because the plan
 * holds one net effect per document (the statements of one table touch disjoint ids) and each table appears once.
 */
function singleStatementWrite(plan: CollectionWrites[], checkpoints: CheckpointWrite[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const parts: string[] = [];
  plan.forEach((writes, i) => {
    const table = tableName(writes.collection);
    if (writes.deletes.length > 0) parts.push(`d${i} AS (DELETE FROM ${table} WHERE id = ANY(${param(writes.deletes)}::text[]))`);
    if (writes.upserts.length > 0) {
      parts.push(
        `u${i} AS (INSERT INTO ${table} (id, doc) SELECT element ->> 'id', element FROM jsonb_array_elements(${param(JSON.stringify(writes.upserts))}::jsonb) AS element ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc)`,
      );
    }
    if (writes.patches.length > 0) {
      parts.push(
        `p${i} AS (UPDATE ${table} AS target SET doc = target.doc || (patch.element -> 'changes') FROM jsonb_array_elements(${param(JSON.stringify(writes.patches))}::jsonb) AS patch(element) WHERE target.id = patch.element ->> 'id')`,
      );
    }
  });
  if (checkpoints.length > 0) {
    const [projections, versions, positions] = [
      param(checkpoints.map((c) => c.projection)),
      param(checkpoints.map((c) => c.version)),
      param(checkpoints.map((c) => String(c.position))),
    ];
    parts.push(
      `c AS (INSERT INTO ${CHECKPOINTS_TABLE} (projection, version, position, updated_at) SELECT projection, version, position, now() FROM unnest(${projections}::text[], ${versions}::integer[], ${positions}::bigint[]) AS c(projection, version, position) ON CONFLICT (projection) DO UPDATE SET version = EXCLUDED.version, position = EXCLUDED.position, updated_at = EXCLUDED.updated_at)`,
    );
  }
  return { sql: parts.length === 0 ? 'SELECT 1' : `WITH ${parts.join(',\n')}\nSELECT 1`, params };
}

async function writeCollection(tx: SqlExecutor, table: string, writes: CollectionWrites): Promise<void> {
  // The plan holds one net effect per document, so these statements touch disjoint ids and their order is free.
  if (writes.deletes.length > 0) {
    await tx.query(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [writes.deletes]);
  }
  if (writes.upserts.length > 0) {
    // The whole batch travels as one JSON array parameter: one statement whatever the number of documents.
    await tx.query(
      `INSERT INTO ${table} (id, doc)
       SELECT element ->> 'id', element FROM jsonb_array_elements($1::jsonb) AS element
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      [JSON.stringify(writes.upserts)],
    );
  }
  if (writes.patches.length > 0) {
    // jsonb || is exactly the port's shallow merge; ids that are not stored simply match no row.
    await tx.query(
      `UPDATE ${table} AS target SET doc = target.doc || (patch.element -> 'changes')
       FROM jsonb_array_elements($1::jsonb) AS patch(element)
       WHERE target.id = patch.element ->> 'id'`,
      [JSON.stringify(writes.patches)],
    );
  }
}

function createTableSql(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, doc jsonb NOT NULL)`;
}

/**
 * Deterministic (so IF NOT EXISTS makes ensureCollection idempotent), unique per field and within PostgreSQL's
 * 63-character identifier limit whatever the path length; field names are case-sensitive, identifiers are not,
 * hence a hash rather than the path itself.
 */
function indexName(table: string, field: FieldPath, kind: 'btree' | 'trgm' = 'btree'): string {
  const hash = createHash('sha256').update(`v1:${field.dotted}`).digest('hex').slice(0, 12);
  return kind === 'btree' ? `${table}_ix_${hash}` : `${table}_tx_${hash}`;
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    projection: row.projection,
    version: Number(row.version),
    position: Number(row.position),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function fieldSql(name: string, type: FieldType, params: SqlParameters): string {
  const key = params.add(name);
  if (type === 'string') return `doc ->> ${key}`;
  if (type === 'number') return `CASE WHEN jsonb_typeof(doc -> ${key}) = 'number' THEN (doc -> ${key})::float8 END`;
  return `doc -> ${key}`;
}
