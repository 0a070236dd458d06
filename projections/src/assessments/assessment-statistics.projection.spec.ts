import type { EventStore, NewEvent } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SqlReadStore } from '@cans/storage/read-store/sql-read-store';
import { sqlBackends, TestDatabase } from '@cans/storage/test-support/databases';
import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  assessmentEvent,
  assessmentStreamId,
  AssessmentEvents,
  AssessmentState,
  decideStartAssessment,
  EMPTY_NARRATIVE,
  evolveAssessment,
  initialAssessmentState,
} from '@cans/domain/assessments';
import { caregiver, childInput, context } from '@cans/domain/assessments/test-support/assessment-fixtures';
import { ProjectionRunner } from '../engine/projection-runner';
import {
  ANSWER_DISTRIBUTIONS_COLLECTION,
  APPROVED_ASSESSMENT_FACTS_COLLECTION,
  ASSESSMENT_STATISTICS_SOURCES_COLLECTION,
  AnswerDistributionDocument,
  ApprovedAssessmentFactsDocument,
  assessmentStatisticsProjection,
  TEXT_ONLY_EVENT_TYPES,
} from './assessment-statistics.projection';

const toNew = (e: AssessmentEvent, userId = 'worker-1'): NewEvent => ({
  type: e.type,
  data: e.data as unknown as Record<string, unknown>,
  metadata: { userId, correlationId: 'c', causationId: null },
});

const ev = <T extends AssessmentEventType>(
  type: T,
  assessmentId: string,
  data: Omit<AssessmentEventDataMap[T], 'assessmentId'>,
): AssessmentEvent => assessmentEvent(type, { assessmentId, ...data } as AssessmentEventDataMap[T]);

