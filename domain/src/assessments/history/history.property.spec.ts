import fc from 'fast-check';
import { AssessmentState, evolveAssessment, initialAssessmentState } from '../assessment.aggregate';
import type { AssessmentEvent } from '../assessment.events';
import { EMPTY_NARRATIVE, type ChildInformation } from '../assessment.values';
import { OWNER, SIBLING, SUPERVISOR, caregiver, ev } from '../test-support/assessment-fixtures';
import { diffAssessmentStates } from './history.changes';
import { describeAssessmentEvents } from './history.describe';
import { HISTORY_KINDS } from './history.types';
import { startedStream, vocabulary } from './test-support/history-stream';

const users = fc.constantFrom(OWNER, SUPERVISOR, SIBLING, 'worker-3');
const caregiverIds = fc.constantFrom('cg-1', 'cg-2');
const itemOf = fc.record({ questionCode: fc.constantFrom('CHRONICITY', 'CG_SUPERVISION', 'TRAUMA'), caregiverId: fc.option(caregiverIds) });
const text = fc.string({ maxLength: 200 });

/** Any event the product can write, with any order and any plausible data (and now and then an unknown type). */
function eventArbitrary(child: ChildInformation): fc.Arbitrary<AssessmentEvent> {
  const details = fc.record({
    firstName: fc.constantFrom('Ann', 'Bob'),
    phone: fc.option(fc.constantFrom('555', '556')),
    city: fc.option(text),
  });
  return fc.oneof(
    fc.tuple(caregiverIds, details).map(([id, d]) => ev('CaregiverAdded', { caregiver: caregiver(id, d.firstName, d) })),
    fc.tuple(caregiverIds, details).map(([id, d]) => {
      const { caregiverId: _id, ...rest } = caregiver(id, d.firstName, d);
      return ev('CaregiverEdited', { caregiverId: id, details: rest });
    }),
    caregiverIds.map((caregiverId) => ev('CaregiverRemoved', { caregiverId })),
    fc
      .tuple(fc.constantFrom('F-1', 'F-2'), fc.subarray(['cg-1', 'cg-2', 'cg-3']))
      .map(([familyId, ids]) => ev('FamilyCaregiversBound', { familyId, caregivers: ids.map((id) => caregiver(id, 'Kin')) })),
    fc.tuple(itemOf, fc.constantFrom('0', '1', '2', '3', '4', 'NA' as const)).map(([item, rating]) => ev('ItemRated', { ...item, rating })),
    itemOf.map((item) => ev('ItemRatingCleared', item)),
    fc
      .tuple(fc.constantFrom('cm-1', 'cm-2'), itemOf, text, users)
      .map(([commentId, item, content, authorId]) => ev('QuestionCommentSaved', { commentId, ...item, content, authorId })),
    fc.constantFrom('cm-1', 'cm-2', 'cm-9').map((commentId) => ev('QuestionCommentDeleted', { commentId })),
    fc.record({ impressions: text, plan: text }).map((n) => ev('NarrativeSaved', { narrative: { ...EMPTY_NARRATIVE, ...n } })),
    fc
      .record({
        dateOfBirth: fc.constantFrom('2012-03-15', '2012-03-14'),
        city: fc.option(text),
        lookedAfterStatus: fc.option(fc.constantFrom('Section 20', 'x')),
      })
      .map((changes) => ev('ChildInformationSaved', { child: { ...child, ...changes } })),
    fc
      .tuple(fc.constantFrom('62', '63', '64'), fc.constantFrom('62', '63', '99'))
      .map(([from, to]) => ev('AssessmentTypeChanged', { from, to })),
    users.map((by) => ev('AssessmentCompleted', { completedBy: by })),
    fc.tuple(users, text).map(([by, reason]) => ev('AssessmentReturned', { returnedBy: by, reason })),
    users.map((by) => ev('AssessmentApproved', { approvedBy: by })),
    fc.tuple(users, text).map(([by, reason]) => ev('AssessmentClosed', { closedBy: by, reason })),
    users.map((by) => ev('AssessmentDeleted', { deletedBy: by, previousStatus: 'i' })),
    fc.constantFrom(ev('AssessmentIncludedInReports', {}), ev('AssessmentExcludedFromReports', {})),
    fc.subarray([SIBLING, SUPERVISOR, 'worker-3']).map((userIds) => ev('AssessmentSharedWithUsers', { userIds })),
    fc.tuple(users, users).map(([fromUserId, toUserId]) => ev('AssessmentReassigned', { fromUserId, toUserId, agencyId: null })),
    fc
      .tuple(fc.constantFrom('SomethingNew', 'ItemRated', 'CaregiverEdited'), fc.anything())
      .map(([type, data]) => ({ type, data }) as unknown as AssessmentEvent),
  );
}

function streamOf(events: readonly AssessmentEvent[], actors: readonly string[]) {
  const stream = startedStream();
  events.forEach((event, i) => stream.append(actors[i % actors.length], event));
  return stream;
}

describe('history properties over random streams', () => {
  const started = startedStream();
  const child = (started.events[2].data as { child: ChildInformation }).child;
  const streams = fc.tuple(
    fc.array(eventArbitrary(child), { minLength: 5, maxLength: 60, size: 'max' }),
    fc.array(users, { minLength: 1, maxLength: 3 }),
  );

  it('describe never throws, gives one entry per event, and each entry changes exactly what the fold changed', () => {
    fc.assert(
      fc.property(streams, ([events, actors]) => {
        const stream = streamOf(events, actors);
        const described = describeAssessmentEvents(stream.events, vocabulary);
        expect(described).toHaveLength(stream.events.length);
        // Checked without expect per event (jest's matchers would dominate the run time), reported at once.
        const wrong: unknown[] = [];
        let state: AssessmentState = initialAssessmentState;
        stream.events.forEach((event, i) => {
          let after = state;
          try {
            after = evolveAssessment(state, event);
          } catch {
            // The describer keeps the state for data the fold cannot read; so does this check.
          }
          const entry = described[i];
          const expected = diffAssessmentStates(state, after, vocabulary);
          const valid = HISTORY_KINDS.includes(entry.kind) && entry.sentence.length > 0 && entry.revision === event.revision;
          if (!valid || JSON.stringify(entry.changes) !== JSON.stringify(expected)) wrong.push({ entry, expected });
          state = after;
        });
        expect(wrong).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('a state differs from itself (and from a copy of itself) in nothing', () => {
    fc.assert(
      fc.property(streams, fc.nat(), ([events, actors], pick) => {
        const stream = streamOf(events, actors);
        const states = stream.events.reduce<AssessmentState[]>((all, event) => {
          try {
            all.push(evolveAssessment(all[all.length - 1] ?? initialAssessmentState, event));
          } catch {
            all.push(all[all.length - 1]);
          }
          return all;
        }, []);
        const state = states[pick % states.length];
        expect(diffAssessmentStates(state, state, vocabulary)).toEqual([]);
        expect(diffAssessmentStates(state, structuredClone(state), vocabulary)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
