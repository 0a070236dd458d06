/**
 * Turns the ordered operations of one apply() into a few bulk writes per collection.
 *
 * Operations on different documents commute, so only the order of operations on the SAME document matters. Folding
 * each document's operations, in order, always yields exactly one net effect:
 *   upsert(doc)            the document ends up as doc (an upsert, or an upsert followed by patches);
 *   patch(changes)         only patches: merge into whatever is stored, or nothing if nothing is stored;
 *   delete                 the document ends up absent (a delete, possibly followed by patches, which are no-ops).
 * Each collection then needs at most one delete, one upsert and one patch statement, whatever the interleaving of
 * kinds (a projection rebuild alternates upserts and patches all the time), and the result equals applying the
 * operations one by one. That keeps apply() of hundreds of operations to a handful of round trips.
 */
import { Checkpoint, CheckpointChanges, CollectionLink, Document, WriteOperation } from './read-store.port';
import { assertCollectionName, isPlainObject } from './read-store-query';

export type CheckpointWrite = Omit<Checkpoint, 'updatedAt'>;

export interface PatchWrite {
  id: string;
  changes: Record<string, unknown>;
}

export interface CollectionWrites {
  /** Not validated here: adapters validate it when they write, inside the transaction. */
  collection: string;
  deletes: string[];
  upserts: Document[];
  patches: PatchWrite[];
}

type NetEffect = { kind: 'upsert'; document: Document } | { kind: 'patch'; changes: Record<string, unknown> } | { kind: 'delete' };

/** Top-level field names a patch may set: dots or "$" would mean nested paths / operators to MongoDB. */
const PATCH_FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Validates the operations' shape (throws a plain Error: these are programming errors, not bad requests) and folds
 * them into per-collection writes, collections in order of first appearance.
 */
export function planWrites(operations: WriteOperation[]): CollectionWrites[] {
  if (!Array.isArray(operations)) throw new Error('apply() expects an array of operations');
  const effectsByCollection = new Map<string, Map<string, NetEffect>>();
  operations.forEach((operation, index) => {
    const where = `operation #${index} (${(operation as { kind?: unknown })?.kind})`;
    if (!isPlainObject(operation)) throw new Error(`${where}: not an operation object`);
    if (typeof operation.collection !== 'string') throw new Error(`${where}: collection must be a string`);
    let effects = effectsByCollection.get(operation.collection);
    if (!effects) {
      effects = new Map();
      effectsByCollection.set(operation.collection, effects);
    }
    switch (operation.kind) {
      case 'upsert': {
        const document = operation.document;
        if (!isPlainObject(document)) throw new Error(`${where}: document must be an object`);
        assertDocumentId(document.id, where);
        if ('_id' in document) throw new Error(`${where}: documents may not have an "_id" field (reserved by MongoDB)`);
        effects.set(document.id, { kind: 'upsert', document: withoutUndefined(document) as Document });
        break;
      }
      case 'patch': {
        assertDocumentId(operation.id, where);
        const changes = validatePatchChanges(operation.id, operation.changes, where);
        const current = effects.get(operation.id);
        if (!current) effects.set(operation.id, { kind: 'patch', changes });
        else if (current.kind === 'upsert') current.document = { ...current.document, ...changes };
        else if (current.kind === 'patch') current.changes = { ...current.changes, ...changes };
        // After a delete the document is absent, and a patch of an absent document does nothing.
        break;
      }
      case 'delete':
        assertDocumentId(operation.id, where);
        effects.set(operation.id, { kind: 'delete' });
        break;
      default:
        throw new Error(`${where}: unknown operation kind`);
    }
  });

  const plan: CollectionWrites[] = [];
  for (const [collection, effects] of effectsByCollection) {
    const writes: CollectionWrites = { collection, deletes: [], upserts: [], patches: [] };
    for (const [id, effect] of effects) {
      if (effect.kind === 'delete') writes.deletes.push(id);
      else if (effect.kind === 'upsert') writes.upserts.push(effect.document);
      // A patch that changes nothing needs no statement.
      else if (Object.keys(effect.changes).length > 0) writes.patches.push({ id, changes: effect.changes });
    }
    plan.push(writes);
  }
  return plan;
}

function assertDocumentId(id: unknown, where: string): asserts id is string {
  if (typeof id !== 'string' || id.length === 0) throw new Error(`${where}: id must be a non-empty string`);
}