describe.each(sqlBackends())('assessment-statistics projection on $name', ({ create }) => {
  let database: TestDatabase;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let runner: ProjectionRunner;
  let position = 0;

  const append = async (assessmentId: string, events: AssessmentEvent[]) => {
    const result = await eventStore.append(
      assessmentStreamId(assessmentId),
      events.map((e) => toNew(e)),
      'any',
    );
    position = result.position;
    expect(await runner.waitForPosition(position, 10_000)).toBe(true);
  };
  const start = (assessmentId: string, cin: string) =>
    append(
      assessmentId,
      decideStartAssessment(
        initialAssessmentState,
        { type: 'StartAssessment', assessmentId, child: childInput({ cin }), agencyId: 'agency-1' },
        context(),
      ),
    );
  const approve = (assessmentId: string) =>
    append(assessmentId, [
      ev('AssessmentCompleted', assessmentId, { completedBy: 'worker-1' }),
      ev('AssessmentApproved', assessmentId, { approvedBy: 'supervisor-1' }),
    ]);
  const rate = (assessmentId: string, ratings: Record<string, '0' | '1' | '2' | '3' | '4' | 'NA'>, caregiverId: string | null = null) =>
    append(
      assessmentId,
      Object.entries(ratings).map(([questionCode, rating]) => ev('ItemRated', assessmentId, { questionCode, caregiverId, rating })),
    );
  const counts = async (code: string) =>
    (await readStore.get<AnswerDistributionDocument>(ANSWER_DISTRIBUTIONS_COLLECTION, code))?.counts ?? {};

  beforeAll(async () => {
    database = await create();
    eventStore = await SqlEventStore.create(database.client, { pollIntervalMs: 20 });
    readStore = await SqlReadStore.create(database.client);
    runner = new ProjectionRunner(eventStore, readStore, [assessmentStatisticsProjection], { batchSize: 50, retryDelayMs: 50 });
    await runner.start();
  });

  afterAll(async () => {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
    await database.dispose();
  });

  it('counts ratings of approved assessments only, per question code, child and caregiver items alike', async () => {
    await start('a1', 'PID-1');
    await append('a1', [ev('CaregiverAdded', 'a1', { caregiver: caregiver('cg-1', 'Ann') })]);
    await rate('a1', { TRAUMA_Q1: '2', TRAUMA_Q2: '0' });
    await rate('a1', { CG_SUPERVISION: '3' }, 'cg-1');
    expect(await counts('TRAUMA_Q1')).toEqual({});
    await approve('a1');
    expect(await counts('TRAUMA_Q1')).toEqual({ '2': 1 });
    expect(await counts('TRAUMA_Q2')).toEqual({ '0': 1 });
    expect(await counts('CG_SUPERVISION')).toEqual({ '3': 1 });

    await start('a2', 'PID-2');
    await rate('a2', { TRAUMA_Q1: '3' });
    await approve('a2');
    await start('a3', 'PID-3');
    await rate('a3', { TRAUMA_Q1: '1' });
    expect(await counts('TRAUMA_Q1')).toEqual({ '2': 1, '3': 1 });
    expect((await readStore.get<AnswerDistributionDocument>(ANSWER_DISTRIBUTIONS_COLLECTION, 'TRAUMA_Q1'))?.total).toBe(2);
    const facts = await readStore.get<ApprovedAssessmentFactsDocument>(APPROVED_ASSESSMENT_FACTS_COLLECTION, 'a1');
    expect(facts).toMatchObject({ cin: 'PID-1', ratings: { TRAUMA_Q1: '2', TRAUMA_Q2: '0' }, caregiverCount: 1, includedInReports: true });
  });

  it('follows later changes: report exclusion, caregiver removal, deletion', async () => {
    await append('a1', [ev('AssessmentExcludedFromReports', 'a1', {})]);
    expect(await counts('TRAUMA_Q1')).toEqual({ '3': 1 });
    expect(await counts('TRAUMA_Q2')).toEqual({});
    await append('a1', [ev('AssessmentIncludedInReports', 'a1', {})]);
    expect(await counts('TRAUMA_Q1')).toEqual({ '2': 1, '3': 1 });

    await append('a1', [ev('CaregiverRemoved', 'a1', { caregiverId: 'cg-1' })]);
    expect(await counts('CG_SUPERVISION')).toEqual({});

    await append('a2', [ev('AssessmentDeleted', 'a2', { deletedBy: 'worker-1', previousStatus: 'a' })]);
    expect(await counts('TRAUMA_Q1')).toEqual({ '2': 1 });
    expect(await readStore.get(APPROVED_ASSESSMENT_FACTS_COLLECTION, 'a2')).toBeNull();
    expect(await readStore.get(ASSESSMENT_STATISTICS_SOURCES_COLLECTION, 'a2')).toBeNull();
  });

  it('moves the distributions when a rating of an approved assessment changes or is cleared', async () => {
    await start('a4', 'PID-4');
    await rate('a4', { LATE_Q1: '1', LATE_Q2: '2' });
    await approve('a4');
    expect(await counts('LATE_Q1')).toEqual({ '1': 1 });
    await rate('a4', { LATE_Q1: '3' });
    expect(await counts('LATE_Q1')).toEqual({ '3': 1 });
    await append('a4', [ev('ItemRatingCleared', 'a4', { questionCode: 'LATE_Q2', caregiverId: null })]);
    expect(await counts('LATE_Q2')).toEqual({});
    const facts = await readStore.get<ApprovedAssessmentFactsDocument>(APPROVED_ASSESSMENT_FACTS_COLLECTION, 'a4');
    expect(facts?.ratings).toEqual({ LATE_Q1: '3' });
  });

  it("keeps a caregiver's ratings only while the caregiver is on the assessment, as the aggregate does", async () => {
    await start('a5', 'PID-5');
    // Rated before the caregiver is on the assessment: dropped.
    await rate('a5', { CG_EARLY: '1' }, 'cg-5');
    await append('a5', [ev('CaregiverAdded', 'a5', { caregiver: caregiver('cg-5', 'Bea') })]);
    await rate('a5', { CG_REMOVED: '2' }, 'cg-5');
    await append('a5', [ev('CaregiverRemoved', 'a5', { caregiverId: 'cg-5' })]);
    // Added again: starts without ratings.
    await append('a5', [ev('CaregiverAdded', 'a5', { caregiver: caregiver('cg-5', 'Bea') })]);
    await rate('a5', { CG_AGAIN: '4' }, 'cg-5');
    await approve('a5');
    expect(await counts('CG_EARLY')).toEqual({});
    expect(await counts('CG_REMOVED')).toEqual({});
    expect(await counts('CG_AGAIN')).toEqual({ '4': 1 });
  });

  it('keeps question codes and caregiver ids of any shape, and forgets the ratings on a repeated start', async () => {
    await start('a6', 'PID-6');
    await append('a6', [ev('CaregiverAdded', 'a6', { caregiver: caregiver('cg\t6', 'Cy') })]);
    await rate('a6', { 'ODD\tCODE': '2', '[BRACKET': '1' });
    await rate('a6', { 'ODD\nCARE': '3' }, 'cg\t6');
    await approve('a6');
    expect(await counts('ODD\tCODE')).toEqual({ '2': 1 });
    expect(await counts('[BRACKET')).toEqual({ '1': 1 });
    expect(await counts('ODD\nCARE')).toEqual({ '3': 1 });

    await start('a7', 'PID-7');
    await rate('a7', { RESTARTED_Q: '2' });
    await start('a7', 'PID-7');
    await approve('a7');
    expect(await counts('RESTARTED_Q')).toEqual({});
  });

  it('rebuilds from event zero to the same counters', async () => {
    const before = await readStore.find<AnswerDistributionDocument>(
      ANSWER_DISTRIBUTIONS_COLLECTION,
      {},
      { sort: [{ field: 'id', direction: 'asc' }] },
    );
    expect(before.length).toBeGreaterThan(0);
    await runner.rebuild(assessmentStatisticsProjection.name);
    expect(await runner.waitForPosition(position, 10_000)).toBe(true);
    const after = await readStore.find<AnswerDistributionDocument>(
      ANSWER_DISTRIBUTIONS_COLLECTION,
      {},
      { sort: [{ field: 'id', direction: 'asc' }] },
    );
    expect(after).toEqual(before);
  });
});

