import type { AgencyEvent } from '@cans/domain/administration/agency.events';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { allProjections } from '../index';
import type { Projection, ProjectionView } from '../engine/projection';
import { AnalyticsProjectionDefinition, defineAnalyticsProjection } from './analytics-projection';
import { ANALYTICS_PROJECTIONS } from './index';

const definition = (overrides: Partial<AnalyticsProjectionDefinition<AgencyEvent>> = {}): AnalyticsProjectionDefinition<AgencyEvent> => ({
  name: 'agency-names',
  label: 'Agency names',
  version: 1,
  description: 'Agency names.',
  eventTypes: ['AgencyCreated'],
  collections: [
    {
      name: 'names',
      label: 'Names',
      description: 'One row per agency.',
      fields: [{ name: 'name', label: 'Name', description: 'The name.' }],
      indexes: ['name'],
    },
  ],
  stateCollections: ['seen'],
  apply(event, view) {
    if (event.type === 'AgencyCreated') view.upsert('names', { id: event.data.agencyId, name: event.data.name });
  },
  ...overrides,
});

/** A view that records what reached it, to see which collection names the engine is given. */
function recordingView(): ProjectionView & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    get: async (collection: string, id: string) => (calls.push(`get ${collection} ${id}`), null as Document | null),
    upsert: (collection, document) => void calls.push(`upsert ${collection} ${document.id}`),
    patch: (collection, id) => void calls.push(`patch ${collection} ${id}`),
    delete: (collection, id) => void calls.push(`delete ${collection} ${id}`),
    afterBatch: (key) => void calls.push(`afterBatch ${key}`),
  } as ProjectionView & { calls: string[] };
}

const created = { type: 'AgencyCreated', data: { agencyId: 'a1', name: 'North', displayName: 'N' } } as unknown as RecordedEvent;

describe('defineAnalyticsProjection', () => {
  it('prefixes its collections, publishes the declared ones with id among their fields, and maps short names in apply()', async () => {
    const projection = defineAnalyticsProjection(definition());
    expect(projection.collections).toEqual([{ name: 'an_agency_names_names', indexes: ['name'] }, { name: 'an_agency_names_seen' }]);
    expect(projection.published.map((c) => [c.name, c.collection, c.fields.map((f) => f.name)])).toEqual([
      ['names', 'an_agency_names_names', ['id', 'name']],
    ]);
    const view = recordingView();
    await projection.apply(created, view);
    expect(view.calls).toEqual(['upsert an_agency_names_names a1']);
  });

  it('refuses an undeclared collection in apply(), and bad or clashing names when defined', async () => {
    const typo = defineAnalyticsProjection(definition({ apply: (_event, view) => view.delete('name', 'a1') }));
    await expect(async () => typo.apply(created, recordingView())).rejects.toThrow('collection "name" is not declared (names, seen)');
    expect(() => defineAnalyticsProjection(definition({ stateCollections: ['names'] }))).toThrow('declared twice');
    expect(() => defineAnalyticsProjection(definition({ stateCollections: ['Seen'] }))).toThrow('invalid collection name');
    expect(() => defineAnalyticsProjection(definition({ name: 'a-very-long-analytics-projection' }))).toThrow('longer than 35');
    expect(() => defineAnalyticsProjection(definition({ name: 'Agency' }))).toThrow('Invalid projection name');
    expect(() =>
      defineAnalyticsProjection(
        definition({ collections: [{ name: 'names', label: 'Names', description: '', fields: [], indexes: ['name'] }] }),
      ),
    ).toThrow('index "name" is not a field of names');
  });

  it('refuses a figure derived from a field that is not a count, and a field taking the suppression list’s name', () => {
    const withFields = (fields: AnalyticsProjectionDefinition<AgencyEvent>['collections'][number]['fields']) =>
      definition({ collections: [{ name: 'names', label: 'Names', description: '', fields }] });
    const share = { name: 'share', label: 'Share', description: 'A percentage.', derivedFrom: ['agencies'] };
    const agencies = { name: 'agencies', label: 'Agencies', description: 'Agencies.' };
    expect(() => defineAnalyticsProjection(withFields([{ ...agencies, count: true }, share]))).not.toThrow();
    expect(() => defineAnalyticsProjection(withFields([agencies, share]))).toThrow(
      'names.share is derived from "agencies", not a count field',
    );
    for (const reserved of ['suppressedFields', 'names'])
      expect(() => defineAnalyticsProjection(withFields([{ name: reserved, label: 'X', description: '' }]))).toThrow(
        `"${reserved}" is reserved`,
      );
  });

  it('refuses a projection, collection or field without a label (the screen shows labels, never names)', () => {
    expect(() => defineAnalyticsProjection(definition({ label: ' ' }))).toThrow('agency-names: no label');
    const unlabelled = definition({
      collections: [{ name: 'names', label: '', description: '', fields: [{ name: 'name', label: '', description: 'The name.' }] }],
    });
    expect(() => defineAnalyticsProjection(unlabelled)).toThrow('no label for names, name (names)');
  });

  it('labels every field of the registered projections, and names what item codes and agency ids refer to', () => {
    for (const projection of ANALYTICS_PROJECTIONS)
      for (const collection of projection.published)
        for (const field of collection.fields) expect(field.label).not.toMatch(/^$|^[a-z]+[A-Z]|_/);
    const fieldsNamed = (name: string) =>
      ANALYTICS_PROJECTIONS.flatMap((projection) => projection.published.flatMap((c) => c.fields.filter((f) => f.name === name)));
    expect(fieldsNamed('item').map((field) => field.refersTo)).toEqual(['item', 'item']);
    expect(fieldsNamed('agencyId').map((field) => field.refersTo)).toEqual(['agency']);
  });

  it('gives every registered analytics collection a name of its own, apart from the product’s', () => {
    const analytics = new Set<Projection>(ANALYTICS_PROJECTIONS);
    const product = allProjections.filter((projection) => !analytics.has(projection)).flatMap((p) => p.collections.map((c) => c.name));
    const names = ANALYTICS_PROJECTIONS.flatMap((projection) => projection.collections.map((c) => c.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => product.includes(name) || !name.startsWith('an_'))).toEqual([]);
    expect(ANALYTICS_PROJECTIONS.every((projection) => allProjections.includes(projection))).toBe(true);
  });
});
