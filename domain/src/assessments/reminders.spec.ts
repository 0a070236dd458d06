import { fold, ev, startedState } from './test-support/assessment-fixtures';
import { ReminderFacts, addMonths, elapsedDays, nextAssessmentDueOn, reminderFactsOf, remindersFor } from './reminders';

const settings = { daysOfIncompletionAlert: 14, monthOfNextCaseAlert: 6, daysOfTimeoutAlert: 30 };

const facts = (overrides: Partial<ReminderFacts> = {}): ReminderFacts => ({
  status: 'approved',
  createdAt: '2024-01-02T10:00:00.000Z',
  lastModifiedAt: '2024-01-20T10:00:00.000Z',
  dateOfAssessment: '2024-01-15',
  daysToNextAssessment: null,
  hasLaterAssessment: false,
  ...overrides,
});

describe('status day counts (spec 000 "Status shows days")', () => {
  it('Incomplete counts days since creation, Returned days since the last change, others none', () => {
    const now = '2024-01-25T09:59:59.000Z';
    expect(remindersFor(facts({ status: 'incomplete' }), settings, now).statusDays).toBe(22);
    expect(remindersFor(facts({ status: 'returned' }), settings, now).statusDays).toBe(4);
    expect(remindersFor(facts({ status: 'pendingApproval' }), settings, now).statusDays).toBeNull();
    expect(elapsedDays('2024-01-25T10:00:00.000Z', '2024-01-25T09:00:00.000Z')).toBe(0);
  });

  it('raises the incompletion alert at daysOfIncompletionAlert days; 0 switches it off', () => {
    const incomplete = facts({ status: 'incomplete', createdAt: '2024-01-01T12:00:00.000Z' });
    expect(remindersFor(incomplete, settings, '2024-01-15T11:59:59.000Z').incompletionAlert).toBe(false);
    expect(remindersFor(incomplete, settings, '2024-01-15T12:00:00.000Z').incompletionAlert).toBe(true);
    expect(remindersFor(incomplete, { ...settings, daysOfIncompletionAlert: 0 }, '2024-06-01T00:00:00.000Z').incompletionAlert).toBe(false);
    expect(
      remindersFor(facts({ status: 'returned', lastModifiedAt: '2024-01-01T12:00:00.000Z' }), settings, '2024-01-20T00:00:00.000Z')
        .incompletionAlert,
    ).toBe(true);
    expect(remindersFor(facts(), settings, '2030-01-01T00:00:00.000Z').incompletionAlert).toBe(false);
  });
});

describe('follow-up and overdue (approved assessments)', () => {
  it('the next assessment is due monthOfNextCaseAlert months after the date of assessment', () => {
    expect(nextAssessmentDueOn(facts(), settings)).toBe('2024-07-15');
    expect(nextAssessmentDueOn(facts({ dateOfAssessment: '2024-08-31' }), settings)).toBe('2025-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
  });

  it('the child\'s "days of next assessment" overrides the months setting', () => {
    expect(nextAssessmentDueOn(facts({ daysToNextAssessment: 90 }), settings)).toBe('2024-04-14');
  });

  it('no due date when not approved, when a later assessment exists, or with neither setting', () => {
    expect(nextAssessmentDueOn(facts({ status: 'pendingApproval' }), settings)).toBeNull();
    expect(nextAssessmentDueOn(facts({ hasLaterAssessment: true }), settings)).toBeNull();
    expect(nextAssessmentDueOn(facts(), { ...settings, monthOfNextCaseAlert: 0 })).toBeNull();
  });

  it('not yet due → follow up from the due date → overdue daysOfTimeoutAlert days later', () => {
    const at = (today: string) => remindersFor(facts(), settings, `${today}T12:00:00.000Z`);
    expect(at('2024-07-14')).toMatchObject({ tab: null, nextAssessmentDueOn: '2024-07-15', overdueFrom: '2024-08-14', daysPastDue: -1 });
    expect(at('2024-07-15')).toMatchObject({ tab: 'followUp', daysPastDue: 0 });
    expect(at('2024-08-13')).toMatchObject({ tab: 'followUp', daysPastDue: 29 });
    expect(at('2024-08-14')).toMatchObject({ tab: 'overdue', daysPastDue: 30 });
  });

  it("uses the deployment's today when given", () => {
    expect(remindersFor(facts(), settings, '2024-07-14T23:30:00.000Z').tab).toBeNull();
    expect(remindersFor(facts(), settings, '2024-07-14T23:30:00.000Z', '2024-07-15').tab).toBe('followUp');
  });

  it('reads its facts from the aggregate state', () => {
    const approved = fold(startedState({ daysToNextAssessment: '30' }), [
      ev('AssessmentCompleted', { completedBy: 'w' }),
      ev('AssessmentApproved', { approvedBy: 's' }),
    ]);
    const fromState = reminderFactsOf(approved, false);
    expect(fromState).toMatchObject({ status: 'approved', dateOfAssessment: '2024-05-01', daysToNextAssessment: 30 });
    expect(remindersFor(fromState, settings, '2024-06-01T00:00:00.000Z')).toMatchObject({
      nextAssessmentDueOn: '2024-05-31',
      tab: 'followUp',
    });
  });
});
