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
 * Safety: only validated identifiers (collection names, field-path segments) are ever written into SQL text;
 * every value travels as a query parameter.
 */
import { createHash } from 'node:crypto';
import { SqlClient, SqlExecutor } from '../sql/sql-client';
import { Checkpoint, CollectionDefinition, Document, Filter, FindOptions, ReadStore, WriteOperation } from './read-store.port';
import { assertCollectionName, FieldPath, FilterNode, parseFieldPath, parseFilter, parseFindOptions } from './read-store-query';
import { CollectionWrites, planWrites, validateCheckpoint } from './read-store-write-plan';

const CHECKPOINTS_TABLE = 'projection_checkpoints';
/** PostgreSQL's "undefined_table": reading a collection that was never created. */
const UNDEFINED_TABLE = '42P01';

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
    await client.execScript(`
      CREATE TABLE IF NOT EXISTS ${CHECKPOINTS_TABLE} (
        projection text PRIMARY KEY,
        version integer NOT NULL,
        position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    return new SqlReadStore(client);
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    const table = tableName(definition.name);
    const searchFields = [...new Set(definition.searchIndexes ?? [])].map((path) => parseFieldPath(path, Error));
    const statements = [createTableSql(table)];
    for (const path of new Set(definition.indexes ?? [])) {
      const field = parseFieldPath(path, Error);
      // A trailing id makes "ORDER BY field, id" (the stable sort below) an index scan too.
      // NULLS FIRST matches the sort order: missing fields first ascending, last descending (backward scan).
      statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(table, field)} ON ${table} (${jsonPath(field)} NULLS FIRST, id)`);
    }
    await this.client.execScript(statements.join(';\n'));
    this.knownTables.add(table);
    if (searchFields.length > 0 && (await this.trigramSearchAvailable())) {
      // The expression is the one the $contains / $prefix filter uses, so LIKE '%text%' can use the index.
      await this.client.execScript(
        searchFields
          .map(
            (field) =>
              `CREATE INDEX IF NOT EXISTS ${indexName(table, field, 'trgm')} ON ${table} USING gin (lower(${jsonTextPath(field)}) gin_trgm_ops)`,
          )
          .join(';\n'),
      );
    }
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
    const table = tableName(name);
    await this.client.query(`DROP TABLE IF EXISTS ${table}`);
    this.knownTables.delete(table);
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
    const { sort, skip, limit } = parseFindOptions(options);
    const params = new SqlParameters();
    const where = filterSql(parseFilter(filter), params);
    // Missing values sort as the smallest: first ascending, last descending (as in MongoDB); id breaks ties.
    const orderBy = [
      ...sort.map(({ field, direction }) =>
        direction === 'asc' ? `${jsonPath(field)} ASC NULLS FIRST` : `${jsonPath(field)} DESC NULLS LAST`,
      ),
      'id ASC',
    ].join(', ');
    let sql = `SELECT doc FROM ${table} WHERE ${where} ORDER BY ${orderBy}`;
    if (limit !== undefined) sql += ` LIMIT ${params.add(limit)}`;
    if (skip > 0) sql += ` OFFSET ${params.add(skip)}`;
    const rows = await this.readRows<{ doc: T }>(sql, params.values);
    return rows.map((row) => row.doc);
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
  async apply(operations: WriteOperation[], checkpoint?: Omit<Checkpoint, 'updatedAt'>): Promise<void> {
    const plan = planWrites(operations);
    validateCheckpoint(checkpoint);
    if (plan.length === 0 && !checkpoint) return;
    try {
      await this.applyInTransaction(plan, checkpoint);
    } catch (error) {
      if (errorCode(error) !== UNDEFINED_TABLE) throw error;
      // Another store instance (a rebuild elsewhere) dropped a table this one had cached as existing. The
      // transaction rolled back, so forget the cache and run it once more, now creating the tables.
      this.knownTables.clear();
      await this.applyInTransaction(plan, checkpoint);
    }
  }

  private async applyInTransaction(plan: CollectionWrites[], checkpoint: Omit<Checkpoint, 'updatedAt'> | undefined): Promise<void> {
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
      if (checkpoint) {
        await tx.query(
          `INSERT INTO ${CHECKPOINTS_TABLE} (projection, version, position, updated_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (projection) DO UPDATE
             SET version = EXCLUDED.version, position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
          [checkpoint.projection, checkpoint.version, checkpoint.position],
        );
      }
    });
    // Only after COMMIT: a rolled-back CREATE TABLE left no table behind.
    for (const table of createdTables) this.knownTables.add(table);
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

/** The SQLSTATE of a pg or PGlite error (both expose it as `code`). */
function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function tableName(collection: string): string {
  assertCollectionName(collection);
  return `rm_${collection}`;
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

/**
 * (doc #> '{"child","lastName"}'): the jsonb value at the path, SQL NULL when missing. Segments are quoted in the
 * array literal because an unquoted segment named null would be read as a NULL element. Segments are validated
 * identifiers, so they contain no quotes or backslashes.
 */
function jsonPath(field: FieldPath): string {
  return `(doc #> '{${field.segments.map((segment) => `"${segment}"`).join(',')}}')`;
}

function jsonTextPath(field: FieldPath): string {
  return `(doc #>> '{${field.segments.map((segment) => `"${segment}"`).join(',')}}')`;
}

class SqlParameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A scalar as a jsonb parameter: JSON text cast to jsonb behaves the same on pg and PGlite. */
  addJson(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}

const SQL_COMPARISON = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function filterSql(node: FilterNode, params: SqlParameters): string {
  switch (node.kind) {
    case 'and':
      return node.children.length === 0 ? 'TRUE' : `(${node.children.map((child) => filterSql(child, params)).join(' AND ')})`;
    case 'or':
      return `(${node.children.map((child) => filterSql(child, params)).join(' OR ')})`;
    default:
      return fieldSql(node, params);
  }
}

function fieldSql(node: Exclude<FilterNode, { kind: 'and' | 'or' }>, params: SqlParameters): string {
  const value = jsonPath(node.field);
  switch (node.kind) {
    case 'eq':
      return `${value} = ${params.addJson(node.value)}`;
    case 'ne':
      return `(${value} IS NULL OR ${value} <> ${params.addJson(node.value)})`;
    case 'missingOrNull':
      return `(${value} IS NULL OR ${value} = 'null'::jsonb)`;
    case 'presentAndNotNull':
      return `(${value} IS NOT NULL AND ${value} <> 'null'::jsonb)`;
    case 'in':
      return `${value} = ANY(${params.add(node.values.map((item) => JSON.stringify(item)))}::jsonb[])`;
    case 'nin':
      return `(${value} IS NULL OR NOT (${value} = ANY(${params.add(node.values.map((item) => JSON.stringify(item)))}::jsonb[])))`;
    case 'compare':
      // jsonb orders across types (strings < numbers < booleans), so without the type check $gt: 5 would match
      // every boolean and $lt: 5 every string. The typeof name comes from a fixed set, not from the caller.
      return `(${value} ${SQL_COMPARISON[node.operator]} ${params.addJson(node.value)} AND jsonb_typeof(${value}) = '${jsonTypeOf(node.value)}')`;
    case 'prefix':
    case 'contains': {
      const literal = escapeLikePattern(node.value);
      const pattern = node.kind === 'prefix' ? `${literal}%` : `%${literal}%`;
      return `(jsonb_typeof(${value}) = 'string' AND lower(${jsonTextPath(node.field)}) LIKE lower(${params.add(pattern)}) ESCAPE '\\')`;
    }
  }
}

function jsonTypeOf(value: string | number | boolean): 'string' | 'number' | 'boolean' {
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
}

/** The caller's text is literal: %, _ and the escape character itself lose their LIKE meaning. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    projection: row.projection,
    version: Number(row.version),
    position: Number(row.position),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
