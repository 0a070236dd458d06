import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { createTestPgliteDatabase, TestDatabase } from '@cans/storage/test-support/databases';
import { ProjectionUnitOfWork } from './projection-unit-of-work';

describe('ProjectionUnitOfWork (on PGlite)', () => {
  let database: TestDatabase;
  let store: ReadStore;

  beforeEach(async () => {
    database = await createTestPgliteDatabase();
    store = await SqlReadStore.create(database.client);
    await store.ensureCollection({ name: 'items' });
    await store.apply([{ kind: 'upsert', collection: 'items', document: { id: 'stored', a: 1, b: 1 } }]);
  });
  afterEach(async () => {
    await store.close();
    await database.dispose();
  });

  it('reads its own buffered writes and collapses them to one final change per document', async () => {
    const work = new ProjectionUnitOfWork(store);
    work.upsert('items', { id: 'new', a: 1 });
    work.patch('items', 'new', { b: 2 });
    expect(await work.get('items', 'new')).toEqual({ id: 'new', a: 1, b: 2 });

    work.patch('items', 'stored', { b: 5 });
    expect(await work.get('items', 'stored')).toEqual({ id: 'stored', a: 1, b: 5 });
    work.patch('items', 'stored', { c: 3 });

    work.upsert('items', { id: 'gone', a: 1 });
    work.delete('items', 'gone');
    work.patch('items', 'gone', { a: 2 });
    expect(await work.get('items', 'gone')).toBeNull();
    work.patch('items', 'missing', { a: 1 });

    expect(work.size).toBe(4);
    await store.apply(work.operations());
    expect(await store.find('items', {}, { sort: [{ field: 'id', direction: 'asc' }] })).toEqual([
      { id: 'new', a: 1, b: 2 },
      { id: 'stored', a: 1, b: 5, c: 3 },
    ]);
  });

  it('hands out copies: mutating a read document does not change the buffered one', async () => {
    const work = new ProjectionUnitOfWork(store);
    work.upsert('items', { id: 'x', list: [1] });
    const read = (await work.get<{ id: string; list: number[] }>('items', 'x'))!;
    read.list.push(2);
    expect(await work.get('items', 'x')).toEqual({ id: 'x', list: [1] });
  });

  it('runs work deferred to the end of the batch once per key, the first request kept, before the operations are taken', async () => {
    const work = new ProjectionUnitOfWork(store);
    const runs: string[] = [];
    for (const [key, label] of [
      ['total', 'first'],
      ['total', 'second'],
      ['other', 'third'],
    ])
      work.afterBatch(key, async (view) => {
        runs.push(label);
        const total = await view.get<{ id: string; n: number }>('items', key);
        view.upsert('items', { id: key, n: (total?.n ?? 0) + 1 });
      });
    expect(() => work.operations()).toThrow(/settle/);
    await work.settle();
    expect(runs).toEqual(['first', 'third']);
    expect(work.operations()).toEqual([
      { kind: 'upsert', collection: 'items', document: { id: 'total', n: 1 } },
      { kind: 'upsert', collection: 'items', document: { id: 'other', n: 1 } },
    ]);
  });

  it('hands a read-only reader the held document itself, and takes an upserted document over without copying it', async () => {
    const work = new ProjectionUnitOfWork(store);
    const written = { id: 'x', list: [1] };
    work.upsert('items', written);
    const held = await work.get('items', 'x', { readOnly: true });
    expect(held).toBe(written);
    expect(await work.get('items', 'x')).not.toBe(written);
    expect(work.operations()).toEqual([{ kind: 'upsert', collection: 'items', document: written }]);
  });
});
