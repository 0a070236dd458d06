/**
 * The SQL read store's collection layout (which table or view serves a collection name) and its leases.
 *
 * An alias is a VIEW rm_<alias> AS SELECT id, doc FROM rm_<target>: PostgreSQL inlines it, so filters and sorts on
 * the alias use the target's indexes, and since the database resolves the view, every instance reads the new target
 * as soon as the publishing transaction commits (the DDL takes an exclusive lock on the view: a reader runs against
 * the old or the new target, never a mix or nothing). read_store_collection_links records alias → target. Triggers
 * on the view refuse every write, so a write through an alias cannot silently land in whatever it points to.
 *
 * Every layout change runs under one advisory lock, so instances publishing or dropping at once take turns.
 */
import { SqlClient, SqlExecutor } from '../sql/sql-client';
import { CollectionLink, Lease } from './read-store.port';
import { assertCollectionName } from './read-store-query';
import { validateLeaseArguments } from './read-store-write-plan';

const LINKS_TABLE = 'read_store_collection_links';
const LEASES_TABLE = 'read_store_leases';
const REFUSE_ALIAS_WRITE_FUNCTION = 'read_store_refuse_alias_write';
/** Two-key advisory lock (class, id): a key space apart from the event store's single-key locks. */
export const LAYOUT_LOCK_SQL = 'SELECT pg_advisory_xact_lock(1668378227, 2)';
/** Raised by the triggers on an alias view. */
export const ALIAS_WRITE_REFUSED = 'CRS01';
/** DROP TABLE of a table a view still reads from. */
const DEPENDENT_OBJECTS_STILL_EXIST = '2BP01';

export function tableName(collection: string): string {
  assertCollectionName(collection);
  return `rm_${collection}`;
}

/** Run by SqlReadStore.create() inside its set-up transaction, under the layout lock. */
export async function createLayoutTables(tx: SqlExecutor): Promise<void> {
  await tx.query(
    `CREATE TABLE IF NOT EXISTS ${LINKS_TABLE} (alias text PRIMARY KEY, target text NOT NULL, linked_at timestamptz NOT NULL DEFAULT now())`,
  );
  await tx.query(
    `CREATE TABLE IF NOT EXISTS ${LEASES_TABLE} (name text PRIMARY KEY, owner text NOT NULL, expires_at timestamptz NOT NULL)`,
  );
}

/** Inside the publishing transaction (the caller holds the layout lock): points each alias at its target. */
export async function linkAliases(tx: SqlExecutor, links: CollectionLink[]): Promise<void> {
  await tx.query(`CREATE OR REPLACE FUNCTION ${REFUSE_ALIAS_WRITE_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'read store: % is an alias (a view over another collection); writes name physical collections', TG_TABLE_NAME
        USING ERRCODE = '${ALIAS_WRITE_REFUSED}';
    END $$`);
  for (const { alias, target } of links) {
    const aliasTable = tableName(alias);
    const targetTable = tableName(target);
    if ((await relationKind(tx, targetTable)) !== 'r') {
      throw new Error(`publishCollections(): target "${target}" of alias "${alias}" is not a collection (create and fill it first)`);
    }
    const aliasKind = await relationKind(tx, aliasTable);
    if (aliasKind === 'v') {
      // Same columns, so the view is re-pointed in place and keeps its triggers.
      await tx.query(`CREATE OR REPLACE VIEW ${aliasTable} AS SELECT id, doc FROM ${targetTable}`);
    } else {
      // A plain table from before aliases (or a leftover): its data is replaced by the target's.
      if (aliasKind !== null) await tx.query(`DROP TABLE ${aliasTable}`);
      await tx.query(`CREATE VIEW ${aliasTable} AS SELECT id, doc FROM ${targetTable}`);
      // The row trigger makes the view not auto-updatable; the statement trigger also fires when no row matches
      // (a DELETE of absent ids), which the row trigger alone would let pass.
      await tx.query(
        `CREATE TRIGGER refuse_row_writes INSTEAD OF INSERT OR UPDATE OR DELETE ON ${aliasTable}
         FOR EACH ROW EXECUTE FUNCTION ${REFUSE_ALIAS_WRITE_FUNCTION}()`,
      );
      await tx.query(
        `CREATE TRIGGER refuse_statement_writes BEFORE INSERT OR UPDATE OR DELETE ON ${aliasTable}
         FOR EACH STATEMENT EXECUTE FUNCTION ${REFUSE_ALIAS_WRITE_FUNCTION}()`,
      );
    }
    await tx.query(
      `INSERT INTO ${LINKS_TABLE} (alias, target, linked_at) VALUES ($1, $2, now())
       ON CONFLICT (alias) DO UPDATE SET target = EXCLUDED.target, linked_at = EXCLUDED.linked_at`,
      [alias, target],
    );
  }
}

