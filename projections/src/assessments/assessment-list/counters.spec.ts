import { addDays, assessmentEvent, AssessmentEvent, assessmentStreamId } from '@cans/domain/assessments';
import type { AssessmentStatus, ChildInformation } from '@cans/domain/assessments';
import { DEFAULT_REMINDER_SETTINGS } from '@cans/domain/assessments/reminder-settings';
import type { Filter } from '@cans/storage/read-store/read-store.port';
import { describeProjection } from '../../test-support/projection-specification';
import { assessmentListProjection } from '../assessment-list.projection';
import {
  caseloadsOfOwners,
  countsOfOwners,
  monthsBetween,
  monthTypeCountsOfOwners,
  MonthTypeCounts,
  OwnerCountsQuery,
  stateWideMonthTypeCounts,
} from './counters';
import { ASSESSMENT_LIST_COLLECTION } from './documents';

/** A small deterministic PRNG (mulberry32): the same history on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OWNERS = ['owner-a', 'owner-b', 'owner-c', 'owner-d'];
const TYPES = ['62', '63', '64'];
const STATUSES: AssessmentStatus[] = ['incomplete', 'returned', 'pendingApproval', 'approved', 'closed'];
const today = new Date().toISOString().slice(0, 10);

const child = (cin: string, dateOfAssessment: string, daysToNextAssessment: number | null): ChildInformation => ({
  cin,
  familyId: null,
  firstName: 'Robin',
  lastName: 'Hale',
  gender: 'F',
  raceEthnicity: 'White British',
  primaryLanguage: 'English',
  medicaidNumber: '123456789',
  age: 12,
  dateOfBirth: '2012-03-15',
  address: null,
  city: null,
  zip: null,
  county: null,
  dateOfAssessment,
  caseOpeningDate: '2023-11-20',
  assessorPhoneNumber: null,
  daysToNextAssessment,
  lookedAfterChild: 'N',
  lookedAfterStatus: null,
  involvement: null,
  assessmentScope: null,
  recommendationsNote: null,
});

/**
 * One assessment's history: started by an owner, a date of assessment from three years ago to today (so approved
 * ones land overdue, in follow-up or not yet due), a status path, and now and then a later assessment of the same
 * child, a reassignment or a deletion — every way a row moves between counters.
 */
function history(i: number, random: () => number): AssessmentEvent[] {
  const assessmentId = `counted-${i}`;
  const owner = OWNERS[Math.floor(random() * OWNERS.length)];
  const doa = addDays(today, -Math.floor(random() * 3 * 365));
  const events: AssessmentEvent[] = [
    assessmentEvent('AssessmentStarted', {
      assessmentId,
      ownerId: owner,
      agencyId: null,
      // Every type, without drawing from the PRNG (the rest of the history stays as it was).
      assessmentType: TYPES[i % TYPES.length],
      previousAssessmentId: null,
    }),
    assessmentEvent('ChildInformationSaved', {
      assessmentId,
      // A few children share a PID: the earlier assessment loses its due date to the later one.
      child: child(`PID-${i % 23}`, doa, random() < 0.3 ? Math.floor(random() * 60) : null),
    }),
  ];
  const roll = random();
  const complete = assessmentEvent('AssessmentCompleted', { assessmentId, completedBy: owner });
  if (roll < 0.15) {
    // incomplete
  } else if (roll < 0.25) events.push(complete, assessmentEvent('AssessmentReturned', { assessmentId, returnedBy: 's', reason: 'Redo.' }));
  else if (roll < 0.35) events.push(complete);
  else if (roll < 0.85) events.push(complete, assessmentEvent('AssessmentApproved', { assessmentId, approvedBy: 's' }));
  else events.push(assessmentEvent('AssessmentClosed', { assessmentId, closedBy: owner, reason: 'Closed.' }));
  if (random() < 0.1) {
    const to = OWNERS[Math.floor(random() * OWNERS.length)];
    if (to !== owner)
      events.push(assessmentEvent('AssessmentReassigned', { assessmentId, fromUserId: owner, toUserId: to, agencyId: null }));
  }
  if (random() < 0.05) events.push(assessmentEvent('AssessmentDeleted', { assessmentId, deletedBy: owner, previousStatus: 'x' }));
  return events;
}

