import type { Narrative } from '../assessment.values';
import { EMPTY_NARRATIVE } from '../assessment.values';
import { ASSESSMENT_EVENT_TYPES } from '../assessment.events';
import { OWNER, SIBLING, SUPERVISOR, caregiver, ev } from '../test-support/assessment-fixtures';
import { describeAssessmentEvents } from './history.describe';
import { START, change as c, describeNew, startedStream, vocabulary } from './test-support/history-stream';

describe('describeAssessmentEvents: ratings and comments', () => {
  const rated = (rating: '0' | '1' | '2' | '3' | 'NA', caregiverId: string | null = null, questionCode = 'CHRONICITY') =>
    ev('ItemRated', { questionCode, caregiverId, rating });

  it('a first rating, a change with the rating it was, N/A, and clearing', () => {
    const stream = startedStream();
    expect(
      describeNew(stream, [
        rated('1'),
        rated('2'),
        rated('2'),
        rated('NA'),
        ev('ItemRatingCleared', { questionCode: 'CHRONICITY', caregiverId: null }),
        ev('ItemRatingCleared', { questionCode: 'CHRONICITY', caregiverId: null }),
      ]),
    ).toEqual([
      { kind: 'rating', sentence: 'Rated Chronicity 1', changes: [c('rating.CHRONICITY', 'Chronicity', null, '1')] },
      { kind: 'rating', sentence: 'Rated Chronicity 2 (was 1)', changes: [c('rating.CHRONICITY', 'Chronicity', '1', '2')] },
      { kind: 'rating', sentence: 'Rated Chronicity 2 (unchanged)', changes: [] },
      { kind: 'rating', sentence: 'Rated Chronicity N/A (was 2)', changes: [c('rating.CHRONICITY', 'Chronicity', '2', 'N/A')] },
      {
        kind: 'rating',
        sentence: 'Cleared the rating of Chronicity (was N/A)',
        changes: [c('rating.CHRONICITY', 'Chronicity', 'N/A', null)],
      },
      { kind: 'rating', sentence: 'Cleared the rating of Chronicity', changes: [] },
    ]);
  });

  it('a caregiver item names the caregiver; a rating for a caregiver not on the assessment changes nothing', () => {
    const stream = startedStream().append(OWNER, ev('CaregiverAdded', { caregiver: caregiver('cg-1', 'Ann') }));
    expect(describeNew(stream, [rated('3', 'cg-1', 'CG_SUPERVISION'), rated('1', 'cg-9', 'CG_SUPERVISION')])).toEqual([
      {
        kind: 'rating',
        sentence: 'Rated Supervision (caregiver Ann Hale) 3',
        changes: [c('rating.CG_SUPERVISION.cg-1', 'Supervision (caregiver Ann Hale)', null, '3')],
      },
      { kind: 'rating', sentence: 'Rated Supervision (caregiver cg-9) 1', changes: [] },
    ]);
  });

  it('a comment written, edited and deleted; the sentence shortens a long text, the change keeps it whole', () => {
    const long = `Lasting since 2022. ${'Sleeps badly before contact. '.repeat(10)}`.trim();
    const comment = (content: string) =>
      ev('QuestionCommentSaved', { commentId: 'cm-1', questionCode: 'CHRONICITY', caregiverId: null, content, authorId: SUPERVISOR });
    const entries = describeNew(
      startedStream(),
      [
        comment('Lasting since 2022.'),
        comment(long),
        ev('QuestionCommentDeleted', { commentId: 'cm-1' }),
        ev('QuestionCommentDeleted', { commentId: 'cm-1' }),
      ],
      SUPERVISOR,
    );
    expect(entries[0]).toEqual({
      kind: 'comment',
      sentence: 'Commented on Chronicity: Lasting since 2022.',
      changes: [c('comment.cm-1', 'Comment on Chronicity', null, 'Lasting since 2022.')],
    });
    expect(entries[1].sentence).toBe(`Edited the comment on Chronicity: ${long.slice(0, 119).trimEnd()}…`);
    expect(entries[1].changes).toEqual([c('comment.cm-1', 'Comment on Chronicity', 'Lasting since 2022.', long)]);
    expect(entries[2]).toEqual({
      kind: 'comment',
      sentence: 'Deleted the comment on Chronicity',
      changes: [c('comment.cm-1', 'Comment on Chronicity', long, null)],
    });
    expect(entries[3]).toEqual({ kind: 'comment', sentence: 'Deleted a comment', changes: [] });
  });
});

