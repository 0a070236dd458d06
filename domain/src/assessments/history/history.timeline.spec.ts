import { evolveAssessment, initialAssessmentState } from '../assessment.aggregate';
import { EMPTY_NARRATIVE } from '../assessment.values';
import { OWNER, SIBLING, SUPERVISOR, caregiver, ev } from '../test-support/assessment-fixtures';
import { diffAssessmentStates } from './history.changes';
import { describeAssessmentEvents, mentionedUserIds } from './history.describe';
import { assessmentStateAt, groupIntoSessions } from './history.timeline';
import { RecordedStream, change as c, startedStream, vocabulary } from './test-support/history-stream';

const RETURNED_AT = '2024-05-03T10:00:00.000Z';

/** Rated, completed, returned by the supervisor, re-rated and commented, completed again and approved. */
function returnedAndApproved(): { stream: RecordedStream; completedRevision: number } {
  const stream = startedStream().append(OWNER, [
    ev('CaregiverAdded', { caregiver: caregiver('cg-1', 'Ann') }),
    ev('ItemRated', { questionCode: 'CHRONICITY', caregiverId: null, rating: '1' }),
    ev('ItemRated', { questionCode: 'CG_SUPERVISION', caregiverId: 'cg-1', rating: '2' }),
    ev('NarrativeSaved', { narrative: { ...EMPTY_NARRATIVE, impressions: 'Settled.' } }),
    ev('AssessmentCompleted', { completedBy: OWNER }),
  ]);
  const completedRevision = stream.lastRevision;
  stream
    .append(SUPERVISOR, ev('AssessmentReturned', { returnedBy: SUPERVISOR, reason: 'Chronicity looks too low.' }), RETURNED_AT)
    .append(OWNER, [
      ev('ItemRated', { questionCode: 'CHRONICITY', caregiverId: null, rating: '3' }),
      ev('QuestionCommentSaved', {
        commentId: 'cm-1',
        questionCode: 'CHRONICITY',
        caregiverId: null,
        content: 'Since 2021.',
        authorId: OWNER,
      }),
      ev('AssessmentCompleted', { completedBy: OWNER }),
    ])
    .append(SUPERVISOR, ev('AssessmentApproved', { approvedBy: SUPERVISOR }));
  return { stream, completedRevision };
}

describe('assessmentStateAt', () => {
  const { stream, completedRevision } = returnedAndApproved();
  const current = stream.events.reduce(evolveAssessment, initialAssessmentState);

  it('by revision: the state after the events up to and including it', () => {
    const atStart = assessmentStateAt(stream.events, { revision: 0 });
    expect([atStart.exists, atStart.libraryVersion, atStart.child]).toEqual([true, null, null]);
    const beforeReturn = assessmentStateAt(stream.events, { revision: completedRevision });
    expect([beforeReturn.status, beforeReturn.childRatings]).toEqual(['pendingApproval', { CHRONICITY: '1' }]);
    expect(assessmentStateAt(stream.events, { revision: stream.lastRevision })).toEqual(current);
    expect(assessmentStateAt(stream.events, { revision: stream.lastRevision + 5 })).toEqual(current);
  });

  it('by time: the events recorded at or before it, whatever form the ISO time has', () => {
    expect(assessmentStateAt(stream.events, { at: '2024-05-03T09:59:59.999Z' }).status).toBe('pendingApproval');
    expect(assessmentStateAt(stream.events, { at: '2024-05-03T10:00:00Z' }).status).toBe('returned');
    expect(assessmentStateAt(stream.events, { at: '2024-05-03T11:00:00+01:00' }).status).toBe('returned');
    expect(assessmentStateAt(stream.events, { at: '2030-01-01T00:00:00Z' })).toEqual(current);
    expect(assessmentStateAt(stream.events, { at: '2024-05-01T09:00:59Z' }).exists).toBe(false);
  });

  it('refuses a time it cannot read (the endpoint answers 400 before)', () => {
    expect(() => assessmentStateAt(stream.events, { at: 'yesterday' })).toThrow(RangeError);
  });
});