/** Drops a plain collection, or unlinks an alias (its view goes, its target stays). */
export async function dropCollectionOrAlias(client: SqlClient, name: string): Promise<void> {
  const table = tableName(name);
  try {
    await client.transaction(async (tx) => {
      await tx.query(LAYOUT_LOCK_SQL);
      const kind = await relationKind(tx, table);
      if (kind === 'v') await tx.query(`DROP VIEW ${table}`);
      else if (kind !== null) await tx.query(`DROP TABLE ${table}`);
      await tx.query(`DELETE FROM ${LINKS_TABLE} WHERE alias = $1`, [name]);
    });
  } catch (error) {
    if (errorCode(error) !== DEPENDENT_OBJECTS_STILL_EXIST) throw error;
    const aliases = (await linksWhere(client, 'target', [name])).map((link) => `"${link.alias}"`);
    throw new Error(`Cannot drop read-store collection "${name}": ${aliases.join(', ')} read(s) from it; re-point or drop the alias first`);
  }
}

export async function collectionTargetOf(client: SqlClient, alias: string): Promise<string | null> {
  assertCollectionName(alias);
  return (await linksWhere(client, 'alias', [alias]))[0]?.target ?? null;
}

export async function linksWhere(client: SqlExecutor, column: 'alias' | 'target', names: string[]): Promise<CollectionLink[]> {
  const { rows } = await client.query<CollectionLink>(
    `SELECT alias, target FROM ${LINKS_TABLE} WHERE ${column} = ANY($1::text[]) ORDER BY alias`,
    [names],
  );
  return rows;
}

/** 'r' (table), 'v' (view), another pg_class kind, or null when no relation has that name. */
async function relationKind(tx: SqlExecutor, table: string): Promise<string | null> {
  const { rows } = await tx.query<{ kind: string }>(`SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass($1)`, [table]);
  return rows[0]?.kind ?? null;
}

/**
 * One statement on the database clock (instances on different hosts agree on expiry): ON CONFLICT locks the row and
 * re-checks the condition on its latest version, so two instances racing for a free or expired lease cannot both win.
 */
export async function tryAcquireLease(client: SqlClient, name: string, owner: string, ttlMs: number): Promise<boolean> {
  validateLeaseArguments(name, owner, ttlMs);
  const { rows } = await client.query(
    `INSERT INTO ${LEASES_TABLE} AS lease (name, owner, expires_at)
     VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE lease.owner = EXCLUDED.owner OR lease.expires_at <= clock_timestamp()
     RETURNING owner`,
    [name, owner, ttlMs],
  );
  return rows.length === 1;
}

export async function releaseLease(client: SqlClient, name: string, owner: string): Promise<void> {
  validateLeaseArguments(name, owner);
  await client.query(`DELETE FROM ${LEASES_TABLE} WHERE name = $1 AND owner = $2`, [name, owner]);
}

export async function getLease(client: SqlClient, name: string): Promise<Lease | null> {
  validateLeaseArguments(name);
  const { rows } = await client.query<{ name: string; owner: string; expires_at: Date | string }>(
    `SELECT name, owner, expires_at FROM ${LEASES_TABLE} WHERE name = $1 AND expires_at > clock_timestamp()`,
    [name],
  );
  const row = rows[0];
  return row ? { name: row.name, owner: row.owner, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

/** The SQLSTATE of a pg or PGlite error (both expose it as `code`). */
export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
