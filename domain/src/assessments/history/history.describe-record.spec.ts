import type { ChildInformation } from '../assessment.values';
import type { ChildInformationSavedData } from '../assessment.events';
import { OWNER, caregiver, ev } from '../test-support/assessment-fixtures';
import { describeAssessmentEvents } from './history.describe';
import { historyVocabulary } from './history.types';
import type { DescribedEvent, HistoryVocabulary } from './history.types';
import { NAMES, RecordedStream, change as c, describeNew, startedStream, vocabulary } from './test-support/history-stream';

const childOf = (stream: RecordedStream): ChildInformation =>
  (stream.events.find((e) => e.type === 'ChildInformationSaved')!.data as ChildInformationSavedData).child;
const saveChild = (stream: RecordedStream, changes: Partial<ChildInformation>) =>
  ev('ChildInformationSaved', { child: { ...childOf(stream), ...changes } });

describe('describeAssessmentEvents: the start of an assessment', () => {
  const described = describeAssessmentEvents(startedStream().events, vocabulary);

  it('describes the start with its type, owner, status and report inclusion', () => {
    expect(described[0]).toEqual<DescribedEvent>({
      revision: 0,
      position: 1000,
      at: '2024-05-01T09:01:00.000Z',
      userId: OWNER,
      kind: 'created',
      type: 'AssessmentStarted',
      sentence: 'Started the assessment (Initial Assessment)',
      changes: [
        c('status', 'Status', null, 'Incomplete'),
        c('owner', 'Case worker', null, 'Wendy Walker'),
        c('assessmentType', 'Assessment Type', null, 'Initial Assessment'),
        c('includedInReports', 'Included in reports', null, 'Yes'),
      ],
      libraryVersion: null,
    });
  });

  it('describes the library version, which every later entry carries', () => {
    expect(described[1]).toMatchObject({
      kind: 'created',
      sentence: 'Recorded library version 1',
      changes: [c('libraryVersion', 'Library version', null, '1')],
      libraryVersion: '1',
    });
    expect(described[2].libraryVersion).toBe('1');
  });

  it('describes the first child record with every field entered, displayed as the product shows them', () => {
    expect(described[2]).toMatchObject({ kind: 'child', type: 'ChildInformationSaved', sentence: 'Entered the child record' });
    expect(described[2].changes).toEqual([
      c('child.cin', 'PID', null, 'PID-0001'),
      c('child.familyId', 'Family ID', null, 'FAM-1'),
      c('child.firstName', 'First Name', null, 'Robin'),
      c('child.lastName', 'Last Name', null, 'Hale'),
      c('child.gender', 'Gender', null, 'Female'),
      c('child.raceEthnicity', 'Race/Ethnicity', null, 'White British'),
      c('child.primaryLanguage', 'Primary Language', null, 'English'),
      c('child.medicaidNumber', 'Unique ID', null, '123456789'),
      c('child.age', 'Age', null, '12'),
      c('child.dateOfBirth', 'Date of Birth', null, '03/15/2012'),
      c('child.address', 'Address', null, '1 Mill Lane'),
      c('child.city', 'City', null, 'Leeds'),
      c('child.zip', 'Zip', null, 'LS1 1AA'),
      c('child.county', 'County', null, 'West Yorkshire'),
      c('child.dateOfAssessment', 'Date of Assessment', null, '05/01/2024'),
      c('child.caseOpeningDate', 'Removal Date', null, '11/20/2023'),
      c('child.assessorPhoneNumber', 'Phone Number', null, '555-010-2000'),
      c('child.lookedAfterChild', 'Looked after Child', null, 'No'),
    ]);
  });
});