describe('diffAssessmentStates', () => {
  const { stream, completedRevision } = returnedAndApproved();
  const beforeReturn = assessmentStateAt(stream.events, { revision: completedRevision });
  const current = assessmentStateAt(stream.events, { revision: stream.lastRevision });

  it('across a return and a re-rating: status, the return reason, the new rating and the comment', () => {
    expect(diffAssessmentStates(beforeReturn, current, vocabulary)).toEqual([
      c('status', 'Status', 'Pending Approval', 'Approved'),
      c('statusComment.0', 'Returned Comments', null, 'Chronicity looks too low.'),
      c('rating.CHRONICITY', 'Chronicity', '1', '3'),
      c('comment.cm-1', 'Comment on Chronicity', null, 'Since 2021.'),
    ]);
  });

  it('backwards it gives the same fields with before and after swapped', () => {
    const forwards = diffAssessmentStates(beforeReturn, current, vocabulary);
    expect(diffAssessmentStates(current, beforeReturn, vocabulary)).toEqual(
      forwards.map((f) => ({ ...f, before: f.after, after: f.before })),
    );
  });

  it('names every field as the history does', () => {
    const described = describeAssessmentEvents(stream.events, vocabulary).flatMap((entry) => entry.changes);
    const fromNothing = diffAssessmentStates(initialAssessmentState, current, vocabulary);
    expect(fromNothing.map((f) => f.field)).toContain('caregiver.cg-1.firstName');
    expect(fromNothing.map((f) => f.field)).toContain('rating.CG_SUPERVISION.cg-1');
    for (const change of fromNothing) {
      expect(described).toContainEqual(expect.objectContaining({ field: change.field, label: change.label }));
    }
    // Folding every entry's after over its field gives the current state's values.
    const latest = new Map(described.map((change) => [change.field, change.after]));
    for (const change of fromNothing) expect(latest.get(change.field)).toBe(change.after);
  });
});

describe('mentionedUserIds', () => {
  it('lists actors and every user the data names, once, in order of first mention', () => {
    const stream = startedStream()
      .append(null, ev('AssessmentSharedWithUsers', { userIds: ['worker-3'], grantedBy: { 'worker-3': 'worker-4' } }))
      .append(
        SUPERVISOR,
        ev('QuestionCommentSaved', {
          commentId: 'cm-1',
          questionCode: 'CHRONICITY',
          caregiverId: null,
          content: 'x',
          authorId: 'worker-5',
        }),
      )
      .append(SUPERVISOR, ev('AssessmentReassigned', { fromUserId: OWNER, toUserId: SIBLING, agencyId: null }))
      .append(SIBLING, [
        ev('AssessmentCompleted', { completedBy: SIBLING }),
        ev('AssessmentReturned', { returnedBy: 'worker-6', reason: 'r' }),
      ])
      .append(SIBLING, ev('AssessmentApproved', { approvedBy: 'worker-7' }))
      .append(SIBLING, [
        ev('AssessmentClosed', { closedBy: 'worker-8', reason: 'c' }),
        ev('AssessmentDeleted', { deletedBy: 'worker-9', previousStatus: 'e' }),
      ])
      .appendRaw('worker-10', 'SomethingNew', null);
    expect(mentionedUserIds(stream.events)).toEqual([
      OWNER,
      'worker-3',
      'worker-4',
      SUPERVISOR,
      'worker-5',
      SIBLING,
      'worker-6',
      'worker-7',
      'worker-8',
      'worker-9',
      'worker-10',
    ]);
  });
});

