import fc from 'fast-check';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { ANALYST_COMMON_FIELDS, ANALYST_EVENT_TYPES, AnalystEvent, AnalystFieldType } from './analyst-event-types';
import { ageInMonths, analystViewOf, AnalystViewFold } from './analyst-view';

const KEY = Buffer.alloc(32, 7);
let position = 0;
const stored = (
  type: string,
  data: Record<string, unknown>,
  userId: string | null = 'u1',
  recordedAt = '2025-06-15T10:00:00.000Z',
): RecordedEvent =>
  ({
    type,
    data,
    position: ++position,
    revision: 0,
    streamId: 's',
    recordedAt,
    eventId: `e${position}`,
    schemaVersion: 1,
    metadata: { userId, ip: '10.0.0.1', correlationId: 'c', causationId: null },
  }) as unknown as RecordedEvent;

const child = (cin: string, overrides: Record<string, unknown> = {}) => ({
  cin,
  familyId: 'FAM-1',
  firstName: 'Robin',
  lastName: 'Hood',
  gender: 'M',
  raceEthnicity: 'White',
  primaryLanguage: 'English',
  medicaidNumber: '123456789',
  age: 9,
  dateOfBirth: '2016-02-20',
  address: '1 Sherwood Lane',
  city: 'Nottingham',
  zip: 'NG1 1AA',
  county: 'Notts',
  dateOfAssessment: '2025-06-01',
  caseOpeningDate: '2025-01-01',
  assessorPhoneNumber: '555-123-4567',
  daysToNextAssessment: 90,
  lookedAfterChild: 'Y',
  lookedAfterStatus: 'opt-3',
  involvement: 'Others',
  assessmentScope: 'Child assessment only',
  recommendationsNote: 'Free text about Robin',
  ...overrides,
});

/** One assessment's life, as the log has it. */
const assessmentLife = (id: string, cin: string, ownerId = 'u2') => [
  stored('UserGroupCreated', { groupId: 'g1', name: 'Supervisor' }),
  stored('UserCreated', { userId: 'u1', userGroupId: 'g1', firstName: 'Sam', lastName: 'Super' }),
  stored('UserCreated', { userId: ownerId, userGroupId: 'g1', firstName: 'Casey', lastName: 'Worker' }),
  stored('AgencyCreated', { agencyId: 'ag1', name: 'North', displayName: 'North Agency' }),
  stored('AssessmentStarted', { assessmentId: id, ownerId, agencyId: 'ag1', assessmentType: '62', previousAssessmentId: null }),
  stored('AssessmentLibraryVersionRecorded', { assessmentId: id, instrumentCode: 'CANS', version: '3' }),
  stored('ChildInformationSaved', { assessmentId: id, child: child(cin) }),
  stored('CaregiverAdded', {
    assessmentId: id,
    caregiver: {
      caregiverId: 'cg-x',
      firstName: 'Pat',
      lastName: 'Parent',
      relationship: { group: 'Parent/Guardian', role: 'Mother' },
      phone: '555',
      address: 'x',
      cin: 'CG-PID',
    },
  }),
  stored('ItemRated', { assessmentId: id, questionCode: 'SUICIDE_RISK', caregiverId: null, rating: '3' }),
  stored('ItemRated', { assessmentId: id, questionCode: 'SUPERVISION', caregiverId: 'cg-x', rating: '1' }),
  stored('QuestionCommentSaved', {
    assessmentId: id,
    commentId: 'k',
    questionCode: 'SUICIDE_RISK',
    caregiverId: null,
    content: 'Secret comment',
    authorId: 'u1',
  }),
  stored('NarrativeSaved', { assessmentId: id, narrative: { impressions: 'Secret narrative' } }),
  stored('AssessmentCompleted', { assessmentId: id, completedBy: ownerId }),
  stored('AssessmentReturned', { assessmentId: id, returnedBy: 'u1', reason: 'Secret reason' }),
  stored('AssessmentCompleted', { assessmentId: id, completedBy: ownerId }),
  stored('AssessmentApproved', { assessmentId: id, approvedBy: 'u1' }),
  stored('AssessmentReassigned', { assessmentId: id, fromUserId: ownerId, toUserId: 'u1', agencyId: null }),
  stored('AssessmentDeleted', { assessmentId: id, deletedBy: 'u1', previousStatus: 'a' }),
];

const typeMatches = (value: unknown, type: AnalystFieldType): boolean => {
  const actor = (candidate: unknown) =>
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof (candidate as { user: unknown }).user === 'string' &&
    Object.keys(candidate).sort().join() === 'group,user';
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'string | null':
      return value === null || typeof value === 'string';
    case 'number | null':
      return value === null || typeof value === 'number';
    case 'Actor':
      return actor(value);
    case 'Actor | null':
      return value === null || actor(value);
    case 'number[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'number');
  }
};

