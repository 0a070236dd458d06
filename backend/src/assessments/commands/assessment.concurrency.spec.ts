/**
 * Concurrency through the real event store (PGlite always, PostgreSQL when TEST_DATABASE_URL is set) and the
 * handler production runs (EventSourcedCommandHandler with the assessment decider and the batch's concurrency
 * policy): the merge policy keeps both ratings of two users, conflicting transitions answer 409, and a state read
 * back from the store (JSONB) decides exactly like the state folded in memory.
 */
import { sqlBackends, TestDatabase } from '@cans/storage/test-support/databases';
import type { Actor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { WrongExpectedRevisionError } from '@cans/storage/event-store/event-store.port';
import { SqlEventStore } from '@cans/storage/event-store/sql-event-store';
import { initialAssessmentState } from '@cans/domain/assessments/assessment.aggregate';
import { MERGE_ATTEMPTS, concurrencyPolicyOf } from '@cans/domain/assessments/assessment.concurrency';
import type { AssessmentCommand, AssessmentContext } from '@cans/domain/assessments/assessment.commands';
import { assessmentDecider } from '@cans/domain/assessments/assessment.decider';
import { AssessmentEvent, assessmentStreamId } from '@cans/domain/assessments/assessment.events';
import { assessmentConcurrency } from './assessment.commands';
import {
  COMPLETE_NARRATIVE,
  OWNER,
  SIBLING,
  SUPERVISOR,
  caregiver,
  childInput,
  context,
  rateEverything,
  seedLibrary,
} from '@cans/domain/assessments/test-support/assessment-fixtures';
import { visibleQuestionsOf } from '@cans/domain/assessments/questionnaire';

const actor = (userId: string): Actor => ({ userId, ip: null, correlationId: `test-${userId}` });

describe('concurrency policies', () => {
  it('ratings and question comments merge; everything else rejects a conflict', () => {
    expect(
      ['RateItem', 'ClearItemRating', 'SaveQuestionComment', 'DeleteQuestionComment'].map((c) => concurrencyPolicyOf(c as never)),
    ).toEqual(['merge', 'merge', 'merge', 'merge']);
    for (const command of [
      'SaveChildInformation',
      'SaveNarrative',
      'CompleteAssessment',
      'ApproveAssessment',
      'ReturnAssessment',
      'AddCaregiver',
      'ShareAssessment',
    ] as const) {
      expect(concurrencyPolicyOf(command)).toBe('reject');
    }
  });
});

for (const backend of sqlBackends()) {
  describe(`assessment stream on ${backend.name}`, () => {
    let database: TestDatabase;
    let store: SqlEventStore;
    let handler: EventSourcedCommandHandler;
    /**
     * Another app instance on the same store. Merging commands on one stream queue within one instance, so the
     * concurrent writer of the races below is another instance: only there can a write land between a load and its
     * append.
     */
    let otherInstance: EventSourcedCommandHandler;
    let counter = 0;

    beforeAll(async () => {
      database = await backend.create();
      store = await SqlEventStore.create(database.client);
      handler = new EventSourcedCommandHandler(store);
      otherInstance = new EventSourcedCommandHandler(store);
    });

    afterAll(async () => {
      await store?.close();
      await database?.dispose();
    });

    /**
     * One user's command through the production handler; `afterLoad` runs between that user's load and decision
     * (the race window: prepare runs on every attempt right after the load).
     */
    function run(
      assessmentId: string,
      command: AssessmentCommand,
      ctx: AssessmentContext,
      afterLoad?: (attempt: number) => Promise<void>,
      clientRevision?: number,
      instance: EventSourcedCommandHandler = handler,
    ) {
      let loads = 0;
      const batch = { commands: [command], context: ctx };
      return instance.handle(assessmentStreamId(assessmentId), assessmentDecider, batch, {
        actor: actor(ctx.actorId),
        concurrency: assessmentConcurrency([command.type], clientRevision),
        prepare: async () => {
          loads += 1;
          await afterLoad?.(loads);
          return batch;
        },
      });
    }

    const load = (assessmentId: string) => handler.load(assessmentStreamId(assessmentId), assessmentDecider);

    /** Appends events as the owner at the expected revision, as a command would. */
    const append = (assessmentId: string, events: AssessmentEvent[], expected: number | 'no_stream') =>
      store.append(
        assessmentStreamId(assessmentId),
        events.map((event) => ({
          type: event.type,
          data: event.data,
          schemaVersion: 1,
          metadata: { userId: OWNER, ip: null, correlationId: 'test', causationId: null },
        })),
        expected,
      );

    async function started(prepare: AssessmentCommand[] = []): Promise<string> {
      const assessmentId = `a-${++counter}-${backend.name}`;
      const events = assessmentDecider.decide(
        {
          commands: [{ type: 'StartAssessment', assessmentId, child: childInput(), agencyId: 'agency-1' }, ...prepare],
          context: context(),
        },
        initialAssessmentState,
      );
      await append(assessmentId, events, 'no_stream');
      return assessmentId;
    }

    it('two users rating different items at the same time both keep their rating', async () => {
      const id = await started();
      const worker = context({ actorId: OWNER });
      const colleague = context({ actorId: SIBLING });
      // The colleague loads, then the worker's rating lands before the colleague appends.
      const outcome = await run(
        id,
        { type: 'RateItem', questionCode: 'ANXIETY', caregiverId: null, rating: '3' },
        colleague,
        async (attempt) => {
          if (attempt === 1) {
            await run(
              id,
              { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: '2' },
              worker,
              undefined,
              undefined,
              otherInstance,
            );
          }
        },
      );
      expect(outcome.attempts).toBe(2);
      const { state, revision } = await load(id);
      expect(state.childRatings).toEqual({ DEPRESSION: '2', ANXIETY: '3' });
      expect(revision).toBe(4);
    });

    it('the same item rated by two users at once: the later one wins', async () => {
      const id = await started();
      await run(
        id,
        { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: '3' },
        context({ actorId: SIBLING }),
        async (attempt) => {
          if (attempt === 1) {
            await run(
              id,
              { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: '1' },
              context(),
              undefined,
              undefined,
              otherInstance,
            );
          }
        },
      );
      expect((await load(id)).state.childRatings).toEqual({ DEPRESSION: '3' });
    });

    it('a retried rating is decided again: after a concurrent Close it is refused (409) and nothing is written', async () => {
      const id = await started();
      const attempt = run(
        id,
        { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: '2' },
        context({ actorId: SIBLING }),
        async (n) => {
          if (n === 1) await run(id, { type: 'CloseAssessment', reason: 'Moved away.' }, context());
        },
      );
      await expect(attempt).rejects.toMatchObject({ conflict: true, message: 'An assessment that is Closed cannot be rated.' });
      const { state } = await load(id);
      expect(state.status).toBe('closed');
      expect(state.childRatings).toEqual({});
    });

    it('gives up after MERGE_ATTEMPTS conflicts in a row (409)', async () => {
      const id = await started();
      let other = 0;
      const attempt = run(
        id,
        { type: 'RateItem', questionCode: 'ANXIETY', caregiverId: null, rating: '1' },
        context({ actorId: SIBLING }),
        async () => {
          other += 1;
          await run(
            id,
            { type: 'RateItem', questionCode: 'DEPRESSION', caregiverId: null, rating: (other % 2 === 0 ? '1' : '2') as never },
            context(),
            undefined,
            undefined,
            otherInstance,
          );
        },
      );
      await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(other).toBe(MERGE_ATTEMPTS);
      expect((await load(id)).state.childRatings.ANXIETY).toBeUndefined();
    });

    it('conflicting transitions: approve and return at once — the second gets 409, the first stands', async () => {
      const id = await started();
      // Make it completable and complete it through the real stream.
      let { state, revision } = await load(id);
      const filled = rateEverything(state);
      const ratings = visibleQuestionsOf(filled, seedLibrary).map((q): AssessmentEvent => ({
        type: 'ItemRated',
        data: { assessmentId: id, questionCode: q.code, caregiverId: q.caregiverId, rating: '0' },
      }));
      await append(id, [...ratings, { type: 'NarrativeSaved', data: { assessmentId: id, narrative: COMPLETE_NARRATIVE } }], revision);
      await run(id, { type: 'CompleteAssessment' }, context());
      ({ state, revision } = await load(id));
      expect(state.status).toBe('pendingApproval');

      const returning = run(
        id,
        { type: 'ReturnAssessment', reason: 'Needs evidence.' },
        context({ actorId: 'supervisor-2' }),
        async (n) => {
          if (n === 1) await run(id, { type: 'ApproveAssessment' }, context({ actorId: SUPERVISOR }));
        },
      );
      await expect(returning).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      const after = await load(id);
      expect(after.state).toMatchObject({ status: 'approved', approvedBy: SUPERVISOR, statusComments: [] });
      expect(after.revision).toBe((revision as number) + 1);

      // Retrying the return later is refused by the workflow itself (409 as a domain rule).
      await expect(
        run(id, { type: 'ReturnAssessment', reason: 'Needs evidence.' }, context({ actorId: 'supervisor-2' })),
      ).rejects.toMatchObject({
        conflict: true,
      });
    });

    it('a form saved on a stale revision is rejected (409), not merged', async () => {
      const id = await started();
      const { revision } = await load(id);
      await run(id, { type: 'SaveChildInformation', child: childInput({ city: 'York' }) }, context());
      await expect(
        run(id, { type: 'SaveChildInformation', child: childInput({ city: 'Hull' }) }, context(), undefined, revision as number),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await load(id)).state.child?.city).toBe('York');
    });

    it('a state read back from the store decides like the one folded in memory (nothing changed → nothing written)', async () => {
      const id = await started([
        { type: 'AddCaregiver', caregiverId: 'cg-1', details: caregiver('cg-1', 'Ann') },
        { type: 'SaveNarrative', narrative: COMPLETE_NARRATIVE },
      ]);
      const { state } = await load(id);
      expect(state.caregivers).toHaveLength(1);
      const noChange = await run(id, { type: 'SaveChildInformation', child: childInput() }, context());
      expect(noChange).toMatchObject({ changed: false, events: [], attempts: 1 });
      expect(await run(id, { type: 'EditCaregiver', caregiverId: 'cg-1', details: caregiver('cg-1', 'Ann') }, context())).toMatchObject({
        events: [],
      });
      expect(await run(id, { type: 'SaveNarrative', narrative: COMPLETE_NARRATIVE }, context())).toMatchObject({ events: [] });
      expect((await load(id)).revision).toBe(4);
    });

    it('refusals leave the stream untouched', async () => {
      const id = await started();
      await expect(run(id, { type: 'ReturnAssessment', reason: '' }, context())).rejects.toBeInstanceOf(DomainRuleViolation);
      await expect(run(id, { type: 'RateItem', questionCode: 'NOPE', caregiverId: null, rating: '1' }, context())).rejects.toBeInstanceOf(
        DomainRuleViolation,
      );
      expect((await load(id)).revision).toBe(2);
    });
  });
}
