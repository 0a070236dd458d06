import { AgencyEvent, AgencyEvents, agencyStreamId } from '@cans/domain/administration/agency.events';
import { describeProjection } from '../test-support/projection-specification';
import { AGENCIES_COLLECTION, agenciesProjection } from './agencies.projection';
import { getAgencies, getAgency, listAgencies } from './agencies.queries';

const created = (agencyId: string, name: string): AgencyEvent => ({
  type: AgencyEvents.Created,
  data: { agencyId, name, displayName: `${name} Office` },
});

describeProjection(agenciesProjection, (spec) => {
  it('creates a row per agency, renames it and removes it when deleted', async () => {
    await spec.given(agencyStreamId('a1'), [created('a1', 'North')]);
    expect(await spec.document(AGENCIES_COLLECTION, 'a1')).toMatchObject({
      id: 'a1',
      name: 'North',
      displayName: 'North Office',
      revision: 0,
    });

    await spec.given(agencyStreamId('a1'), [
      { type: AgencyEvents.Updated, data: { agencyId: 'a1', name: 'Northern', displayName: 'Northern Office' } },
    ]);
    expect(await spec.document(AGENCIES_COLLECTION, 'a1')).toMatchObject({ name: 'Northern', displayName: 'Northern Office', revision: 1 });

    await spec.given(agencyStreamId('a2'), [created('a2', 'South')]);
    await spec.given(agencyStreamId('a2'), [{ type: AgencyEvents.Deleted, data: { agencyId: 'a2' } }]);
    expect(await spec.document(AGENCIES_COLLECTION, 'a2')).toBeNull();
  });

  it('answers the list (q searches both names), one agency and agencies by id', async () => {
    await spec.given(agencyStreamId('a3'), [created('a3', 'East')]);
    const page = { sort: [{ field: 'name', direction: 'asc' as const }], skip: 0, limit: 10 };
    expect(await listAgencies(spec.readStore, { ...page, filter: {} })).toMatchObject({
      total: 2,
      rows: [{ name: 'East' }, { name: 'Northern' }],
    });
    expect(await listAgencies(spec.readStore, { ...page, filter: { q: 'northern off' } })).toMatchObject({
      total: 1,
      rows: [{ id: 'a1' }],
    });
    await expect(listAgencies(spec.readStore, { ...page, filter: { name: { $gt: '' } } })).rejects.toMatchObject({
      fieldErrors: { 'filter.name': ['must be a value or a list of values'] },
    });
    expect(await getAgency(spec.readStore, 'a3')).toMatchObject({ name: 'East' });
    expect((await getAgencies(spec.readStore, ['a1', null, 'a1', 'gone'])).map((a) => a.id)).toEqual(['a1']);
  });
});
