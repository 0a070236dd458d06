import { FieldValidationException } from '../../platform/http/validation';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import { assessmentListFilter } from './assessment-list.queries';

const TODAY = '2026-11-23';
const TIMEOUT = DEFAULT_REMINDER_SETTINGS.daysOfTimeoutAlert;

describe('assessmentListFilter: the list filters as read-store conditions', () => {
  it('is empty without filters (row access is added by the handler)', () => {
    expect(assessmentListFilter({}, TODAY, TIMEOUT)).toEqual({ filter: {}, view: 'all' });
    expect(assessmentListFilter({ status: 'all', view: 'all', scope: '1' }, TODAY, TIMEOUT).filter).toEqual({});
  });

  it('maps the spec codes, search, last-updated days, month and date range', () => {
    const { filter } = assessmentListFilter(
      {
        status: ['i', 'r'],
        q: ' Hale ',
        lud: 7,
        month: '2024-02',
        dateFrom: '2024-02-10',
        dateTo: '2024-02-20T23:59:59',
        ownerId: 'u-1',
        agencyId: 'ag-1',
      },
      TODAY,
      TIMEOUT,
    );
    expect(filter.$and).toEqual([
      { status: { $in: ['incomplete', 'returned'] } },
      { $or: [{ cin: { $contains: 'Hale' } }, { fullName: { $contains: 'Hale' } }] },
      { lastModifiedAt: { $gte: '2026-11-16T00:00:00.000Z' } },
      { dateOfAssessment: { $gte: '2024-02-01', $lte: '2024-02-29' } },
      { dateOfAssessment: { $gte: '2024-02-10' } },
      { dateOfAssessment: { $lte: '2024-02-20' } },
      { ownerId: 'u-1' },
      { agencyId: 'ag-1' },
    ]);
    expect(assessmentListFilter({ scope: -1 }, TODAY, TIMEOUT).filter).toEqual({ $and: [{ status: 'closed' }] });
    expect(assessmentListFilter({ scope: '0' }, TODAY, TIMEOUT).filter).toEqual({ $and: [{ status: { $ne: 'closed' } }] });
  });

  it('turns the overdue and follow-up tabs into ranges of the due date (30 days of timeout)', () => {
    expect(assessmentListFilter({ view: 'overdue' }, TODAY, TIMEOUT)).toEqual({
      view: 'overdue',
      filter: { $and: [{ nextAssessmentDueOn: { $gt: '', $lte: '2026-10-24' } }] },
    });
    expect(assessmentListFilter({ view: 'followUp' }, TODAY, TIMEOUT).filter).toEqual({
      $and: [{ nextAssessmentDueOn: { $lte: TODAY, $gt: '2026-10-24' } }],
    });
  });

  it('refuses malformed values with field messages (400), never a 500', () => {
    let error: unknown;
    try {
      assessmentListFilter(
        { view: 'late', status: 'd', lud: 3, month: '2024-2', dateFrom: 'yesterday', scope: 2, ownerId: 5 },
        TODAY,
        TIMEOUT,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FieldValidationException);
    expect((error as FieldValidationException).fieldErrors).toEqual({
      'filter.view': ['must be all, overdue or followUp'],
      'filter.status': ['must be all, i, r, c, a or e'],
      'filter.scope': ['must be 1 (All), 0 (Open) or -1 (Closed)'],
      'filter.lud': ['must be one of 7, 14, 30, 45, 90'],
      'filter.month': ['must be yyyy-MM from 1900-01 to 9999-12'],
      'filter.dateFrom': ['must be yyyy-MM-dd from 1900-01-01 to 9999-12-31'],
      'filter.ownerId': ['must be a user id'],
    });
  });
});