describe('describeAssessmentEvents: narrative, status, reports, sharing and owner', () => {
  const narrative = (fields: Partial<Narrative>) => ev('NarrativeSaved', { narrative: { ...EMPTY_NARRATIVE, ...fields } });

  it('the narrative: written, changed, saved unchanged', () => {
    expect(
      describeNew(startedStream(), [
        narrative({ impressions: 'Settled.' }),
        narrative({ impressions: 'Settled at school.', plan: 'Weekly sessions.' }),
        narrative({ impressions: 'Settled at school.', plan: 'Weekly sessions.' }),
      ]),
    ).toEqual([
      {
        kind: 'narrative',
        sentence: 'Wrote the narrative: Impressions',
        changes: [c('narrative.impressions', 'Narrative: Impressions', null, 'Settled.')],
      },
      {
        kind: 'narrative',
        sentence: 'Changed the narrative: Impressions, Plan',
        changes: [
          c('narrative.impressions', 'Narrative: Impressions', 'Settled.', 'Settled at school.'),
          c('narrative.plan', 'Narrative: Plan', null, 'Weekly sessions.'),
        ],
      },
      { kind: 'narrative', sentence: 'Saved the narrative (no changes)', changes: [] },
    ]);
  });

  it('complete, return with the reason, complete again, approve, exclude and include', () => {
    const stream = startedStream();
    const entries = [
      ...describeNew(stream, ev('AssessmentCompleted', { completedBy: OWNER })),
      ...describeNew(stream, ev('AssessmentReturned', { returnedBy: SUPERVISOR, reason: 'Please rate trauma again.' }), SUPERVISOR),
      ...describeNew(stream, ev('AssessmentCompleted', { completedBy: OWNER })),
      ...describeNew(
        stream,
        [
          ev('AssessmentApproved', { approvedBy: SUPERVISOR }),
          ev('AssessmentExcludedFromReports', {}),
          ev('AssessmentIncludedInReports', {}),
        ],
        SUPERVISOR,
      ),
    ];
    expect(entries).toEqual([
      { kind: 'status', sentence: 'Completed and sent for approval', changes: [c('status', 'Status', 'Incomplete', 'Pending Approval')] },
      {
        kind: 'status',
        sentence: 'Returned: Please rate trauma again.',
        changes: [
          c('status', 'Status', 'Pending Approval', 'Returned'),
          c('statusComment.0', 'Returned Comments', null, 'Please rate trauma again.'),
        ],
      },
      { kind: 'status', sentence: 'Completed and sent for approval', changes: [c('status', 'Status', 'Returned', 'Pending Approval')] },
      { kind: 'status', sentence: 'Approved', changes: [c('status', 'Status', 'Pending Approval', 'Approved')] },
      { kind: 'reports', sentence: 'Excluded from reports', changes: [c('includedInReports', 'Included in reports', 'Yes', 'No')] },
      { kind: 'reports', sentence: 'Included in reports', changes: [c('includedInReports', 'Included in reports', 'No', 'Yes')] },
    ]);
  });

  it('close with the reason, and delete', () => {
    expect(
      describeNew(startedStream(), [
        ev('AssessmentClosed', { closedBy: OWNER, reason: 'Family moved away.' }),
        ev('AssessmentDeleted', { deletedBy: OWNER, previousStatus: 'e' }),
      ]),
    ).toEqual([
      {
        kind: 'status',
        sentence: 'Closed: Family moved away.',
        changes: [c('status', 'Status', 'Incomplete', 'Closed'), c('statusComment.0', 'Close Comments', null, 'Family moved away.')],
      },
      { kind: 'status', sentence: 'Deleted', changes: [c('status', 'Status', 'Closed', 'Deleted')] },
    ]);
  });

  it('sharing names who was added and who was removed; a reassignment names both owners', () => {
    const shared = (...userIds: string[]) => ev('AssessmentSharedWithUsers', { userIds });
    expect(
      describeNew(startedStream(), [
        shared(SIBLING, 'worker-3'),
        shared('worker-3'),
        shared(SIBLING),
        shared(SIBLING),
        ev('AssessmentReassigned', { fromUserId: OWNER, toUserId: SIBLING, agencyId: 'agency-1' }),
      ]),
    ).toEqual([
      {
        kind: 'sharing',
        sentence: 'Shared with Jane Doe, John Roe',
        changes: [c('sharedWith', 'Shared with', null, 'Jane Doe, John Roe')],
      },
      {
        kind: 'sharing',
        sentence: 'Stopped sharing with Jane Doe',
        changes: [c('sharedWith', 'Shared with', 'Jane Doe, John Roe', 'John Roe')],
      },
      {
        kind: 'sharing',
        sentence: 'Shared with Jane Doe; stopped sharing with John Roe',
        changes: [c('sharedWith', 'Shared with', 'John Roe', 'Jane Doe')],
      },
      { kind: 'sharing', sentence: 'Saved the sharing (no changes)', changes: [] },
      {
        kind: 'owner',
        sentence: 'Reassigned from Wendy Walker to Jane Doe',
        // The new owner no longer needs the share.
        changes: [c('owner', 'Case worker', 'Wendy Walker', 'Jane Doe'), c('sharedWith', 'Shared with', 'Jane Doe', null)],
      },
    ]);
  });
});

