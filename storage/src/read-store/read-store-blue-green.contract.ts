/**
 * What blue/green rebuilds need from every ReadStore adapter: several checkpoints in one apply(), aliases that
 * publishCollections() re-points atomically, and leases that several instances agree on. read-store.contract.spec.ts
 * runs it against each adapter, with a second store instance (`peer`) on the same database: its own client where
 * the database allows one (PostgreSQL, MongoDB), the same client on PGlite.
 */
import { Document, ReadStore, WriteOperation } from './read-store.port';

export interface ReadStoresUnderTest {
  store: ReadStore;
  /** Another instance on the same database, as a second app instance would have. */
  peer: ReadStore;
  dispose(): Promise<void>;
}

export function readStoreBlueGreenContract(adapterName: string, createStores: () => Promise<ReadStoresUnderTest>): void {
  describe(`${adapterName} read store contract: aliases, checkpoints, leases`, () => {
    let subject: ReadStoresUnderTest;
    let store: ReadStore;
    let peer: ReadStore;
    let counter = 0;

    beforeAll(async () => {
      subject = await createStores();
      ({ store, peer } = subject);
    });

    afterAll(async () => {
      await subject?.dispose();
    });

    const unique = (prefix: string) => `${prefix}${++counter}`;
    const ids = (documents: Document[]) => documents.map((document) => document.id);
    const upserts = (collection: string, documents: Document[]): WriteOperation[] =>
      documents.map((document) => ({ kind: 'upsert', collection, document }));

    /** A physical collection holding `count` documents tagged with `tag`. */
    async function filledCollection(name: string, tag: string, count: number, indexes = ['rank', 'tag']): Promise<string> {
      await store.ensureCollection({ name, indexes });
      await store.apply(
        upserts(
          name,
          Array.from({ length: count }, (_, index) => ({ id: `d${String(index).padStart(3, '0')}`, tag, rank: index % 7 })),
        ),
      );
      return name;
    }

    describe('apply with several checkpoints', () => {
      it('stores every checkpoint with the operations, in one transaction', async () => {
        const collection = unique('multi');
        await store.apply(upserts(collection, [{ id: 'a' }]), [
          { projection: 'multi-one', version: 1, position: 11 },
          { projection: 'assessment-list@g3', version: 4, position: 12 },
        ]);
        expect(await store.get(collection, 'a')).toEqual({ id: 'a' });
        expect(await store.getCheckpoint('multi-one')).toMatchObject({ version: 1, position: 11 });
        expect(await peer.getCheckpoint('assessment-list@g3')).toMatchObject({
          projection: 'assessment-list@g3',
          version: 4,
          position: 12,
        });
        await store.apply([], [{ projection: 'multi-one', version: 1, position: 13 }]);
        expect(await store.getCheckpoint('multi-one')).toMatchObject({ position: 13 });
        await expect(store.apply([], [])).resolves.toBeUndefined();
      });

      it('a failing operation stores none of the checkpoints', async () => {
        const collection = unique('multi');
        await expect(
          store.apply(
            [...upserts(collection, [{ id: 'a' }]), { kind: 'upsert', collection: 'Not Valid', document: { id: 'b' } }],
            [
              { projection: 'multi-fail-a', version: 1, position: 1 },
              { projection: 'multi-fail-b', version: 1, position: 1 },
            ],
          ),
        ).rejects.toThrow(/collection name/);
        expect(await store.count(collection)).toBe(0);
        expect(await store.getCheckpoint('multi-fail-a')).toBeNull();
        expect(await store.getCheckpoint('multi-fail-b')).toBeNull();
      });

      it('refuses the same projection twice in one apply', async () => {
        const checkpoint = { projection: 'twice', version: 1, position: 1 };
        await expect(store.apply([], [checkpoint, { ...checkpoint, position: 2 }])).rejects.toThrow(/twice/);
        expect(await store.getCheckpoint('twice')).toBeNull();
      });
    });

    describe('publishCollections', () => {
      it('makes the alias read the target: get, getMany, find with filter and sort, count', async () => {
        const alias = unique('list');
        const target = await filledCollection(`${alias}__g1`, 'one', 20);
        expect(await store.collectionTarget(alias)).toBeNull();
        await store.publishCollections([{ alias, target }]);
        expect(await store.collectionTarget(alias)).toBe(target);
        expect(await peer.collectionTarget(alias)).toBe(target);
        expect(await store.collectionTarget(target)).toBeNull();
        expect(await store.get(alias, 'd003')).toEqual({ id: 'd003', tag: 'one', rank: 3 });
        expect(ids(await store.getMany(alias, ['d005', 'absent', 'd001']))).toEqual(['d005', 'd001']);
        const found = await peer.find(alias, { rank: { $gte: 5 } }, { sort: [{ field: 'rank', direction: 'desc' }], limit: 3 });
        expect(ids(found)).toEqual(['d006', 'd013', 'd005']);
        expect(await peer.count(alias, { rank: 0 })).toBe(3);
        expect(await store.count(alias)).toBe(20);
      });

      it('replaces a plain collection that has the alias name (an install from before aliases)', async () => {
        const alias = unique('plain');
        await store.ensureCollection({ name: alias, indexes: ['tag'] });
        await store.apply(
          upserts(alias, [
            { id: 'old-only', tag: 'old' },
            { id: 'd000', tag: 'old' },
          ]),
        );
        const target = await filledCollection(`${alias}__g1`, 'new', 3);
        await store.publishCollections([{ alias, target }]);
        expect(ids(await store.find(alias))).toEqual(['d000', 'd001', 'd002']);
        expect(await store.count(alias, { tag: 'old' })).toBe(0);
        expect(await store.get(alias, 'old-only')).toBeNull();
      });

      it('re-points from one target to another and moves checkpoints in the same call', async () => {
        const alias = unique('moved');
        const first = await filledCollection(`${alias}__g1`, 'first', 4);
        const second = await filledCollection(`${alias}__g2`, 'second', 6);
        await store.publishCollections([{ alias, target: first }], {
          set: [{ projection: `${alias}-projection`, version: 1, position: 40 }],
        });
        await store.apply([], { projection: `${alias}-projection@g2`, version: 2, position: 77 });
        await store.publishCollections([{ alias, target: second }], {
          set: [{ projection: `${alias}-projection`, version: 2, position: 77 }],
          delete: [`${alias}-projection@g2`],
        });
        expect(await peer.collectionTarget(alias)).toBe(second);
        expect(await peer.count(alias, { tag: 'second' })).toBe(6);
        expect(await peer.count(alias)).toBe(6);
        expect(await peer.getCheckpoint(`${alias}-projection`)).toMatchObject({ version: 2, position: 77 });
        expect(await peer.getCheckpoint(`${alias}-projection@g2`)).toBeNull();
        // The previous target is untouched, and the caller drops it once nothing reads it.
        expect(await store.count(first)).toBe(4);
        await store.dropCollection(first);
        expect(await store.count(first)).toBe(0);
        expect(await store.count(alias)).toBe(6);
      });

      it('switches all links of one call; a missing target fails the whole call and changes nothing', async () => {
        const listAlias = unique('pair_list');
        const countsAlias = unique('pair_counts');
        const list = await filledCollection(`${listAlias}__g1`, 'list', 2);
        const counts = await filledCollection(`${countsAlias}__g1`, 'counts', 3);
        await store.publishCollections(
          [
            { alias: listAlias, target: list },
            { alias: countsAlias, target: counts },
          ],
          { set: [{ projection: 'pair', version: 1, position: 5 }] },
        );
        const listNext = await filledCollection(`${listAlias}__g2`, 'list-next', 4);
        await expect(
          store.publishCollections(
            [
              { alias: listAlias, target: listNext },
              { alias: countsAlias, target: `${countsAlias}__g2` }, // never created
            ],
            { set: [{ projection: 'pair', version: 2, position: 9 }] },
          ),
        ).rejects.toThrow(/not a collection/);
        expect(await store.collectionTarget(listAlias)).toBe(list);
        expect(await store.count(listAlias)).toBe(2);
        expect(await store.count(countsAlias)).toBe(3);
        expect(await store.getCheckpoint('pair')).toMatchObject({ version: 1, position: 5 });
      });

      it('readers never see an empty or mixed alias while it is re-pointed again and again', async () => {
        const alias = unique('flip');
        const blue = await filledCollection(`${alias}__g1`, 'blue', 30);
        const green = await filledCollection(`${alias}__g2`, 'green', 45);
        await store.publishCollections([{ alias, target: blue }]);
        let switching = true;
        const seen: string[] = [];
        const reader = async () => {
          while (switching) {
            const documents = await peer.find(alias, {}, { sort: [{ field: 'rank', direction: 'asc' }] });
            const tags = new Set(documents.map((document) => document.tag));
            seen.push(`${[...tags].join('+')}:${documents.length}`);
            // PGlite answers without a macrotask: without this the loop would starve the timers and the publisher.
            await new Promise((resolve) => setImmediate(resolve));
          }
        };
        const readers = [reader(), reader()];
        for (let round = 0; round < 20; round++) {
          await store.publishCollections([{ alias, target: round % 2 === 0 ? green : blue }]);
          // Let the readers run between switches (PGlite serialises everything on one connection).
          await new Promise((resolve) => setImmediate(resolve));
        }
        switching = false;
        await Promise.all(readers);
        expect(seen.length).toBeGreaterThan(0);
        expect(new Set(seen)).toEqual(new Set(seen.filter((entry) => entry === 'blue:30' || entry === 'green:45')));
        expect(await store.collectionTarget(alias)).toBe(blue);
      });

      it('refuses writes that name a linked alias, on every instance, and writes nothing', async () => {
        const alias = unique('guarded');
        // The peer wrote the plain collection before it became an alias, so it knows the name as a table.
        await peer.apply(upserts(alias, [{ id: 'before' }]));
        const target = await filledCollection(`${alias}__g1`, 'target', 2);
        await store.publishCollections([{ alias, target }]);
        const attempts: WriteOperation[][] = [
          upserts(alias, [{ id: 'new' }]),
          [{ kind: 'patch', collection: alias, id: 'd000', changes: { tag: 'patched' } }],
          [{ kind: 'delete', collection: alias, id: 'd001' }],
          [{ kind: 'delete', collection: alias, id: 'absent' }],
        ];
        for (const instance of [store, peer]) {
          for (const operations of attempts) {
            await expect(instance.apply(operations, { projection: 'guarded-check', version: 1, position: 1 })).rejects.toThrow(/alias/);
          }
        }
        expect(await store.getCheckpoint('guarded-check')).toBeNull();
        expect(await store.find(target)).toEqual([
          { id: 'd000', tag: 'target', rank: 0 },
          { id: 'd001', tag: 'target', rank: 1 },
        ]);
      });

      it('ensureCollection on a linked alias ensures the target, and the alias keeps reading it', async () => {
        const alias = unique('ensured');
        const target = await filledCollection(`${alias}__g1`, 'target', 5, []);
        await store.publishCollections([{ alias, target }]);
        await store.ensureCollection({ name: alias, indexes: ['rank', 'tag'], searchIndexes: ['tag'] });
        await peer.ensureCollection({ name: alias, indexes: ['rank'] });
        expect(await store.collectionTarget(alias)).toBe(target);
        expect(ids(await store.find(alias, { tag: { $contains: 'ARG' } }, { sort: [{ field: 'rank', direction: 'desc' }] }))).toEqual([
          'd004',
          'd003',
          'd002',
          'd001',
          'd000',
        ]);
      });

      it('dropCollection(alias) unlinks the alias and keeps its target; the target cannot be dropped while linked', async () => {
        const alias = unique('unlinked');
        const target = await filledCollection(`${alias}__g1`, 'target', 3);
        await store.publishCollections([{ alias, target }]);
        await expect(store.dropCollection(target)).rejects.toThrow(/re-point or drop the alias/);
        expect(await store.count(alias)).toBe(3);
        await peer.dropCollection(alias);
        expect(await store.collectionTarget(alias)).toBeNull();
        expect(await store.count(alias)).toBe(0);
        expect(await store.count(target)).toBe(3);
        // The name is free again: a plain collection can take it.
        await store.apply(upserts(alias, [{ id: 'plain' }]));
        expect(ids(await store.find(alias))).toEqual(['plain']);
        await store.dropCollection(target);
        expect(await store.count(target)).toBe(0);
      });

      it('accepts generation names up to the collection-name limit and checkpoint keys with @', async () => {
        const alias = 'assessment_statistics_sources';
        const target = `${alias}__g12`;
        await store.ensureCollection({ name: target, indexes: ['child.lastName', 'updatedAt'], searchIndexes: ['child.lastName'] });
        await store.apply(upserts(target, [{ id: 's1', child: { lastName: 'Hale' }, updatedAt: '2024-01-01' }]), {
          projection: 'assessment-statistics@g12',
          version: 12,
          position: 3,
        });
        await store.publishCollections([{ alias, target }], {
          set: [{ projection: 'assessment-statistics', version: 12, position: 3 }],
          delete: ['assessment-statistics@g12'],
        });
        expect(await peer.find(alias, { 'child.lastName': { $prefix: 'ha' } })).toEqual([
          { id: 's1', child: { lastName: 'Hale' }, updatedAt: '2024-01-01' },
        ]);
        const longest = `${'x'.repeat(37)}__g9`;
        await expect(store.ensureCollection({ name: longest, indexes: ['a.b'], searchIndexes: ['a.b'] })).resolves.toBeUndefined();
        await expect(store.publishCollections([{ alias: 'x'.repeat(41), target: longest }])).resolves.toBeUndefined();
        await expect(store.publishCollections([{ alias: 'Bad Alias', target: longest }])).rejects.toThrow(/collection name/);
        await expect(store.publishCollections([{ alias: longest, target: longest }])).rejects.toThrow(/both an alias and a target/);
      });
    });

    describe('leases', () => {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      it('is taken when free, renewed by its owner, refused to others while it lasts, and released', async () => {
        const name = unique('lease');
        expect(await store.getLease(name)).toBeNull();
        expect(await store.tryAcquireLease(name, 'instance-a', 60_000)).toBe(true);
        expect(await peer.getLease(name)).toMatchObject({ name, owner: 'instance-a' });
        expect(await store.tryAcquireLease(name, 'instance-a', 60_000)).toBe(true);
        expect(await peer.tryAcquireLease(name, 'instance-b', 60_000)).toBe(false);
        await peer.releaseLease(name, 'instance-b'); // not the owner: no effect
        expect((await store.getLease(name))?.owner).toBe('instance-a');
        await store.releaseLease(name, 'instance-a');
        expect(await peer.getLease(name)).toBeNull();
        expect(await peer.tryAcquireLease(name, 'instance-b', 60_000)).toBe(true);
        expect(await store.tryAcquireLease(name, 'instance-a', 60_000)).toBe(false);
      });

      it('is taken over once it has expired', async () => {
        const name = unique('lease');
        expect(await store.tryAcquireLease(name, 'instance-a', 60_000)).toBe(true);
        const { expiresAt } = (await store.getLease(name))!;
        expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 30_000);
        // The owner renews with a tiny lifetime: a renewal sets a new expiry, it does not only extend it.
        expect(await store.tryAcquireLease(name, 'instance-a', 1)).toBe(true);
        await sleep(50);
        expect(await store.getLease(name)).toBeNull();
        expect(await peer.tryAcquireLease(name, 'instance-b', 60_000)).toBe(true);
        expect(await store.tryAcquireLease(name, 'instance-a', 60_000)).toBe(false);
        expect((await store.getLease(name))?.owner).toBe('instance-b');
      });

      it('two instances racing for a free lease: exactly one wins, and both agree who', async () => {
        for (let round = 0; round < 5; round++) {
          const name = unique('race');
          const results = await Promise.all([
            store.tryAcquireLease(name, 'instance-a', 60_000),
            peer.tryAcquireLease(name, 'instance-b', 60_000),
            store.tryAcquireLease(name, 'instance-c', 60_000),
          ]);
          expect(results.filter(Boolean)).toHaveLength(1);
          const winner = ['instance-a', 'instance-b', 'instance-c'][results.indexOf(true)];
          expect((await store.getLease(name))?.owner).toBe(winner);
          expect((await peer.getLease(name))?.owner).toBe(winner);
        }
      });

      it('rejects malformed arguments', async () => {
        await expect(store.tryAcquireLease('', 'a', 1000)).rejects.toThrow(/lease name/);
        await expect(store.tryAcquireLease('x', '', 1000)).rejects.toThrow(/lease owner/);
        await expect(store.tryAcquireLease('x', 'a', 0)).rejects.toThrow(/ttlMs/);
        await expect(store.tryAcquireLease('x', 'a', 1.5)).rejects.toThrow(/ttlMs/);
      });
    });
  });
}