function validatePatchChanges(id: string, changes: unknown, where: string): Record<string, unknown> {
  if (!isPlainObject(changes)) throw new Error(`${where}: changes must be an object`);
  const result = withoutUndefined(changes);
  for (const field of Object.keys(result)) {
    if (!PATCH_FIELD_PATTERN.test(field) || field === '_id') {
      throw new Error(`${where}: cannot patch field ${JSON.stringify(field)} (top-level identifiers only)`);
    }
  }
  if ('id' in result) {
    if (result.id !== id) throw new Error(`${where}: a patch cannot change the document id`);
    delete result.id;
  }
  return result;
}

/**
 * Undefined values disappear when a document is stored as JSON; dropping them up front makes a patch
 * { field: undefined } leave the field alone in every adapter, whether or not it was folded into an upsert.
 */
function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(value)) if (fieldValue !== undefined) copy[key] = fieldValue;
  return copy;
}

/** apply()'s checkpoint argument (none, one or several) as a list; each projection at most once. */
export function validateCheckpoints(checkpoints: CheckpointWrite | CheckpointWrite[] | undefined): CheckpointWrite[] {
  if (checkpoints === undefined) return [];
  const list = Array.isArray(checkpoints) ? checkpoints : [checkpoints];
  list.forEach(validateCheckpoint);
  assertDistinct(
    list.map((checkpoint) => checkpoint.projection),
    'checkpoint for projection',
  );
  return list;
}

export function validateCheckpointChanges(changes: CheckpointChanges): { set: CheckpointWrite[]; delete: string[] } {
  if (!isPlainObject(changes)) throw new Error('checkpoint changes must be an object');
  const set = changes.set ?? [];
  const deleted = changes.delete ?? [];
  if (!Array.isArray(set) || !Array.isArray(deleted)) throw new Error('checkpoint changes: set and delete must be arrays');
  set.forEach(validateCheckpoint);
  for (const projection of deleted) {
    if (typeof projection !== 'string' || projection.length === 0) throw new Error('checkpoint changes: delete names projections');
  }
  assertDistinct([...set.map((checkpoint) => checkpoint.projection), ...deleted], 'checkpoint change for projection');
  return { set, delete: deleted };
}

/** Names are valid collection names, each alias appears once, and no name is both an alias and a target. */
export function validateCollectionLinks(links: CollectionLink[]): void {
  if (!Array.isArray(links)) throw new Error('publishCollections() expects an array of { alias, target }');
  for (const link of links) {
    if (!isPlainObject(link)) throw new Error('publishCollections() expects an array of { alias, target }');
    assertCollectionName(link.alias);
    assertCollectionName(link.target);
  }
  assertDistinct(
    links.map((link) => link.alias),
    'link for alias',
  );
  const aliases = new Set(links.map((link) => link.alias));
  for (const { target } of links) {
    if (aliases.has(target)) throw new Error(`publishCollections(): "${target}" cannot be both an alias and a target`);
  }
}

export function validateLeaseArguments(name: unknown, owner?: unknown, ttlMs?: unknown): void {
  if (typeof name !== 'string' || name.length === 0) throw new Error('lease name must be a non-empty string');
  if (owner !== undefined && (typeof owner !== 'string' || owner.length === 0)) {
    throw new Error('lease owner must be a non-empty string');
  }
  if (ttlMs !== undefined && (!Number.isSafeInteger(ttlMs) || (ttlMs as number) <= 0)) {
    throw new Error('lease ttlMs must be a positive integer');
  }
}

function assertDistinct(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Repeated ${what} ${JSON.stringify(value)}`);
    seen.add(value);
  }
}

function validateCheckpoint(checkpoint: CheckpointWrite): void {
  if (!isPlainObject(checkpoint)) throw new Error('checkpoint must be an object');
  if (typeof checkpoint.projection !== 'string' || checkpoint.projection.length === 0) {
    throw new Error('checkpoint.projection must be a non-empty string');
  }
  // version is stored as a PostgreSQL integer, position as a bigint read back into a JS number.
  if (!Number.isInteger(checkpoint.version) || Math.abs(checkpoint.version) > 2_147_483_647) {
    throw new Error('checkpoint.version must be a 32-bit integer');
  }
  if (!Number.isSafeInteger(checkpoint.position)) throw new Error('checkpoint.position must be a safe integer');
}