describe('describeAssessmentEvents: the child record', () => {
  it('one changed field reads "Changed <label> from <before> to <after>" with dates as MM/dd/yyyy', () => {
    const stream = startedStream();
    expect(describeNew(stream, saveChild(stream, { dateOfBirth: '2012-03-14' }))).toEqual([
      {
        kind: 'child',
        sentence: 'Changed Date of Birth from 03/15/2012 to 03/14/2012',
        changes: [c('child.dateOfBirth', 'Date of Birth', '03/15/2012', '03/14/2012')],
      },
    ]);
  });

  it('a field filled in or emptied reads "Set …" or "Cleared … (was …)"', () => {
    const stream = startedStream();
    expect(describeNew(stream, [saveChild(stream, { address: null }), saveChild(stream, { involvement: 'Others' })])).toEqual([
      { kind: 'child', sentence: 'Cleared Address (was 1 Mill Lane)', changes: [c('child.address', 'Address', '1 Mill Lane', null)] },
      // The second save is a whole snapshot again, so the address comes back as well.
      {
        kind: 'child',
        sentence: 'Changed Address and Involvement',
        changes: [c('child.address', 'Address', null, '1 Mill Lane'), c('child.involvement', 'Involvement', null, 'Others')],
      },
    ]);
  });

  it('several fields in one save name the first two and count the rest; option ids read as their names', () => {
    const stream = startedStream();
    const [entry] = describeNew(
      stream,
      saveChild(stream, {
        firstName: 'Robyn',
        dateOfBirth: '2012-03-14',
        city: 'York',
        lookedAfterChild: 'Y',
        lookedAfterStatus: 'Section 20',
      }),
    );
    expect(entry).toEqual({
      kind: 'child',
      sentence: 'Changed First Name, Date of Birth and 3 more fields',
      changes: [
        c('child.firstName', 'First Name', 'Robin', 'Robyn'),
        c('child.dateOfBirth', 'Date of Birth', '03/15/2012', '03/14/2012'),
        c('child.city', 'City', 'Leeds', 'York'),
        c('child.lookedAfterChild', 'Looked after Child', 'No', 'Yes'),
        c('child.lookedAfterStatus', 'Looked after Status', null, 'Section 20'),
      ],
    });
  });

  it('uses the configured labels and option names of the deployment', () => {
    const stream = startedStream();
    const words: HistoryVocabulary = historyVocabulary({
      userNames: NAMES,
      childFieldLabels: { cin: 'Local Authority ID' },
      lookedAfterStatuses: [{ id: 's20', name: 'Accommodated (s.20)' }],
    });
    expect(
      describeNew(stream, saveChild(stream, { cin: 'PID-0002', lookedAfterChild: 'Y', lookedAfterStatus: 's20' }), OWNER, words),
    ).toEqual([
      {
        kind: 'child',
        sentence: 'Changed Local Authority ID, Looked after Child and Looked after Status',
        changes: [
          c('child.cin', 'Local Authority ID', 'PID-0001', 'PID-0002'),
          c('child.lookedAfterChild', 'Looked after Child', 'No', 'Yes'),
          c('child.lookedAfterStatus', 'Looked after Status', null, 'Accommodated (s.20)'),
        ],
      },
    ]);
  });

  it('a save that changes nothing says so', () => {
    const stream = startedStream();
    expect(describeNew(stream, saveChild(stream, {}))).toEqual([
      { kind: 'child', sentence: 'Saved the child record (no changes)', changes: [] },
    ]);
  });

  it('a change of the assessment type names both options', () => {
    expect(describeNew(startedStream(), ev('AssessmentTypeChanged', { from: '62', to: '63' }))).toEqual([
      {
        kind: 'child',
        sentence: 'Changed the assessment type from Initial Assessment to Re-assessment',
        changes: [c('assessmentType', 'Assessment Type', 'Initial Assessment', 'Re-assessment')],
      },
    ]);
  });
});

