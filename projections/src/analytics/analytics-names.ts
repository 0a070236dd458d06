/**
 * The names of the codes in analytics rows (fields declared `refersTo`, analytics-projection.ts): an item's code
 * gets the question's current name from the library read model, an agency's id the agency's current display name
 * from the agencies read model. Names are read when a page is served, so a renamed item or agency reads as it is
 * now, in live and replayed figures alike; a code without a name (a deleted agency) is answered without one.
 */
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { getAgencies } from '../administration/agencies.queries';
import { LIBRARY_ITEMS_COLLECTION, LibraryItemDocument } from '../library/library.projection';
import type { AnalyticsField, AnalyticsReference } from './analytics-projection';

/** Field → the current name of the row's code in it; fields whose code has no name are left out. */
export type AnalyticsRowNames = Record<string, string>;

type NameLookup = (codes: string[]) => Promise<Map<string, string>>;

const LOOKUPS: Record<AnalyticsReference, (readStore: ReadStore) => NameLookup> = {
  item: (readStore) => async (codes) => {
    const items = await readStore.find<LibraryItemDocument>(LIBRARY_ITEMS_COLLECTION, { code: { $in: codes } }, { limit: codes.length });
    // The short name is the one the screens and reports show ("Family Stress", not "FAMILY STRESS").
    return new Map(items.map((item) => [item.code, item.shortName?.trim() || item.name]));
  },
  agency: (readStore) => async (ids) => new Map((await getAgencies(readStore, ids)).map((agency) => [agency.id, agency.displayName])),
};

/** One lookup per kind of code for all the rows at hand; answers each row's names. */
export async function analyticsNamesOf(
  readStore: ReadStore,
  fields: readonly AnalyticsField[],
  rows: readonly Document[],
): Promise<(row: Document) => AnalyticsRowNames> {
  const referring = fields.filter((field) => field.refersTo);
  if (referring.length === 0 || rows.length === 0) return () => ({});
  const names = new Map<AnalyticsReference, Map<string, string>>();
  for (const kind of new Set(referring.map((field) => field.refersTo!))) {
    const codes = new Set<string>();
    for (const field of referring.filter((candidate) => candidate.refersTo === kind))
      for (const row of rows) if (typeof row[field.name] === 'string' && row[field.name]) codes.add(row[field.name] as string);
    names.set(kind, codes.size ? await LOOKUPS[kind](readStore)([...codes]) : new Map());
  }
  return (row) => {
    const named: AnalyticsRowNames = {};
    for (const field of referring) {
      const name = names.get(field.refersTo!)?.get(row[field.name] as string);
      if (name) named[field.name] = name;
    }
    return named;
  };
}
