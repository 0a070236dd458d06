/**
 * What an analyst's projection publishes: its declared collections (`const collections = …` in its code) and the
 * rows its `rows(state)` returns, checked against them on the host side (the sandbox's answer is untrusted text).
 * A row's key is made of its text fields (agency, quarter, …), so a collection has one row per combination of them;
 * count fields take part in small-cell suppression like every analytics count (analytics-small-cells.ts).
 */
import type { AnalyticsField } from '../analytics-projection';
import { SandboxError } from './sandbox-error';

/** A declared field's type: its values, and for codes what they refer to (the screen shows their names). */
export type SandboxFieldType = 'string' | 'number' | 'count' | 'agency' | 'item';
export const SANDBOX_FIELD_TYPES: readonly SandboxFieldType[] = ['string', 'number', 'count', 'agency', 'item'];

export interface SandboxedField {
  readonly name: string;
  readonly type: SandboxFieldType;
}

export interface SandboxedCollection {
  readonly name: string;
  readonly label: string;
  readonly fields: readonly SandboxedField[];
}

export type SandboxRow = Record<string, string | number | null> & { id: string };
export type SandboxRows = Record<string, SandboxRow[]>;

const NAME = /^[a-z][a-z0-9_]{0,19}$/;
const FIELD = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;
/** Names the API adds to rows or keys them by. */
const RESERVED = new Set(['id', 'suppressedFields', 'names']);
export const MAX_COLLECTIONS = 8;
export const MAX_FIELDS = 24;
/** Rows one collection may publish (a table for people, not a copy of the log). */
export const MAX_ROWS = 50_000;

const shape = (message: string) => new SandboxError(message, 'shape');

/** The collections as declared, or a SandboxError saying what is wrong with them. */
export function validateDeclaredCollections(declared: unknown): SandboxedCollection[] {
  if (declared === null || typeof declared !== 'object' || Array.isArray(declared))
    throw shape('The projection must declare `const collections = { name: { label, fields: { field: type } } }`.');
  const entries = Object.entries(declared as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_COLLECTIONS) throw shape(`Declare between 1 and ${MAX_COLLECTIONS} collections.`);
  return entries.map(([name, value]) => {
    if (!NAME.test(name)) throw shape(`Collection "${name}": a name is lower case letters, digits and _, at most 20 characters.`);
    const { label, fields } = (value ?? {}) as { label?: unknown; fields?: unknown };
    if (typeof label !== 'string' || !label.trim() || label.length > 120)
      throw shape(`Collection "${name}": give it a label (at most 120 characters).`);
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw shape(`Collection "${name}": declare its fields.`);
    const declaredFields = Object.entries(fields as Record<string, unknown>).map(([field, type]) => {
      if (!FIELD.test(field) || RESERVED.has(field)) throw shape(`Collection "${name}": "${field}" cannot be a field name.`);
      if (!SANDBOX_FIELD_TYPES.includes(type as SandboxFieldType))
        throw shape(`Collection "${name}", field "${field}": the type is one of ${SANDBOX_FIELD_TYPES.join(', ')}.`);
      return { name: field, type: type as SandboxFieldType };
    });
    if (declaredFields.length === 0 || declaredFields.length > MAX_FIELDS)
      throw shape(`Collection "${name}": between 1 and ${MAX_FIELDS} fields.`);
    return { name, label: label.trim(), fields: declaredFields };
  });
}

const isText = (type: SandboxFieldType) => type === 'string' || type === 'agency' || type === 'item';

/** A pseudonym of the analyst's view (`c-…`, `a-…`, `u-…`): row-level, never in a published row. */
const PSEUDONYM = /\b[cau]-[A-Za-z0-9_-]{16}\b/;

/**
 * The collection's fields as the analytics API describes them: counts are `count` (small cells), and every number of
 * a row is taken as computed from its counts (a mean of three children says about them what the count would), so it
 * is suppressed with them.
 */
export function analyticsFieldsOf(collection: SandboxedCollection): AnalyticsField[] {
  const counts = collection.fields.filter((field) => field.type === 'count').map((field) => field.name);
  return collection.fields.map((field): AnalyticsField => {
    const described = { name: field.name, label: field.name, description: `${field.type} field` };
    if (field.type === 'count') return { ...described, count: true };
    if (field.type === 'number') return counts.length ? { ...described, derivedFrom: counts } : described;
    if (field.type === 'agency' || field.type === 'item') return { ...described, refersTo: field.type };
    return described;
  });
}

/** The rows, each checked against its collection's fields and given its key; a SandboxError otherwise. */
export function validateRows(collections: readonly SandboxedCollection[], answered: unknown): SandboxRows {
  if (answered === null || typeof answered !== 'object' || Array.isArray(answered))
    throw shape('rows(state) must return `{ collection: [row, …] }`.');
  const result: SandboxRows = {};
  for (const collection of collections) {
    const rows = (answered as Record<string, unknown>)[collection.name] ?? [];
    if (!Array.isArray(rows)) throw shape(`rows(state).${collection.name} must be a list of rows.`);
    if (rows.length > MAX_ROWS) throw shape(`rows(state).${collection.name} has ${rows.length} rows; at most ${MAX_ROWS}.`);
    const keys = new Set<string>();
    result[collection.name] = rows.map((row: unknown, index) => {
      const where = `rows(state).${collection.name}[${index}]`;
      if (row === null || typeof row !== 'object' || Array.isArray(row)) throw shape(`${where} is not a row.`);
      const values = row as Record<string, unknown>;
      const unknownField = Object.keys(values).find((field) => !collection.fields.some((declared) => declared.name === field));
      if (unknownField) throw shape(`${where} has "${unknownField}", which ${collection.name} does not declare.`);
      const checked: Record<string, string | number | null> = {};
      for (const field of collection.fields) {
        const value = values[field.name] ?? null;
        if (field.type === 'count' && !(Number.isInteger(value) && (value as number) >= 0))
          throw shape(`${where}.${field.name} is a count: a whole number, 0 or more.`);
        if (field.type === 'number' && value !== null && !(typeof value === 'number' && Number.isFinite(value)))
          throw shape(`${where}.${field.name} is a number (or null).`);
        if (isText(field.type) && value !== null && (typeof value !== 'string' || value.length > 200))
          throw shape(`${where}.${field.name} is text of at most 200 characters (or null).`);
        if (typeof value === 'string' && PSEUDONYM.test(value))
          throw shape(`${where}.${field.name} holds a pseudonym: published rows are aggregates, never one child, assessment or user.`);
        checked[field.name] = value as string | number | null;
      }
      const key =
        collection.fields
          .filter((field) => isText(field.type))
          .map((field) => checked[field.name] ?? '')
          .join('|') || 'all';
      if (keys.has(key)) throw shape(`${where} has the same text fields as another row (${key}): one row per combination.`);
      keys.add(key);
      return { ...checked, id: key } as SandboxRow;
    });
  }
  return result;
}
