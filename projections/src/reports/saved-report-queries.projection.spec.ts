import { SavedReportQueryEvent, SavedReportQueryEvents, savedReportQueryStreamId } from '@cans/domain/reports/saved-report-query.events';
import { describeProjection } from '../test-support/projection-specification';
import { SAVED_REPORT_QUERIES_COLLECTION, savedReportQueriesProjection } from './saved-report-queries.projection';
import { getSavedReportQuery } from './saved-report-queries.queries';

const saved = (queryId: string, report: 'many-children-one-cans' | 'one-child-one-cans', savedBy: string): SavedReportQueryEvent => ({
  type: SavedReportQueryEvents.Saved,
  data: {
    queryId,
    report,
    query: report === 'one-child-one-cans' ? { assessment: 'a-1' } : { minAge: '5', domains: 'LIFE_FUNCTIONING' },
    comparison: report === 'one-child-one-cans' ? null : { compareAgency: 'agency-1' },
    savedBy,
    savedAt: '2024-05-01T10:00:00.000Z',
  },
});

describeProjection(savedReportQueriesProjection, (spec) => {
  it('keeps each saved query by its id, with who saved it and when', async () => {
    await spec.given(savedReportQueryStreamId('q1aaaaaaaaaa'), [saved('q1aaaaaaaaaa', 'many-children-one-cans', 'user-1')]);
    await spec.given(savedReportQueryStreamId('q2bbbbbbbbbb'), [saved('q2bbbbbbbbbb', 'one-child-one-cans', 'user-2')]);

    expect(await spec.document(SAVED_REPORT_QUERIES_COLLECTION, 'q1aaaaaaaaaa')).toEqual({
      id: 'q1aaaaaaaaaa',
      report: 'many-children-one-cans',
      query: { minAge: '5', domains: 'LIFE_FUNCTIONING' },
      comparison: { compareAgency: 'agency-1' },
      savedBy: 'user-1',
      savedAt: '2024-05-01T10:00:00.000Z',
    });
    expect(await getSavedReportQuery(spec.readStore, 'q2bbbbbbbbbb')).toMatchObject({
      report: 'one-child-one-cans',
      query: { assessment: 'a-1' },
      comparison: null,
      savedBy: 'user-2',
    });
    expect(await getSavedReportQuery(spec.readStore, 'unknownzzzzz')).toBeNull();
  });
});
