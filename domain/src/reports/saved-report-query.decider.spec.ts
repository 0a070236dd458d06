import { deciderSpecification } from '../test-support/decider-specification';
import { DomainRuleViolation } from '../domain-errors';
import { COMPARISON_NOT_ALLOWED, SaveReportQuery, savedReportQueryDecider, UNKNOWN_REPORT_KIND } from './saved-report-query.decider';
import { ReportKind, SavedReportQueryEvent, SavedReportQueryEvents } from './saved-report-query.events';

const save: SaveReportQuery = {
  type: 'SaveReportQuery',
  queryId: 'Zk3xQ0aB_c9d',
  report: 'many-children-one-cans',
  query: { minAge: '5', maxAge: '12', domains: 'LIFE_FUNCTIONING' },
  comparison: { compareAgency: 'agency-1' },
  savedBy: 'user-1',
  savedAt: '2024-05-01T10:00:00.000Z',
};
const saved: SavedReportQueryEvent = {
  type: SavedReportQueryEvents.Saved,
  data: {
    queryId: save.queryId,
    report: save.report,
    query: save.query,
    comparison: save.comparison,
    savedBy: save.savedBy,
    savedAt: save.savedAt,
  },
};
const spec = deciderSpecification(savedReportQueryDecider);

describe('saved report query decider', () => {
  it('saves a new query with who saved it and when', () => {
    spec.given([]).when(save).then([saved]);
  });

  it('keeps the saved query in its state', () => {
    spec
      .given([])
      .when(save)
      .thenEvents((_events, state) => expect(state.saved).toEqual(saved.data));
  });

  it('decides nothing when the same query is saved again, by anyone (idempotent)', () => {
    spec.given([saved]).when(save).thenNothing();
    spec
      .given([saved])
      .when({ ...save, savedBy: 'user-2', savedAt: '2024-06-01T00:00:00.000Z' })
      .thenNothing();
  });

  it.each<ReportKind>(['one-child-one-cans', 'one-child-many-cans', 'many-children-many-cans'])(
    'refuses a comparison on %s (400 on the comparison field)',
    (report) => {
      spec
        .given([])
        .when({ ...save, report })
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
          expect(error.conflict).toBe(false);
          expect(error.fieldErrors).toEqual({ comparison: [COMPARISON_NOT_ALLOWED] });
        });
    },
  );

  it('saves a one-child report without a comparison', () => {
    const oneChild = { ...save, report: 'one-child-one-cans' as const, query: { assessment: 'a-1' }, comparison: null };
    spec
      .given([])
      .when(oneChild)
      .then([
        {
          type: SavedReportQueryEvents.Saved,
          data: { ...saved.data, report: 'one-child-one-cans', query: { assessment: 'a-1' }, comparison: null },
        },
      ]);
  });

  it('refuses an unknown report kind', () => {
    spec
      .given([])
      .when({ ...save, report: 'everything' as ReportKind })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
        expect(error.fieldErrors).toEqual({ report: [UNKNOWN_REPORT_KIND] }),
      );
  });
});