describe('the events assessment-statistics skips', () => {
  it('change only what it does not keep: comment and narrative text, the last update', () => {
    const started = evolveAssessment(initialAssessmentState, {
      ...toNew(ev('AssessmentStarted', 'a1', { ownerId: 'worker-1', agencyId: null, assessmentType: '62', previousAssessmentId: null })),
      recordedAt: '2024-05-01T10:00:00.000Z',
    });
    const samples: Record<string, AssessmentEvent> = {
      [AssessmentEvents.QuestionCommentSaved]: ev('QuestionCommentSaved', 'a1', {
        commentId: 'c1',
        questionCode: 'Q1',
        caregiverId: null,
        content: 'text',
        authorId: 'worker-1',
      }),
      [AssessmentEvents.QuestionCommentDeleted]: ev('QuestionCommentDeleted', 'a1', { commentId: 'c1' }),
      [AssessmentEvents.NarrativeSaved]: ev('NarrativeSaved', 'a1', { narrative: { ...EMPTY_NARRATIVE, plan: 'plan' } }),
    };
    expect(Object.keys(samples).sort()).toEqual([...TEXT_ONLY_EVENT_TYPES].sort());
    const kept = ({ comments, narrative, statusComments, lastModifiedAt, ...rest }: AssessmentState) => rest;
    for (const event of Object.values(samples)) {
      const after = evolveAssessment(started, { ...toNew(event), recordedAt: '2024-05-02T10:00:00.000Z' });
      expect(after).not.toBe(started);
      expect(kept(after)).toEqual(kept(started));
    }
  });
});