describe('The analyst’s view of the events', () => {
  it('gives every event exactly the fields its type declares, of the declared types', () => {
    const viewed = analystViewOf(KEY, assessmentLife('as-1', 'PID-1'));
    expect(viewed.map((event) => event.type)).toEqual([
      'AgencyCreated',
      'AssessmentStarted',
      'AssessmentLibraryVersionRecorded',
      'ChildInformationSaved',
      'CaregiverAdded',
      'ItemRated',
      'ItemRated',
      'AssessmentCompleted',
      'AssessmentReturned',
      'AssessmentCompleted',
      'AssessmentApproved',
      'AssessmentReassigned',
      'AssessmentDeleted',
    ]);
    for (const event of viewed) {
      const declared = { ...ANALYST_COMMON_FIELDS, ...ANALYST_EVENT_TYPES[event.type].fields };
      expect({ type: event.type, fields: Object.keys(event).sort() }).toEqual({ type: event.type, fields: Object.keys(declared).sort() });
      for (const [name, field] of Object.entries(declared))
        expect({ type: event.type, field: name, matches: typeMatches(event[name], field.type) }).toEqual({
          type: event.type,
          field: name,
          matches: true,
        });
    }
  });

  it('keeps no name, PID, address, phone, date of birth, free text or id, and no comment, narrative or reason event', () => {
    const text = JSON.stringify(analystViewOf(KEY, assessmentLife('as-1', 'PID-1')));
    for (const secret of [
      'PID-1',
      'Robin',
      'Hood',
      'Sherwood',
      'Nottingham',
      'NG1',
      '555',
      '123456789',
      '2016-02-20',
      'FAM-1',
      'Free text',
      'Secret',
      'Sam',
      'Casey',
      'Pat',
      'CG-PID',
      'as-1',
      'cg-x',
      '"u1"',
      '"u2"',
      '10.0.0.1',
    ])
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });

  it('names the child by a stable keyed pseudonym of the PID, the same on every assessment of the child, with the age in months at each event', () => {
    const first = analystViewOf(KEY, [...assessmentLife('as-1', 'PID-1'), ...assessmentLife('as-2', ' pid-1 ')]);
    const children = new Set(first.filter((event) => 'child' in event && event.child).map((event) => event.child));
    expect(children.size).toBe(1);
    const [pseudonym] = children as Set<string>;
    expect(pseudonym).toMatch(/^c-[A-Za-z0-9_-]{16}$/);
    // The same key, another run: the same pseudonym; another key: another.
    expect(analystViewOf(KEY, assessmentLife('as-9', 'PID-1')).find((event) => event.child)?.child).toBe(pseudonym);
    expect(analystViewOf(Buffer.alloc(32, 8), assessmentLife('as-9', 'PID-1')).find((event) => event.child)?.child).not.toBe(pseudonym);
    // Born 2016-02-20, event on 2025-06-15: 9 years and 3 months (and some days) = 111 months.
    expect(first.find((event) => event.type === 'ItemRated')?.ageInMonths).toBe(111);
    const rated = first.filter((event) => event.type === 'ItemRated') as AnalystEvent[];
    expect(rated.map((event) => [event.item, event.caregiver, event.rating])).toEqual([
      ['SUICIDE_RISK', null, '3'],
      ['SUPERVISION', 1, '1'],
      ['SUICIDE_RISK', null, '3'],
      ['SUPERVISION', 1, '1'],
    ]);
    expect(first.find((event) => event.type === 'AssessmentApproved')?.by).toEqual({
      user: expect.stringMatching(/^u-/),
      group: 'Supervisor',
    });
    // After the reassignment, the agency is the new owner's (none).
    expect(first.find((event) => event.type === 'AssessmentDeleted')?.agency).toBeNull();
  });

  it('counts whole months of age, whatever the dates', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 20 * 366 }),
        (birth, days) => {
          const at = new Date(birth.getTime() + days * 86_400_000);
          const months = ageInMonths(birth.toISOString().slice(0, 10), at.toISOString());
          // A plain recount: month by month from the birth date, while the next (year, month, birth day) is not after
          // the event's date (a month is complete on the day of the month the child was born on).
          const [by, bm, bd] = [birth.getUTCFullYear(), birth.getUTCMonth(), birth.getUTCDate()];
          const today = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];
          const notAfter = (a: number[], b: number[]) => a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2])));
          let counted = 0;
          while (notAfter([by + Math.floor((bm + counted + 1) / 12), (bm + counted + 1) % 12, bd], today)) counted++;
          return months === counted;
        },
      ),
    );
  });

  it('leaves out events of an assessment it never saw start', () => {
    const fold = new AnalystViewFold(KEY);
    expect(fold.view(stored('ItemRated', { assessmentId: 'unknown', questionCode: 'X', caregiverId: null, rating: '1' }))).toBeNull();
  });
});
