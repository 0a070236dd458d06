/**
 * SQL-adapter specifics the shared contract cannot see: how many statements apply() issues (the rebuild
 * throughput depends on it), that filters and sorts on declared fields can use the expression indexes, and how the
 * store shares its SqlClient.
 */
import { sqlBackends, TestDatabase } from '../test-support/databases';
import { SqlClient, SqlExecutor } from '../sql/sql-client';
import { Filter, FindOptions, WriteOperation } from './read-store.port';
import { SqlReadStore } from './sql-read-store';

interface RecordedStatement {
  sql: string;
  params: unknown[];
}

/** Wraps a client to record every statement, inside transactions too. */
function recordingClient(client: SqlClient, statements: RecordedStatement[]): SqlClient {
  const record = (executor: SqlExecutor): SqlExecutor => ({
    query: (sql, params) => {
      statements.push({ sql, params: params ?? [] });
      return executor.query(sql, params);
    },
  });
  return {
    dialect: client.dialect,
    query: record(client).query,
    execScript: (sql) => {
      statements.push({ sql, params: [] });
      return client.execScript(sql);
    },
    transaction: (work) => client.transaction((tx) => work(record(tx))),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

for (const backend of sqlBackends()) {
  describe(`SqlReadStore on ${backend.name}`, () => {
    let database: TestDatabase;
    let statements: RecordedStatement[];
    let store: SqlReadStore;

    beforeAll(async () => {
      database = await backend.create();
      statements = [];
      store = await SqlReadStore.create(recordingClient(database.client, statements));
    });

    afterAll(async () => {
      await store?.close();
      await database?.dispose();
    });

    it('applies 500 interleaved operations on two known collections in one statement, as if applied one by one', async () => {
      await store.ensureCollection({ name: 'bulk_a', indexes: ['n'] });
      await store.ensureCollection({ name: 'bulk_b' });
      await store.apply([
        { kind: 'upsert', collection: 'bulk_a', document: { id: 'old', n: -1, kept: true } },
        { kind: 'upsert', collection: 'bulk_b', document: { id: 'd1', n: -1 } },
      ]);
      // The plain recount: each operation applied in order to documents held in memory.
      const expected = new Map<string, Map<string, Record<string, unknown>>>([
        ['bulk_a', new Map([['old', { id: 'old', n: -1, kept: true }]])],
        ['bulk_b', new Map([['d1', { id: 'd1', n: -1 }]])],
      ]);
      const operations: WriteOperation[] = [];
      for (let index = 0; index < 500; index++) {
        const collection = index % 2 === 0 ? 'bulk_a' : 'bulk_b';
        const id = `d${index % 97}`;
        if (index % 5 === 0) operations.push({ kind: 'delete', collection, id });
        else if (index % 3 === 0) operations.push({ kind: 'patch', collection, id, changes: { n: index } });
        else operations.push({ kind: 'upsert', collection, document: { id, n: index } });
      }
      operations.push({ kind: 'patch', collection: 'bulk_a', id: 'old', changes: { n: 1 } });
      for (const operation of operations) {
        const documents = expected.get(operation.collection)!;
        if (operation.kind === 'delete') documents.delete(operation.id);
        else if (operation.kind === 'upsert') documents.set(operation.document.id, { ...operation.document });
        else if (documents.has(operation.id)) documents.set(operation.id, { ...documents.get(operation.id), ...operation.changes });
      }
      statements.length = 0;
      await store.apply(operations, { projection: 'bulk', version: 1, position: 500 });
      // Deletes, upserts and patches of both collections and the checkpoint: one statement, no transaction around it.
      expect(statements.map((statement) => statement.sql.trim().split(/\s+/)[0])).toEqual(['WITH']);
      for (const [collection, documents] of expected) {
        expect(await store.find(collection)).toEqual([...documents.values()].sort((a, b) => String(a.id).localeCompare(String(b.id))));
      }
      expect(await store.getCheckpoint('bulk')).toMatchObject({ version: 1, position: 500 });
    });

    it('creates the tables of collections it does not know in the same transaction as their first writes', async () => {
      statements.length = 0;
      await store.apply([{ kind: 'upsert', collection: 'first_seen', document: { id: 'a', n: 1 } }], {
        projection: 'first',
        version: 1,
        position: 1,
      });
      expect(statements.some((statement) => /CREATE TABLE IF NOT EXISTS rm_first_seen/.test(statement.sql))).toBe(true);
      statements.length = 0;
      await store.apply([{ kind: 'patch', collection: 'first_seen', id: 'a', changes: { n: 2 } }]);
      expect(statements).toHaveLength(1);
      expect(await store.get('first_seen', 'a')).toEqual({ id: 'a', n: 2 });
    });

    describe('query plans', () => {
      beforeAll(async () => {
        await store.ensureCollection({ name: 'planned', indexes: ['age', 'child.lastName'] });
        const operations: WriteOperation[] = Array.from({ length: 300 }, (_, index) => ({
          kind: 'upsert',
          collection: 'planned',
          document: { id: `p${index}`, age: index % 50, child: { lastName: `name${index}` } },
        }));
        await store.apply(operations);
        await database.client.query('ANALYZE rm_planned');
      });

      /** EXPLAIN of the statement find() sends, with sequential scans disabled so any usable index shows. */
      async function planOf(filter: Filter, options?: FindOptions): Promise<string> {
        statements.length = 0;
        await store.find('planned', filter, options);
        const { sql, params } = statements[statements.length - 1];
        return database.client.transaction(async (tx) => {
          await tx.query('SET LOCAL enable_seqscan = off');
          const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
          return rows.map((row) => Object.values(row)[0]).join('\n');
        });
      }

      it.each<[string, Filter, FindOptions | undefined]>([
        ['equality', { age: 7 }, undefined],
        ['a range', { age: { $gte: 10, $lt: 12 } }, undefined],
        ['$in on a dotted path', { 'child.lastName': { $in: ['name1', 'name2'] } }, undefined],
        ['an ascending sort with limit', {}, { sort: [{ field: 'age', direction: 'asc' }], limit: 5 }],
        ['a descending sort with limit', {}, { sort: [{ field: 'child.lastName', direction: 'desc' }], limit: 5 }],
      ])('%s uses the expression index', async (_label, filter, options) => {
        expect(await planOf(filter, options)).toMatch(/Index Scan.* (using|on) rm_planned_ix_/);
      });
    });

    it('filters and sorts on an alias use the indexes of its target', async () => {
      await store.ensureCollection({ name: 'aliased__g1', indexes: ['age'] });
      await store.apply(
        Array.from({ length: 300 }, (_, index) => ({
          kind: 'upsert' as const,
          collection: 'aliased__g1',
          document: { id: `a${index}`, age: index % 50 },
        })),
      );
      await database.client.query('ANALYZE rm_aliased__g1');
      await store.publishCollections([{ alias: 'aliased', target: 'aliased__g1' }]);
      for (const find of [
        () => store.find('aliased', { age: 7 }),
        () => store.find('aliased', {}, { sort: [{ field: 'age', direction: 'desc' }], limit: 5 }),
      ]) {
        statements.length = 0;
        await find();
        const { sql, params } = statements[statements.length - 1];
        expect(sql).toMatch(/FROM rm_aliased WHERE/);
        const plan = await database.client.transaction(async (tx) => {
          await tx.query('SET LOCAL enable_seqscan = off');
          const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
          return rows.map((row) => Object.values(row)[0]).join('\n');
        });
        expect(plan).toMatch(/Index Scan.* (using|on) rm_aliased__g1_ix_/);
      }
    });

    it('keeps index names of the longest collection names within PostgreSQL identifiers (no truncation)', async () => {
      const name = `${'z'.repeat(36)}__g12`;
      expect(name).toHaveLength(41);
      await store.ensureCollection({ name, indexes: ['a.b', 'c'], searchIndexes: ['a.b'] });
      const { rows } = await database.client.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`,
        [`rm_${name}`],
      );
      const { rows: trigram } = await database.client.query<{ present: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS present`,
      );
      // Primary key, two btree indexes and (with pg_trgm) one search index: names cut at 63 characters could
      // collide, and IF NOT EXISTS would then skip an index silently.
      expect(rows).toHaveLength(trigram[0].present ? 4 : 3);
      for (const { indexname } of rows) {
        expect(indexname.startsWith(`rm_${name}_`)).toBe(true);
        expect(indexname.length).toBeLessThanOrEqual(63);
      }
    });

    it('indexes declared search fields with pg_trgm when available (PostgreSQL), and searches without it (PGlite)', async () => {
      await store.ensureCollection({ name: 'searched', searchIndexes: ['cin', 'child.name'] });
      await store.apply(
        Array.from({ length: 200 }, (_, index) => ({
          kind: 'upsert' as const,
          collection: 'searched',
          document: { id: `s${index}`, cin: `PID-${String(index).padStart(4, '0')}`, child: { name: `Robin Hale${index}` } },
        })),
      );
      const { rows: extension } = await database.client.query<{ present: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS present`,
      );
      const { rows: indexes } = await database.client.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE tablename = 'rm_searched' AND indexdef LIKE '%gin_trgm_ops%'`,
      );
      expect(indexes).toHaveLength(extension[0].present ? 2 : 0);
      if (backend.name === 'PostgreSQL') expect(extension[0].present).toBe(true);
      const filter: Filter = { $or: [{ cin: { $contains: 'id-001' } }, { 'child.name': { $contains: 'HALE199' } }] };
      expect((await store.find('searched', filter)).map((d) => d.id)).toEqual([
        's10',
        's11',
        's12',
        's13',
        's14',
        's15',
        's16',
        's17',
        's18',
        's19',
        's199',
      ]);
      if (extension[0].present) {
        await database.client.query('ANALYZE rm_searched');
        statements.length = 0;
        await store.count('searched', filter);
        const { sql, params } = statements[statements.length - 1];
        const plan = await database.client.transaction(async (tx) => {
          await tx.query('SET LOCAL enable_seqscan = off');
          const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
          return rows.map((row) => Object.values(row)[0]).join('\n');
        });
        expect(plan).toMatch(/Bitmap Index Scan on rm_searched_tx_/);
      }
    });

    it('recovers when another store instance dropped a collection this one knows', async () => {
      const other = await SqlReadStore.create(database.client);
      await store.ensureCollection({ name: 'shared' });
      await other.dropCollection('shared');
      await store.apply([{ kind: 'upsert', collection: 'shared', document: { id: 'a' } }]);
      expect(await other.get('shared', 'a')).toEqual({ id: 'a' });
    });

    it('close() leaves the shared client open for its owner', async () => {
      const separate = await SqlReadStore.create(database.client);
      await separate.close();
      const { rows } = await database.client.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    });
  });
}