describe('describeAssessmentEvents: caregivers', () => {
  const ann = caregiver('cg-1', 'Ann');
  const annAdded = (label = 'Ann Hale') => [
    c('caregiver.cg-1.firstName', `Caregiver ${label}: First Name`, null, 'Ann'),
    c('caregiver.cg-1.lastName', `Caregiver ${label}: Last Name`, null, 'Hale'),
    c('caregiver.cg-1.relationship', `Caregiver ${label}: Relationship`, null, 'Mother (Parent/Guardian)'),
    c('caregiver.cg-1.gender', `Caregiver ${label}: Gender`, null, 'Female'),
    c('caregiver.cg-1.phone', `Caregiver ${label}: Phone`, null, '5550102000'),
  ];

  it('adding one lists its details', () => {
    expect(describeNew(startedStream(), ev('CaregiverAdded', { caregiver: ann }))).toEqual([
      { kind: 'caregiver', sentence: 'Added caregiver Ann Hale', changes: annAdded() },
    ]);
  });

  it('an edit names the changed fields', () => {
    const stream = startedStream().append(OWNER, ev('CaregiverAdded', { caregiver: ann }));
    const { caregiverId: _id, ...details } = ann;
    expect(
      describeNew(stream, [
        ev('CaregiverEdited', { caregiverId: 'cg-1', details: { ...details, phone: '5550109999', city: 'York' } }),
        ev('CaregiverEdited', { caregiverId: 'cg-1', details: { ...details, phone: '5550109999', city: 'York' } }),
      ]),
    ).toEqual([
      {
        kind: 'caregiver',
        sentence: 'Edited caregiver Ann Hale: Phone, City',
        changes: [
          c('caregiver.cg-1.phone', 'Caregiver Ann Hale: Phone', '5550102000', '5550109999'),
          c('caregiver.cg-1.city', 'Caregiver Ann Hale: City', null, 'York'),
        ],
      },
      { kind: 'caregiver', sentence: 'Saved caregiver Ann Hale (no changes)', changes: [] },
    ]);
  });

  it('removing one takes its details, ratings and comments with it', () => {
    const stream = startedStream().append(OWNER, [
      ev('CaregiverAdded', { caregiver: ann }),
      ev('ItemRated', { questionCode: 'CG_SUPERVISION', caregiverId: 'cg-1', rating: '2' }),
      ev('QuestionCommentSaved', {
        commentId: 'cm-1',
        questionCode: 'CG_SUPERVISION',
        caregiverId: 'cg-1',
        content: 'Works nights.',
        authorId: OWNER,
      }),
    ]);
    expect(describeNew(stream, ev('CaregiverRemoved', { caregiverId: 'cg-1' }))).toEqual([
      {
        kind: 'caregiver',
        sentence: 'Removed caregiver Ann Hale',
        changes: [
          ...annAdded().map((added) => ({ ...added, before: added.after, after: null })),
          c('rating.CG_SUPERVISION.cg-1', 'Supervision (caregiver Ann Hale)', '2', null),
          c('comment.cm-1', 'Comment on Supervision (caregiver Ann Hale)', 'Works nights.', null),
        ],
      },
    ]);
  });

  it("loading a family's caregivers counts the new ones and records the family id", () => {
    const stream = startedStream().append(OWNER, ev('CaregiverAdded', { caregiver: ann }));
    const bob = caregiver('cg-2', 'Bob', { relationship: null, gender: null, phone: null });
    expect(describeNew(stream, ev('FamilyCaregiversBound', { familyId: 'F-1', caregivers: [ann, bob] }))).toEqual([
      {
        kind: 'caregiver',
        sentence: 'Loaded 1 caregiver of family F-1',
        changes: [
          c('child.familyId', 'Family ID', 'FAM-1', 'F-1'),
          c('caregiver.cg-2.firstName', 'Caregiver Bob Hale: First Name', null, 'Bob'),
          c('caregiver.cg-2.lastName', 'Caregiver Bob Hale: Last Name', null, 'Hale'),
        ],
      },
    ]);
  });
});