describe('describeAssessmentEvents: events it cannot read', () => {
  it('describes an unknown event type by its name and goes on with the stream', () => {
    const stream = startedStream()
      .appendRaw(OWNER, 'AssessmentArchived', { assessmentId: 'a-1' })
      .appendRaw(SUPERVISOR, 'AssessmentRecordsRead', { what: 'summary' })
      .append(OWNER, ev('ItemRated', { questionCode: 'CHRONICITY', caregiverId: null, rating: '1' }));
    const described = describeAssessmentEvents(stream.events, vocabulary).slice(3);
    expect(described.map(({ kind, type, sentence, changes }) => ({ kind, type, sentence, changes }))).toEqual([
      { kind: 'status', type: 'AssessmentArchived', sentence: 'Assessment archived', changes: [] },
      { kind: 'viewed', type: 'AssessmentRecordsRead', sentence: 'Assessment records read', changes: [] },
      { kind: 'rating', type: 'ItemRated', sentence: 'Rated Chronicity 1', changes: [c('rating.CHRONICITY', 'Chronicity', null, '1')] },
    ]);
  });

  it('describes a known type with unreadable data generically instead of throwing', () => {
    const stream = startedStream().appendRaw(OWNER, 'ItemRated', null).appendRaw(null, 'QuestionCommentSaved', undefined);
    const described = describeAssessmentEvents(stream.events, vocabulary).slice(3);
    expect(described.map(({ kind, sentence, userId }) => ({ kind, sentence, userId }))).toEqual([
      { kind: 'rating', sentence: 'Item rated', userId: OWNER },
      { kind: 'comment', sentence: 'Question comment saved', userId: null },
    ]);
  });

  it('every assessment event type has its own sentence (none falls back to the generic one)', () => {
    const generic = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    const stream = startedStream().append(OWNER, [
      ev('CaregiverAdded', { caregiver: caregiver('cg-1', 'Ann') }),
      ev('AssessmentTypeChanged', { from: '62', to: '63' }),
      ev('CaregiverEdited', { caregiverId: 'cg-1', details: { ...caregiver('cg-1', 'Ann'), phone: null } }),
      ev('FamilyCaregiversBound', { familyId: 'F-1', caregivers: [] }),
      ev('ItemRated', { questionCode: 'CHRONICITY', caregiverId: null, rating: '1' }),
      ev('ItemRatingCleared', { questionCode: 'CHRONICITY', caregiverId: null }),
      ev('QuestionCommentSaved', { commentId: 'cm-1', questionCode: 'CHRONICITY', caregiverId: null, content: 'x', authorId: OWNER }),
      ev('QuestionCommentDeleted', { commentId: 'cm-1' }),
      ev('CaregiverRemoved', { caregiverId: 'cg-1' }),
      ev('NarrativeSaved', { narrative: EMPTY_NARRATIVE }),
      ev('AssessmentSharedWithUsers', { userIds: [SIBLING] }),
      ev('AssessmentReassigned', { fromUserId: OWNER, toUserId: SIBLING, agencyId: null }),
      ev('AssessmentCompleted', { completedBy: SIBLING }),
      ev('AssessmentReturned', { returnedBy: SUPERVISOR, reason: 'r' }),
      ev('AssessmentCompleted', { completedBy: SIBLING }),
      ev('AssessmentApproved', { approvedBy: SUPERVISOR }),
      ev('AssessmentExcludedFromReports', {}),
      ev('AssessmentIncludedInReports', {}),
      ev('AssessmentClosed', { closedBy: SIBLING, reason: 'c' }),
      ev('AssessmentDeleted', { deletedBy: SIBLING, previousStatus: 'e' }),
    ]);
    const described = describeAssessmentEvents(stream.events, vocabulary);
    expect(new Set(described.map((d) => d.type))).toEqual(new Set(ASSESSMENT_EVENT_TYPES));
    for (const entry of described) expect(entry.sentence.toLowerCase()).not.toBe(generic(entry.type));
  });

  it("carries each event's revision, position, time and actor", () => {
    const stream = startedStream().append(SUPERVISOR, ev('AssessmentSharedWithUsers', { userIds: [SIBLING] }), '2024-05-02T10:00:00.000Z');
    const last = describeAssessmentEvents(stream.events, vocabulary).at(-1)!;
    expect([last.revision, last.position, last.at, last.userId, last.libraryVersion]).toEqual([
      3,
      1009,
      '2024-05-02T10:00:00.000Z',
      SUPERVISOR,
      '1',
    ]);
    expect(START < last.at).toBe(true);
  });
});