describeProjection(assessmentListProjection, (spec) => {
  const overdueBefore = addDays(today, -Math.max(0, DEFAULT_REMINDER_SETTINGS.daysOfTimeoutAlert));
  const month = (doa: string) => ({ dateOfAssessment: { $gte: `${doa.slice(0, 7)}-01`, $lte: `${doa.slice(0, 7)}-31` } });

  /** The same figures counted row by row, with the list's own filter shapes. */
  async function exactly(owners: string[], query: OwnerCountsQuery) {
    const count = (filter: Filter) => spec.readStore.count(ASSESSMENT_LIST_COLLECTION, { $and: [{ ownerId: { $in: owners } }, filter] });
    const since: Filter = query.since === null ? {} : { lastModifiedAt: { $gte: `${query.since}T00:00:00.000Z` } };
    const byStatus = new Map<AssessmentStatus, number>();
    for (const status of [...STATUSES, 'deleted' as const]) {
      const n = await count({ $and: [{ status }, since] });
      if (n) byStatus.set(status, n);
    }
    return {
      byStatus,
      overdue: await count({ nextAssessmentDueOn: { $gt: '', $lte: query.overdueBefore } }),
      followUp: await count({ nextAssessmentDueOn: { $lte: query.today, $gt: query.overdueBefore } }),
      month: await count(month(query.month)),
    };
  }

  /** Month → type → rows, counted row by row over the months `from`..`to` (owners: null for every row). */
  async function monthTypesExactly(owners: string[] | null, from: string, to: string): Promise<MonthTypeCounts> {
    const counts: MonthTypeCounts = new Map();
    for (const m of monthsBetween(from, to))
      for (const type of TYPES) {
        const filter: Filter = { $and: [month(`${m}-01`), { assessmentType: type }, owners ? { ownerId: { $in: owners } } : {}] };
        const n = await spec.readStore.count(ASSESSMENT_LIST_COLLECTION, filter);
        if (n) counts.set(m, (counts.get(m) ?? new Map<string, number>()).set(type, n));
      }
    return counts;
  }

  /** A worker's caseload counted row by row: each child's latest row, statuses, due before / within the window. */
  async function caseloadExactly(ownerId: string, dueUntil: string) {
    const count = (filter: Filter) => spec.readStore.count(ASSESSMENT_LIST_COLLECTION, { $and: [{ ownerId }, filter] });
    const byStatus = new Map<AssessmentStatus, number>();
    for (const status of STATUSES) {
      const n = await count({ status });
      if (n) byStatus.set(status, n);
    }
    return {
      children: await count({ hasLaterAssessment: false }),
      byStatus,
      followUp: await count({ nextAssessmentDueOn: { $gt: overdueBefore, $lte: today } }),
      overdue: await count({ nextAssessmentDueOn: { $gt: '', $lte: overdueBefore } }),
      dueSoon: await count({ nextAssessmentDueOn: { $gt: today, $lte: dueUntil } }),
    };
  }

  async function expectDashboardCountersMatchRows() {
    const from = addDays(today, -400).slice(0, 7);
    const to = today.slice(0, 7);
    expect(await stateWideMonthTypeCounts(spec.readStore, from, to)).toEqual(await monthTypesExactly(null, from, to));
    for (const owners of [[OWNERS[0]], [OWNERS[1], OWNERS[2]], OWNERS, ['nobody']])
      expect([owners, await monthTypeCountsOfOwners(spec.readStore, owners, from, to)]).toEqual([
        owners,
        await monthTypesExactly(owners, from, to),
      ]);
    for (const dueUntil of [addDays(today, 30), addDays(today, 45)]) {
      const caseloads = await caseloadsOfOwners(spec.readStore, [...OWNERS, 'nobody'], { today, dueUntil, overdueBefore });
      for (const ownerId of [...OWNERS, 'nobody'])
        expect([ownerId, dueUntil, caseloads.get(ownerId)]).toEqual([ownerId, dueUntil, await caseloadExactly(ownerId, dueUntil)]);
    }
  }

  async function expectCountersMatchRows() {
    await expectDashboardCountersMatchRows();
    const months = [today.slice(0, 7), addDays(today, -40).slice(0, 7), addDays(today, -400).slice(0, 7)];
    for (const owners of [[OWNERS[0]], [OWNERS[1], OWNERS[2]], OWNERS, ['nobody']]) {
      for (const since of [null, addDays(today, -7), addDays(today, 1)]) {
        for (const m of months) {
          const query = { since, overdueBefore, today, month: m };
          const expected = await exactly(owners, query);
          expect([owners, query, await countsOfOwners(spec.readStore, owners, query)]).toEqual([owners, query, expected]);
        }
      }
    }
  }

  it('count, per owner, exactly what counting their rows gives, live and after a rebuild', async () => {
    const random = prng(7);
    for (let i = 0; i < 120; i++) await spec.given(assessmentStreamId(`counted-${i}`), history(i, random));
    // Approved, due on the given day (date of assessment 5 days before, next assessment after 5 days): the edges
    // of the overdue and follow-up ranges, and a day of the bound's month before it.
    const dueOn = (id: string, day: string) =>
      spec.given(assessmentStreamId(id), [
        assessmentEvent('AssessmentStarted', {
          assessmentId: id,
          ownerId: OWNERS[0],
          agencyId: null,
          assessmentType: '63',
          previousAssessmentId: null,
        }),
        assessmentEvent('ChildInformationSaved', { assessmentId: id, child: child(`PID-${id}`, addDays(day, -5), 5) }),
        assessmentEvent('AssessmentCompleted', { assessmentId: id, completedBy: OWNERS[0] }),
        assessmentEvent('AssessmentApproved', { assessmentId: id, approvedBy: 's' }),
      ]);
    await dueOn('due-at-bound', overdueBefore);
    await dueOn('due-after-bound', addDays(overdueBefore, 1));
    await dueOn('due-in-bound-month', `${overdueBefore.slice(0, 7)}-01`);
    await dueOn('due-today', today);
    await dueOn('due-tomorrow', addDays(today, 1));
    const all = await exactly(OWNERS, { since: null, overdueBefore, today, month: today.slice(0, 7) });
    // The history reaches every figure the home page shows.
    expect(all.overdue).toBeGreaterThan(0);
    expect(all.followUp).toBeGreaterThan(0);
    expect(all.byStatus.size).toBeGreaterThanOrEqual(5);
    // … and every figure of the supervisor table and the charts.
    const caseload = await caseloadExactly(OWNERS[0], addDays(today, 30));
    expect(caseload.followUp * caseload.overdue * caseload.dueSoon * caseload.children).toBeGreaterThan(0);
    expect((await monthTypesExactly(OWNERS, addDays(today, -400).slice(0, 7), today.slice(0, 7))).size).toBeGreaterThan(6);
    await expectCountersMatchRows();

    await spec.rebuild();
    await expectCountersMatchRows();
  });
});