describe('groupIntoSessions', () => {
  const entry = (id: string, userId: string | null, at: string) => ({ id, userId, at });
  const ids = (sessions: ReturnType<typeof groupIntoSessions<{ id: string; userId: string | null; at: string }>>) =>
    sessions.map((s) => ({ userId: s.userId, startedAt: s.startedAt, endedAt: s.endedAt, ids: s.entries.map((e) => e.id) }));

  it('keeps a gap of exactly 30 minutes in the session and starts a new one after a longer gap', () => {
    const entries = [
      entry('a', OWNER, '2024-05-01T09:00:00.000Z'),
      entry('b', OWNER, '2024-05-01T09:30:00.000Z'),
      entry('c', OWNER, '2024-05-01T10:00:00.000Z'),
      entry('d', OWNER, '2024-05-01T10:30:00.001Z'),
    ];
    expect(ids(groupIntoSessions(entries))).toEqual([
      { userId: OWNER, startedAt: '2024-05-01T09:00:00.000Z', endedAt: '2024-05-01T10:00:00.000Z', ids: ['a', 'b', 'c'] },
      { userId: OWNER, startedAt: '2024-05-01T10:30:00.001Z', endedAt: '2024-05-01T10:30:00.001Z', ids: ['d'] },
    ]);
    expect(groupIntoSessions(entries, 29)).toHaveLength(4);
  });

  it('starts a new session when another user acts, and again when the first comes back; system entries group too', () => {
    const entries = [
      entry('a', OWNER, '2024-05-01T09:00:00.000Z'),
      entry('b', SUPERVISOR, '2024-05-01T09:01:00.000Z'),
      entry('c', OWNER, '2024-05-01T09:02:00.000Z'),
      entry('d', null, '2024-05-01T09:03:00.000Z'),
      entry('e', null, '2024-05-01T09:04:00.000Z'),
    ];
    expect(ids(groupIntoSessions(entries)).map((s) => [s.userId, s.ids])).toEqual([
      [OWNER, ['a']],
      [SUPERVISOR, ['b']],
      [OWNER, ['c']],
      [null, ['d', 'e']],
    ]);
  });

  it('sorts by time (equal times keep their order) without reordering the input', () => {
    const entries = [
      entry('late', SUPERVISOR, '2024-05-02T09:00:00.000Z'),
      entry('first', OWNER, '2024-05-01T09:00:00.000Z'),
      entry('same-time', OWNER, '2024-05-01T09:00:00Z'),
    ];
    expect(ids(groupIntoSessions(entries)).map((s) => s.ids)).toEqual([['first', 'same-time'], ['late']]);
    expect(entries.map((e) => e.id)).toEqual(['late', 'first', 'same-time']);
    expect(groupIntoSessions([])).toEqual([]);
  });
});

describe('describing a long history', () => {
  it('describes every event of a 500-event history, one entry per event in order (its speed is measured by npm run bench)', () => {
    const stream = startedStream().append(
      OWNER,
      [caregiver('cg-1', 'Ann'), caregiver('cg-2', 'Bob')].map((cg) => ev('CaregiverAdded', { caregiver: cg })),
    );
    const ratings = ['0', '1', '2', '3'] as const;
    for (let i = 0; stream.events.length < 500; i++) {
      const code = `ITEM_${i % 150}`;
      if (i % 10 === 9) {
        stream.append(
          OWNER,
          ev('QuestionCommentSaved', {
            commentId: `cm-${i % 30}`,
            questionCode: code,
            caregiverId: null,
            content: `Note ${i}`,
            authorId: OWNER,
          }),
        );
      } else if (i % 25 === 24) {
        stream.append(OWNER, ev('NarrativeSaved', { narrative: { ...EMPTY_NARRATIVE, impressions: `Draft ${i}` } }));
      } else {
        stream.append(OWNER, ev('ItemRated', { questionCode: code, caregiverId: i % 7 === 0 ? 'cg-1' : null, rating: ratings[i % 4] }));
      }
    }
    const described = describeAssessmentEvents(stream.events, vocabulary);
    expect(described).toHaveLength(500);
    expect(described.map((entry) => entry.revision)).toEqual(stream.events.map((event) => event.revision));
    expect(described.filter((entry) => entry.kind === 'rating').length).toBeGreaterThan(400);
  });
});
