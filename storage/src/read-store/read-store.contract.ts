/**
 * The behaviour every ReadStore adapter must show. read-store.contract.spec.ts runs it against each adapter on a
 * fresh database; a new adapter passes this before it is used.
 *
 * Each test works in collections of its own (see newCollection), so tests do not depend on one another.
 */
import { Document, Filter, FindOptions, InvalidFilterError, ReadStore, WriteOperation } from './read-store.port';

export interface ReadStoreUnderTest {
  store: ReadStore;
  dispose(): Promise<void>;
}

export function readStoreContract(adapterName: string, createStore: () => Promise<ReadStoreUnderTest>): void {
  describe(`${adapterName} read store contract`, () => {
    let subject: ReadStoreUnderTest;
    let store: ReadStore;
    let collectionCounter = 0;

    beforeAll(async () => {
      subject = await createStore();
      store = subject.store;
    });

    afterAll(async () => {
      await subject?.dispose();
    });

    /** A collection no other test touches. */
    async function newCollection(indexes: string[] = [], searchIndexes?: string[]): Promise<string> {
      collectionCounter += 1;
      const name = `c${collectionCounter}`;
      await store.ensureCollection({ name, indexes, searchIndexes });
      return name;
    }

    async function upsertAll(collection: string, documents: Document[]): Promise<void> {
      await store.apply(documents.map((document) => ({ kind: 'upsert', collection, document })));
    }

    const ids = (documents: Document[]) => documents.map((document) => document.id);

    describe('documents', () => {
      it('upserts and gets a document, nested values and types intact', async () => {
        const collection = await newCollection();
        const document = {
          id: 'child-1',
          name: 'Ada',
          age: 7,
          ratio: 0.25,
          active: true,
          nickname: null,
          child: { lastName: 'Lovelace', tags: ['a', 'b'] },
        };
        await upsertAll(collection, [document]);
        expect(await store.get(collection, 'child-1')).toEqual(document);
        expect(await store.get(collection, 'absent')).toBeNull();
      });

      it('replaces the whole document on a second upsert', async () => {
        const collection = await newCollection();
        await upsertAll(collection, [{ id: 'a', name: 'first', extra: 1 }]);
        await upsertAll(collection, [{ id: 'a', name: 'second' }]);
        expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'second' });
      });

      it('getMany returns found documents in the order asked, skipping missing and repeated ids', async () => {
        const collection = await newCollection();
        await upsertAll(collection, [
          { id: 'a', n: 1 },
          { id: 'b', n: 2 },
          { id: 'c', n: 3 },
        ]);
        expect(ids(await store.getMany(collection, ['c', 'missing', 'a', 'c']))).toEqual(['c', 'a']);
        expect(await store.getMany(collection, [])).toEqual([]);
      });

      it('patch merges top-level fields shallowly and leaves other fields alone', async () => {
        const collection = await newCollection();
        await upsertAll(collection, [{ id: 'a', name: 'Ada', child: { first: 'x', last: 'y' }, keep: 1 }]);
        await store.apply([{ kind: 'patch', collection, id: 'a', changes: { name: 'Grace', child: { first: 'z' }, added: null } }]);
        // Nested objects are replaced, not merged; null is stored as a value.
        expect(await store.get(collection, 'a')).toEqual({
          id: 'a',
          name: 'Grace',
          child: { first: 'z' },
          keep: 1,
          added: null,
        });
      });

      it('patch of a missing document is a no-op', async () => {
        const collection = await newCollection();
        await store.apply([{ kind: 'patch', collection, id: 'ghost', changes: { name: 'x' } }]);
        expect(await store.get(collection, 'ghost')).toBeNull();
        expect(await store.count(collection)).toBe(0);
      });

      it('patch fields given as undefined are left unchanged', async () => {
        const collection = await newCollection();
        await upsertAll(collection, [{ id: 'a', name: 'Ada', age: 3 }]);
        await store.apply([{ kind: 'patch', collection, id: 'a', changes: { name: undefined, age: 4 } }]);
        expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Ada', age: 4 });
      });

      it('deletes documents; deleting a missing one is a no-op', async () => {
        const collection = await newCollection();
        await upsertAll(collection, [{ id: 'a' }, { id: 'b' }]);
        await store.apply([
          { kind: 'delete', collection, id: 'a' },
          { kind: 'delete', collection, id: 'never-existed' },
        ]);
        expect(await store.get(collection, 'a')).toBeNull();
        expect(ids(await store.find(collection))).toEqual(['b']);
      });

      it('applies operations on the same document in the given order', async () => {
        const collection = await newCollection();
        await upsertAll(collection, [{ id: 'stored', v: 0, keep: true }]);
        await store.apply([
          { kind: 'upsert', collection, document: { id: 'a', v: 1 } },
          { kind: 'patch', collection, id: 'a', changes: { v: 2, w: 1 } },
          { kind: 'delete', collection, id: 'a' },
          { kind: 'patch', collection, id: 'a', changes: { v: 3 } }, // after the delete: no-op
          { kind: 'upsert', collection, document: { id: 'b', v: 1 } },
          { kind: 'delete', collection, id: 'b' },
          { kind: 'upsert', collection, document: { id: 'b', v: 2 } },
          { kind: 'patch', collection, id: 'b', changes: { w: 5 } },
          { kind: 'patch', collection, id: 'stored', changes: { v: 1 } },
          { kind: 'patch', collection, id: 'stored', changes: { v: 2, x: 1 } },
        ]);
        expect(await store.get(collection, 'a')).toBeNull();
        expect(await store.get(collection, 'b')).toEqual({ id: 'b', v: 2, w: 5 });
        expect(await store.get(collection, 'stored')).toEqual({ id: 'stored', v: 2, keep: true, x: 1 });
      });

      it('a large interleaved batch ends in the same state as applying its operations one by one', async () => {
        const collections = [await newCollection(), await newCollection()];
        const random = seededRandom(42);
        const operations: WriteOperation[] = [];
        for (let index = 0; index < 600; index++) {
          const collection = collections[Math.floor(random() * collections.length)];
          const id = `d${Math.floor(random() * 40)}`;
          const roll = random();
          if (roll < 0.45) {
            operations.push({ kind: 'upsert', collection, document: { id, seq: index, nested: { at: index } } });
          } else if (roll < 0.85) {
            operations.push({ kind: 'patch', collection, id, changes: { [`f${index % 3}`]: index, seq: index } });
          } else {
            operations.push({ kind: 'delete', collection, id });
          }
        }
        // Seed part of the ids first so patches also hit documents stored before the batch.
        const seed: WriteOperation[] = collections.flatMap((collection) =>
          Array.from({ length: 20 }, (_, index) => ({
            kind: 'upsert' as const,
            collection,
            document: { id: `d${index * 2}`, seeded: true },
          })),
        );
        await store.apply(seed);
        await store.apply(operations, { projection: 'batch-check', version: 1, position: 600 });

        const expected = applyInMemory([...seed, ...operations]);
        for (const collection of collections) {
          const expectedDocuments = [...(expected.get(collection)?.values() ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1));
          expect(await store.find(collection, {}, { sort: [{ field: 'id', direction: 'asc' }] })).toEqual(expectedDocuments);
        }
        expect((await store.getCheckpoint('batch-check'))?.position).toBe(600);
      });

      it('treats a collection that was never created as empty, and creates it on first write', async () => {
        collectionCounter += 1;
        const collection = `never_ensured_${collectionCounter}`;
        expect(await store.get(collection, 'a')).toBeNull();
        expect(await store.getMany(collection, ['a'])).toEqual([]);
        expect(await store.find(collection, { name: 'x' })).toEqual([]);
        expect(await store.count(collection)).toBe(0);
        await upsertAll(collection, [{ id: 'a', name: 'x' }]);
        expect(await store.find(collection, { name: 'x' })).toEqual([{ id: 'a', name: 'x' }]);
      });

      it('rejects invalid collection names everywhere', async () => {
        for (const name of ['Bad', 'has space', '1abc', 'a-b', "x'; drop table rm_c1; --", '', 'a'.repeat(42)]) {
          await expect(store.ensureCollection({ name })).rejects.toThrow(/collection name/);
          await expect(store.find(name)).rejects.toThrow(/collection name/);
          await expect(store.get(name, 'a')).rejects.toThrow(/collection name/);
          await expect(store.dropCollection(name)).rejects.toThrow(/collection name/);
        }
        await expect(store.ensureCollection({ name: 'a'.repeat(41) })).resolves.toBeUndefined();
      });

      it('rejects malformed write operations before writing anything', async () => {
        const collection = await newCollection();
        const bad: WriteOperation[][] = [
          [{ kind: 'upsert', collection, document: { id: '' } }],
          [{ kind: 'upsert', collection, document: { id: 5 } as unknown as Document }],
          [{ kind: 'patch', collection, id: 'a', changes: { 'a.b': 1 } }],
          [{ kind: 'patch', collection, id: 'a', changes: { $set: 1 } }],
          [{ kind: 'patch', collection, id: 'a', changes: { id: 'other' } }],
          [{ kind: 'explode', collection, id: 'a' } as unknown as WriteOperation],
        ];
        for (const operations of bad) {
          await expect(store.apply([{ kind: 'upsert', collection, document: { id: 'ok' } }, ...operations])).rejects.toThrow();
        }
        expect(await store.count(collection)).toBe(0);
      });
    });

    describe('filters', () => {
      let collection: string;
      const people: Document[] = [
        { id: 'p1', name: 'Alice', age: 9, code: '9', score: 10.5, active: true, child: { lastName: 'Smith', age: 3 }, nickname: 'Ally' },
        { id: 'p2', name: 'bob', age: 10, code: '10', score: 3, active: false, child: { lastName: 'Jones', age: 12 }, nickname: null },
        { id: 'p3', name: 'Carol', age: 100, code: '100', score: -2, active: true, child: { lastName: 'smithers' } },
        { id: 'p4', name: 'dave', age: 25, code: '25', active: false, label: '50% off_now', child: null },
        { id: 'p5', name: 'Eve', age: 5, code: 'abc', label: '50 percent offxnow', path: 'C:\\temp\\x' },
        { id: 'p6', name: 'frank', age: '30', label: 'Back\\slash and %percent' },
      ];

      beforeAll(async () => {
        // Search indexes on the fields $prefix / $contains run on: an index must not change any result.
        collection = await newCollection(['age', 'name', 'child.lastName'], ['name', 'label', 'child.lastName', 'age']);
        await upsertAll(collection, people);
      });

      async function expectMatches(filter: Filter, expectedIds: string[]): Promise<void> {
        const found = await store.find(collection, filter);
        expect(ids(found)).toEqual(expectedIds); // default order: id ascending
        expect(await store.count(collection, filter)).toBe(expectedIds.length);
      }

      it('empty filter matches everything in id order', async () => {
        await expectMatches({}, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
        expect(ids(await store.find(collection))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
        expect(await store.count(collection)).toBe(6);
      });

      it('bare values mean equality, typed: number 30 does not match string "30"', async () => {
        await expectMatches({ name: 'bob' }, ['p2']);
        await expectMatches({ age: 10 }, ['p2']);
        await expectMatches({ age: 30 }, []);
        await expectMatches({ age: '30' }, ['p6']);
        await expectMatches({ active: true }, ['p1', 'p3']);
        await expectMatches({ active: false }, ['p2', 'p4']);
        await expectMatches({ score: 10.5 }, ['p1']);
        await expectMatches({ id: 'p3' }, ['p3']);
      });

      it('equality is case-sensitive', async () => {
        await expectMatches({ name: 'alice' }, []);
        await expectMatches({ name: { $eq: 'Alice' } }, ['p1']);
      });

      it('dotted paths reach into nested objects', async () => {
        await expectMatches({ 'child.lastName': 'Smith' }, ['p1']);
        await expectMatches({ 'child.age': { $gte: 3 } }, ['p1', 'p2']);
        await expectMatches({ 'child.lastName': null }, ['p4', 'p5', 'p6']);
      });

      it('null (bare or $eq) matches missing or null; $ne null and $exists match present non-null', async () => {
        await expectMatches({ nickname: null }, ['p2', 'p3', 'p4', 'p5', 'p6']);
        await expectMatches({ nickname: { $eq: null } }, ['p2', 'p3', 'p4', 'p5', 'p6']);
        await expectMatches({ nickname: { $ne: null } }, ['p1']);
        await expectMatches({ nickname: { $exists: true } }, ['p1']);
        await expectMatches({ nickname: { $exists: false } }, ['p2', 'p3', 'p4', 'p5', 'p6']);
        await expectMatches({ child: { $exists: false } }, ['p4', 'p5', 'p6']);
        await expectMatches({ label: { $exists: true } }, ['p4', 'p5', 'p6']);
      });

      it('$ne includes documents without the field', async () => {
        await expectMatches({ active: { $ne: true } }, ['p2', 'p4', 'p5', 'p6']);
        await expectMatches({ name: { $ne: 'bob' } }, ['p1', 'p3', 'p4', 'p5', 'p6']);
      });

      it('$in / $nin, $nin including documents without the field', async () => {
        await expectMatches({ age: { $in: [9, 25, '30'] } }, ['p1', 'p4', 'p6']);
        await expectMatches({ name: { $in: ['bob', 'Eve', 'nobody'] } }, ['p2', 'p5']);
        await expectMatches({ age: { $in: [] } }, []);
        await expectMatches({ id: { $in: ['p2', 'p5', 'nobody'] } }, ['p2', 'p5']);
        await expectMatches({ id: { $in: [] } }, []);
        await expectMatches({ score: { $nin: [3, 10.5] } }, ['p3', 'p4', 'p5', 'p6']);
        await expectMatches({ active: { $nin: [true] } }, ['p2', 'p4', 'p5', 'p6']);
        await expectMatches({ age: { $nin: [] } }, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      });

      it('numbers compare numerically (9 < 10 < 100) and only with numbers', async () => {
        await expectMatches({ age: { $gt: 9 } }, ['p2', 'p3', 'p4']); // "30" is a string: not compared
        await expectMatches({ age: { $gte: 9 } }, ['p1', 'p2', 'p3', 'p4']);
        await expectMatches({ age: { $lt: 10 } }, ['p1', 'p5']);
        await expectMatches({ age: { $lte: 10 } }, ['p1', 'p2', 'p5']);
        await expectMatches({ age: { $gte: 9, $lt: 100 } }, ['p1', 'p2', 'p4']);
        await expectMatches({ score: { $lt: 0 } }, ['p3']);
        await expectMatches({ score: { $gt: 3.5 } }, ['p1']);
      });

      it('strings compare lexically ("10" < "9") and only with strings', async () => {
        await expectMatches({ code: { $lt: '9' } }, ['p2', 'p3', 'p4']);
        await expectMatches({ code: { $gte: '9' } }, ['p1', 'p5']);
        await expectMatches({ age: { $gt: '0' } }, ['p6']); // numbers are not compared with strings
        // Digits only: the order of letters across cases depends on the PostgreSQL collation.
        await expectMatches({ code: { $gte: '10', $lt: '25' } }, ['p2', 'p3']);
      });

      it('booleans compare as false < true', async () => {
        await expectMatches({ active: { $gt: false } }, ['p1', 'p3']);
        await expectMatches({ active: { $lte: false } }, ['p2', 'p4']);
      });

      it('$prefix is case-insensitive and only matches strings', async () => {
        await expectMatches({ name: { $prefix: 'a' } }, ['p1']);
        await expectMatches({ name: { $prefix: 'CAR' } }, ['p3']);
        await expectMatches({ 'child.lastName': { $prefix: 'SMITH' } }, ['p1', 'p3']);
        await expectMatches({ code: { $prefix: '1' } }, ['p2', 'p3']);
        await expectMatches({ age: { $prefix: '1' } }, []); // numbers are not strings
        await expectMatches({ name: { $prefix: '' } }, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      });

      it('$contains is case-insensitive', async () => {
        await expectMatches({ name: { $contains: 'O' } }, ['p2', 'p3']);
        await expectMatches({ 'child.lastName': { $contains: 'ITH' } }, ['p1', 'p3']);
        await expectMatches({ name: { $contains: 'zzz' } }, []);
      });

      it('%, _, backslash and regex characters in $prefix / $contains are literal', async () => {
        await expectMatches({ label: { $prefix: '50%' } }, ['p4']);
        await expectMatches({ label: { $contains: '% off_' } }, ['p4']);
        await expectMatches({ label: { $contains: 'off_now' } }, ['p4']); // _ is not "any character"
        await expectMatches({ label: { $contains: '%' } }, ['p4', 'p6']);
        await expectMatches({ label: { $contains: '_' } }, ['p4']);
        await expectMatches({ path: { $contains: ':\\temp\\' } }, ['p5']);
        await expectMatches({ label: { $contains: 'k\\s' } }, ['p6']);
        await expectMatches({ label: { $contains: '.*' } }, []);
        await expectMatches({ name: { $prefix: '(' } }, []);
      });

      it('several fields are ANDed', async () => {
        await expectMatches({ active: true, age: { $gt: 50 } }, ['p3']);
        await expectMatches({ active: false, name: { $prefix: 'D' } }, ['p4']);
      });

      it('$or, $and and nesting', async () => {
        await expectMatches({ $or: [{ name: 'bob' }, { age: { $gte: 100 } }] }, ['p2', 'p3']);
        await expectMatches({ $and: [{ age: { $gte: 9 } }, { age: { $lte: 25 } }] }, ['p1', 'p2', 'p4']);
        await expectMatches(
          {
            active: { $exists: true },
            $or: [{ $and: [{ active: true }, { age: { $lt: 50 } }] }, { 'child.lastName': 'Jones' }],
          },
          ['p1', 'p2'],
        );
        await expectMatches({ $or: [{ nickname: null }, { name: 'Alice' }], age: { $lt: 10 } }, ['p1', 'p5']);
      });

      it('undefined conditions are ignored', async () => {
        await expectMatches({ name: undefined, age: { $gte: 25, $lt: undefined } }, ['p3', 'p4']);
      });

      it('a value that looks like SQL is just a value', async () => {
        await expectMatches({ name: "x'); DROP TABLE rm_c1; --" }, []);
        await expectMatches({ name: { $contains: "'; --" } }, []);
        expect(await store.count(collection)).toBe(6);
      });
    });

    describe('sorting and paging', () => {
      let collection: string;

      beforeAll(async () => {
        collection = await newCollection(['rank', 'group']);
        await upsertAll(collection, [
          { id: 'e', group: 'b', rank: 10 },
          { id: 'a', group: 'a', rank: 9 },
          { id: 'd', group: 'b', rank: 100 },
          { id: 'c', group: 'a', rank: 10 },
          { id: 'b', group: 'b', rank: 10 },
          { id: 'f', group: 'a' },
        ]);
      });

      const sorted = async (options: FindOptions, filter: Filter = {}) => ids(await store.find(collection, filter, options));

      it('sorts numbers numerically, missing values first ascending and last descending, ties by id', async () => {
        expect(await sorted({ sort: [{ field: 'rank', direction: 'asc' }] })).toEqual(['f', 'a', 'b', 'c', 'e', 'd']);
        expect(await sorted({ sort: [{ field: 'rank', direction: 'desc' }] })).toEqual(['d', 'b', 'c', 'e', 'a', 'f']);
      });

      it('sorts on several fields with mixed directions', async () => {
        expect(
          await sorted({
            sort: [
              { field: 'group', direction: 'asc' },
              { field: 'rank', direction: 'desc' },
            ],
          }),
        ).toEqual(['c', 'a', 'f', 'd', 'b', 'e']);
        expect(
          await sorted({
            sort: [
              { field: 'group', direction: 'desc' },
              { field: 'rank', direction: 'asc' },
            ],
          }),
        ).toEqual(['b', 'e', 'd', 'f', 'a', 'c']);
      });

      it('sorts by id in either direction', async () => {
        expect(await sorted({ sort: [{ field: 'id', direction: 'desc' }] })).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
      });

      it('skip and limit page through a stable order', async () => {
        const sort: FindOptions['sort'] = [{ field: 'rank', direction: 'asc' }];
        expect(await sorted({ sort, limit: 2 })).toEqual(['f', 'a']);
        expect(await sorted({ sort, skip: 2, limit: 2 })).toEqual(['b', 'c']);
        expect(await sorted({ sort, skip: 4, limit: 10 })).toEqual(['e', 'd']);
        expect(await sorted({ sort, skip: 10 })).toEqual([]);
        expect(await sorted({ sort, limit: 0 })).toEqual([]);
        expect(await sorted({ skip: 1, limit: 2 })).toEqual(['b', 'c']); // default order: id
      });

      it('reads only the chosen top-level fields (and id) with their types, missing ones as null, with filter, sort and paging', async () => {
        const found = await store.find(
          collection,
          { group: 'b' },
          { sort: [{ field: 'rank', direction: 'asc' }], fields: { rank: 'number', group: 'string', absent: 'json' } },
        );
        expect(found).toEqual([
          { id: 'b', rank: 10, group: 'b', absent: null },
          { id: 'e', rank: 10, group: 'b', absent: null },
          { id: 'd', rank: 100, group: 'b', absent: null },
        ]);
        expect(await store.find(collection, { id: 'f' }, { fields: { id: 'string', rank: 'number' } })).toEqual([{ id: 'f', rank: null }]);
        expect(await store.find(collection, { group: 'b' }, { fields: {} })).toEqual([{ id: 'b' }, { id: 'd' }, { id: 'e' }]);
        // Another type than declared: a number field reads null, a string field the JSON text.
        expect(await store.find(collection, { id: 'a' }, { fields: { group: 'number', rank: 'string' } })).toEqual([
          { id: 'a', group: null, rank: '9' },
        ]);
        await expect(store.find(collection, {}, { fields: { 'group.name': 'string' } })).rejects.toThrow(InvalidFilterError);
        await expect(store.find(collection, {}, { fields: { "x'); drop table y; --": 'string' } })).rejects.toThrow(InvalidFilterError);
        await expect(store.find(collection, {}, { fields: { rank: 'date' as 'json' } })).rejects.toThrow(InvalidFilterError);
      });

      it('reads in any order when asked (the same documents as sorted), and refuses anyOrder with sort or skip', async () => {
        const sortedIds = (found: Document[]) => found.map((d) => d.id).sort();
        const unordered = await store.find(collection, { group: 'b' }, { anyOrder: true, fields: { rank: 'number' } });
        expect(sortedIds(unordered)).toEqual(['b', 'd', 'e']);
        expect(sortedIds(await store.find(collection, {}, { anyOrder: true }))).toEqual(sortedIds(await store.find(collection)));
        expect(await store.find(collection, {}, { anyOrder: true, limit: 0 })).toEqual([]);
        const sort: FindOptions['sort'] = [{ field: 'rank', direction: 'asc' }];
        await expect(store.find(collection, {}, { anyOrder: true, sort })).rejects.toThrow(InvalidFilterError);
        await expect(store.find(collection, {}, { anyOrder: true, skip: 1 })).rejects.toThrow(InvalidFilterError);
        await expect(store.find(collection, {}, { anyOrder: 'yes' as unknown as boolean })).rejects.toThrow(InvalidFilterError);
      });

      it('combines filter, sort and paging; count ignores paging', async () => {
        const filter = { group: 'b' };
        expect(await sorted({ sort: [{ field: 'rank', direction: 'desc' }], limit: 2 }, filter)).toEqual(['d', 'b']);
        expect(await store.count(collection, filter)).toBe(3);
      });
    });

    describe('invalid filters and options', () => {
      let collection: string;

      beforeAll(async () => {
        collection = await newCollection();
        await upsertAll(collection, [{ id: 'a', name: 'x' }]);
      });

      const invalidFilters: Array<[string, unknown]> = [
        ['unknown field operator', { name: { $regex: '.*' } }],
        ['unknown top-level operator', { $where: 'true' }],
        ['$not is not supported', { $not: { name: 'x' } }],
        ['injection in a field path', { "a'); drop table x; --": 1 }],
        ['path with a dash', { 'first-name': 'x' }],
        ['path with an empty segment', { 'a..b': 1 }],
        ['path starting with a digit', { '1a': 1 }],
        ['object value for equality', { name: { first: 'x' } }],
        ['array value for equality', { name: ['x'] }],
        ['$in without an array', { name: { $in: 'x' } }],
        ['$in with an object element', { name: { $in: [{}] } }],
        ['$in with null', { name: { $in: [null] } }],
        ['$gt with null', { age: { $gt: null } }],
        ['$gt with an object', { age: { $gt: {} } }],
        ['NaN', { age: Number.NaN }],
        ['Infinity', { age: { $lt: Number.POSITIVE_INFINITY } }],
        ['$prefix with a number', { name: { $prefix: 1 } }],
        ['$exists with a string', { name: { $exists: 'yes' } }],
        ['$or not an array', { $or: { name: 'x' } }],
        ['empty $and', { $and: [] }],
        ['$or with a non-object', { $or: ['x'] }],
        ['filter that is an array', [{ name: 'x' }]],
        ['Date value', { name: new Date() }],
      ];

      it.each(invalidFilters)('find and count reject %s with InvalidFilterError', async (_label, filter) => {
        await expect(store.find(collection, filter as Filter)).rejects.toBeInstanceOf(InvalidFilterError);
        await expect(store.count(collection, filter as Filter)).rejects.toBeInstanceOf(InvalidFilterError);
      });

      const invalidOptions: Array<[string, unknown]> = [
        ['sort field injection', { sort: [{ field: 'a; drop table x', direction: 'asc' }] }],
        ['sort direction', { sort: [{ field: 'name', direction: 'up' }] }],
        ['sort not an array', { sort: { field: 'name', direction: 'asc' } }],
        ['negative limit', { limit: -1 }],
        ['fractional skip', { skip: 1.5 }],
        ['string limit', { limit: '10' }],
      ];

      it.each(invalidOptions)('find rejects %s with InvalidFilterError', async (_label, options) => {
        await expect(store.find(collection, {}, options as FindOptions)).rejects.toBeInstanceOf(InvalidFilterError);
      });

      it('the store is intact after the injection attempts', async () => {
        expect(await store.find(collection, { name: 'x' })).toEqual([{ id: 'a', name: 'x' }]);
      });

      it('ensureCollection rejects invalid index paths', async () => {
        await expect(store.ensureCollection({ name: collection, indexes: ["a'); drop table x; --"] })).rejects.toThrow(/field path/);
        expect(await store.count(collection)).toBe(1);
      });

      it('ensureCollection rejects invalid search index paths', async () => {
        await expect(store.ensureCollection({ name: collection, searchIndexes: ["a')); drop table x; --"] })).rejects.toThrow(/field path/);
        expect(await store.count(collection)).toBe(1);
      });
    });

    describe('atomicity and checkpoints', () => {
      it('a failure midway writes neither earlier operations nor the checkpoint', async () => {
        const collection = await newCollection();
        const other = await newCollection();
        await upsertAll(collection, [{ id: 'existing', v: 1 }]);
        await expect(
          store.apply(
            [
              { kind: 'upsert', collection, document: { id: 'new', v: 1 } },
              { kind: 'patch', collection, id: 'existing', changes: { v: 2 } },
              { kind: 'delete', collection: other, id: 'whatever' },
              { kind: 'upsert', collection: other, document: { id: 'o', v: 1 } },
              { kind: 'upsert', collection: 'Invalid Name!', document: { id: 'x' } },
            ],
            { projection: 'atomic-check', version: 1, position: 10 },
          ),
        ).rejects.toThrow(/collection name/);
        expect(await store.get(collection, 'new')).toBeNull();
        expect(await store.get(collection, 'existing')).toEqual({ id: 'existing', v: 1 });
        expect(await store.count(other)).toBe(0);
        expect(await store.getCheckpoint('atomic-check')).toBeNull();
      });

      it('a failed apply into a collection it would have created leaves the store usable', async () => {
        collectionCounter += 1;
        const fresh = `fresh_${collectionCounter}`;
        await expect(
          store.apply([
            { kind: 'upsert', collection: fresh, document: { id: 'a' } },
            { kind: 'upsert', collection: 'BAD', document: { id: 'b' } },
          ]),
        ).rejects.toThrow(/collection name/);
        expect(await store.count(fresh)).toBe(0);
        await upsertAll(fresh, [{ id: 'a' }]);
        expect(await store.count(fresh)).toBe(1);
      });

      it('stores the checkpoint with the operations', async () => {
        const collection = await newCollection();
        const before = Date.now();
        await store.apply([{ kind: 'upsert', collection, document: { id: 'a' } }], {
          projection: 'with-ops',
          version: 3,
          position: 42,
        });
        const checkpoint = await store.getCheckpoint('with-ops');
        expect(checkpoint).toMatchObject({ projection: 'with-ops', version: 3, position: 42 });
        // updatedAt is an ISO timestamp taken by the store (allow for clock differences with a server).
        expect(checkpoint!.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
        expect(Math.abs(Date.parse(checkpoint!.updatedAt) - before)).toBeLessThan(5 * 60_000);
        expect(await store.get(collection, 'a')).toEqual({ id: 'a' });
      });

      it('round-trips, overwrites, lists and deletes checkpoints', async () => {
        expect(await store.getCheckpoint('proj-b')).toBeNull();
        await store.apply([], { projection: 'proj-b', version: 1, position: 5 });
        await store.apply([], { projection: 'proj-a', version: 2, position: 2 ** 40 });
        await store.apply([], { projection: 'proj-b', version: 2, position: 7 });
        expect(await store.getCheckpoint('proj-b')).toMatchObject({ projection: 'proj-b', version: 2, position: 7 });
        const listed = (await store.listCheckpoints()).filter((checkpoint) => checkpoint.projection.startsWith('proj-'));
        expect(listed.map(({ projection, version, position }) => ({ projection, version, position }))).toEqual([
          { projection: 'proj-a', version: 2, position: 2 ** 40 },
          { projection: 'proj-b', version: 2, position: 7 },
        ]);
        await store.deleteCheckpoint('proj-b');
        await store.deleteCheckpoint('proj-never');
        expect(await store.getCheckpoint('proj-b')).toBeNull();
        expect(await store.getCheckpoint('proj-a')).not.toBeNull();
      });

      it('apply with no operations and no checkpoint does nothing', async () => {
        await expect(store.apply([])).resolves.toBeUndefined();
      });
    });

    describe('collections', () => {
      it('ensureCollection is idempotent and keeps documents', async () => {
        const collection = await newCollection(['name', 'child.age']);
        await upsertAll(collection, [{ id: 'a', name: 'x', child: { age: 3 } }]);
        await store.ensureCollection({ name: collection, indexes: ['name', 'child.age'] });
        await store.ensureCollection({ name: collection, indexes: ['name', 'child.age', 'other', 'name'] });
        await store.ensureCollection({ name: collection });
        expect(await store.find(collection, { 'child.age': { $gte: 3 } })).toEqual([{ id: 'a', name: 'x', child: { age: 3 } }]);
      });

      it('dropCollection removes the documents; dropping again is fine; the collection can be recreated', async () => {
        const collection = await newCollection(['name']);
        await upsertAll(collection, [{ id: 'a', name: 'x' }]);
        await store.dropCollection(collection);
        expect(await store.count(collection)).toBe(0);
        expect(await store.get(collection, 'a')).toBeNull();
        await store.dropCollection(collection);
        await store.ensureCollection({ name: collection, indexes: ['name'] });
        expect(await store.count(collection)).toBe(0);
        await upsertAll(collection, [{ id: 'b', name: 'y' }]);
        expect(await store.find(collection, { name: 'y' })).toEqual([{ id: 'b', name: 'y' }]);
      });

      it('dropCollection leaves other collections and checkpoints alone', async () => {
        const dropped = await newCollection();
        const kept = await newCollection();
        await store.apply(
          [
            { kind: 'upsert', collection: dropped, document: { id: 'a' } },
            { kind: 'upsert', collection: kept, document: { id: 'b' } },
          ],
          { projection: 'drop-check', version: 1, position: 1 },
        );
        await store.dropCollection(dropped);
        expect(await store.count(kept)).toBe(1);
        expect(await store.getCheckpoint('drop-check')).not.toBeNull();
      });
    });
  });
}

/** The reference semantics of apply(): each operation in turn. */
function applyInMemory(operations: WriteOperation[]): Map<string, Map<string, Document>> {
  const collections = new Map<string, Map<string, Document>>();
  for (const operation of operations) {
    let documents = collections.get(operation.collection);
    if (!documents) {
      documents = new Map();
      collections.set(operation.collection, documents);
    }
    if (operation.kind === 'upsert') documents.set(operation.document.id, structuredClone(operation.document));
    else if (operation.kind === 'delete') documents.delete(operation.id);
    else {
      const current = documents.get(operation.id);
      if (current) documents.set(operation.id, { ...current, ...operation.changes });
    }
  }
  return collections;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing batch can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
