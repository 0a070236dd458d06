import { CATALOGUE, KEYED_MESSAGES } from './assessment.messages';
import { childInput, NOW } from './test-support/assessment-fixtures';
import { caregiverDomainNotice, familyBindPrompt, pidLookupOutcome } from './child-lookup';
import {
  formatPhoneForDisplay,
  incompleteNarrativeFields,
  parseCaregiverDetails,
  parseChildInformation,
  parseNarrative,
  validateCaregiver,
  validateChildInformation,
  validateQuestionComment,
  validateReason,
  validateUploadSize,
} from './child-information.validation';

const options = { now: NOW };
const validate = (overrides: Parameters<typeof childInput>[0]) => validateChildInformation(childInput(overrides), options);

describe('child information: required fields (spec 000 §5)', () => {
  it('accepts a complete record and normalises it', () => {
    const result = parseChildInformation(childInput({ cin: '  PID-0001 ', address: '   ', dateOfBirth: '2012-03-15 00:00:00' }), options);
    expect(result.errors).toEqual({});
    expect(result.ok && result.value.child).toMatchObject({ cin: 'PID-0001', address: null, dateOfBirth: '2012-03-15', age: 12 });
    expect(result.ok && result.value.assessmentType).toBe('62');
  });

  it.each([
    ['cin', 'PID is required.'],
    ['firstName', 'First Name is required.'],
    ['lastName', 'Last Name is required.'],
    ['gender', 'Gender is required.'],
    ['raceEthnicity', 'Race/Ethnicity is required.'],
    ['medicaidNumber', 'Unique ID is required.'],
    ['age', 'Age is required.'],
    ['dateOfAssessment', 'Date of Assessment is required.'],
    ['caseOpeningDate', 'Removal Date is required.'],
    ['assessmentType', 'Assessment Type is required.'],
    ['dateOfBirth', 'Date of Birth is required.'],
  ] as const)('%s is required: "%s"', (field, message) => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(validate({ [field]: empty })).toEqual({ [field]: [message] });
    }
  });

  it('optional fields may be empty', () => {
    expect(
      validate({
        familyId: null,
        primaryLanguage: '',
        address: null,
        city: null,
        zip: null,
        county: null,
        assessorPhoneNumber: null,
        lookedAfterChild: null,
      }),
    ).toEqual({});
  });

  it('uses the deployment labels in messages and does not require a hidden field', () => {
    const labels = [
      { fieldName: 'LocalAuthority', displayName: 'Client ID', status: 1 },
      { fieldName: 'UniqueID', displayName: 'Medicaid Number', status: 0 },
    ];
    expect(validateChildInformation(childInput({ cin: '', medicaidNumber: '' }), { ...options, labels })).toEqual({
      cin: ['Client ID is required.'],
    });
  });
});

describe('child information: lengths (spec 000 §3 "max 50, 10, 9")', () => {
  it.each([
    ['cin', 'PID cannot be longer than 50 characters.'],
    ['familyId', 'Family ID cannot be longer than 50 characters.'],
    ['firstName', 'First Name cannot be longer than 50 characters.'],
    ['lastName', 'Last Name cannot be longer than 50 characters.'],
    ['address', 'Address cannot be longer than 50 characters.'],
    ['city', 'City cannot be longer than 50 characters.'],
    ['zip', 'Zip cannot be longer than 50 characters.'],
    ['county', 'County cannot be longer than 50 characters.'],
    ['assessorPhoneNumber', 'Phone Number cannot be longer than 50 characters.'],
  ] as const)('%s: at most 50 characters', (field, message) => {
    expect(validate({ [field]: 'x'.repeat(50) })).toEqual({});
    expect(validate({ [field]: 'x'.repeat(51) })).toEqual({ [field]: [message] });
  });

  it('days of next assessment: at most 9 characters, whole days', () => {
    expect(validate({ daysToNextAssessment: '180' })).toEqual({});
    expect(parseChildInformation(childInput({ daysToNextAssessment: 180 }), options)).toMatchObject({
      value: { child: { daysToNextAssessment: 180 } },
    });
    expect(validate({ daysToNextAssessment: '999999999' })).toEqual({});
    expect(validate({ daysToNextAssessment: '1000000000' })).toEqual({
      daysToNextAssessment: ['Days of Next Assessment cannot be longer than 9 characters.'],
    });
    expect(validate({ daysToNextAssessment: 'six mo' })).toEqual({
      daysToNextAssessment: ['Days of Next Assessment must be a whole number of days.'],
    });
  });
});

describe('Medicaid number ("Unique ID"): digits only, 9 or 10 digits, max length 10', () => {
  it.each(['123456789', '1234567890'])('accepts %s', (value) => {
    expect(validate({ medicaidNumber: value })).toEqual({});
  });
  it('refuses fewer than 9 digits', () => {
    expect(validate({ medicaidNumber: '12345678' })).toEqual({ medicaidNumber: ['Unique ID must contain 9 or 10 digits.'] });
  });
  it('refuses more than 10 characters', () => {
    expect(validate({ medicaidNumber: '12345678901' })).toEqual({ medicaidNumber: ['Unique ID cannot be longer than 10 characters.'] });
  });
  it('refuses anything but digits', () => {
    expect(validate({ medicaidNumber: '12345678A' })).toEqual({ medicaidNumber: ['Unique ID must contain only digits.'] });
    expect(validate({ medicaidNumber: '123-456-789' })).toEqual({
      medicaidNumber: ['Unique ID cannot be longer than 10 characters.', 'Unique ID must contain only digits.'],
    });
  });
});

describe('child information: dates and age (spec 000 §5)', () => {
  it('dates cannot be in the future (today is allowed)', () => {
    expect(validate({ caseOpeningDate: '2024-06-01' })).toEqual({});
    expect(validate({ caseOpeningDate: '2024-06-02' })).toEqual({ caseOpeningDate: ['Removal Date cannot be in the future.'] });
    expect(validate({ dateOfAssessment: '2024-06-02' })).toEqual({ dateOfAssessment: ['Date of Assessment cannot be in the future.'] });
    expect(validate({ dateOfBirth: '2030-01-01' })).toEqual({
      dateOfBirth: ['Date of Birth cannot be in the future.', 'Date of Birth must be earlier than the Date of Assessment.'],
      dateOfAssessment: ['Date of Assessment must be later than the Date of Birth.'],
    });
  });

  it("'today' follows the deployment's calendar when given", () => {
    const late = { now: '2024-06-01T23:30:00.000Z' };
    expect(validateChildInformation(childInput({ dateOfAssessment: '2024-06-02' }), late)).toEqual({
      dateOfAssessment: ['Date of Assessment cannot be in the future.'],
    });
    expect(validateChildInformation(childInput({ dateOfAssessment: '2024-06-02' }), { ...late, today: '2024-06-02' })).toEqual({});
  });

  it('date of assessment must be later than the date of birth, and both fields say so', () => {
    const messages = {
      dateOfAssessment: ['Date of Assessment must be later than the Date of Birth.'],
      dateOfBirth: ['Date of Birth must be earlier than the Date of Assessment.'],
    };
    expect(validate({ dateOfBirth: '2024-05-01' })).toEqual(messages);
    expect(validate({ dateOfBirth: '2024-05-02', dateOfAssessment: '2024-05-01' })).toEqual(messages);
    expect(validate({ dateOfBirth: '2024-04-30' })).toEqual({});
  });

  it('refuses dates that do not exist or are not yyyy-MM-dd', () => {
    expect(validate({ dateOfBirth: '2012-02-30' })).toEqual({ dateOfBirth: ['Date of Birth must be a valid date (yyyy-MM-dd).'] });
    expect(validate({ caseOpeningDate: '11/20/2023' })).toEqual({ caseOpeningDate: ['Removal Date must be a valid date (yyyy-MM-dd).'] });
  });

  it('age is a whole number, minimum 0', () => {
    expect(validate({ age: 0 })).toEqual({});
    expect(validate({ age: '7' })).toEqual({});
    for (const bad of [-1, 2.5, 'seven', '-3']) {
      expect(validate({ age: bad })).toEqual({ age: ['Age must be a whole number of 0 or more.'] });
    }
  });
});

describe('child information: choices', () => {
  it('gender is one of M, F, G, N, O', () => {
    for (const code of ['M', 'F', 'G', 'N', 'O']) expect(validate({ gender: code })).toEqual({});
    expect(validate({ gender: 'X' })).toEqual({ gender: ['Gender must be chosen from the list.'] });
  });

  it('assessment type comes from the "Initialized" option list (default 62, 63, 64)', () => {
    expect(validate({ assessmentType: '64' })).toEqual({});
    expect(validate({ assessmentType: '65' })).toEqual({ assessmentType: ['Assessment Type must be chosen from the list.'] });
    const assessmentTypes = [{ id: '65', name: 'Transition Assessment' }];
    expect(validateChildInformation(childInput({ assessmentType: '65' }), { ...options, assessmentTypes })).toEqual({});
  });

  it('Looked after Status only with Looked after Child = Y; another choice clears it', () => {
    const yes = parseChildInformation(childInput({ lookedAfterChild: 'Y', lookedAfterStatus: 'Section 20' }), options);
    expect(yes.ok && yes.value.child).toMatchObject({ lookedAfterChild: 'Y', lookedAfterStatus: 'Section 20' });
    const no = parseChildInformation(childInput({ lookedAfterChild: 'N', lookedAfterStatus: 'Section 20' }), options);
    expect(no.ok && no.value.child).toMatchObject({ lookedAfterChild: 'N', lookedAfterStatus: null });
    expect(validate({ lookedAfterChild: 'Y', lookedAfterStatus: 'Section 99' })).toEqual({
      lookedAfterStatus: ['Looked after Status must be chosen from the list.'],
    });
    expect(validate({ lookedAfterChild: 'maybe' })).toEqual({ lookedAfterChild: ['Looked after Child must be Y or N.'] });
  });

  it('involvement and assessment scope come from their lists', () => {
    expect(validate({ involvement: 'Looking to transition home', assessmentScope: 'Child and parent assessment' })).toEqual({});
    expect(validate({ involvement: 'Unknown', assessmentScope: 'Everyone' })).toEqual({
      involvement: ['Involvement must be chosen from the list.'],
      assessmentScope: ['Assessment Scope must be chosen from the list.'],
    });
  });

  it('race and language are checked against the deployment lists when given', () => {
    expect(
      validateChildInformation(childInput({ raceEthnicity: 'Other', primaryLanguage: 'Klingon' }), {
        ...options,
        raceEthnicityOptions: ['White British', 'Other'],
        primaryLanguageOptions: ['English', 'Other'],
      }),
    ).toEqual({ primaryLanguage: ['Primary Language must be chosen from the list.'] });
  });
});

describe('caregiver dialog (spec 000 §5, §8)', () => {
  const valid = { firstName: 'Ann', lastName: 'Hale', relationship: { group: 'Parent/Guardian', role: 'Mother' } };

  it('accepts the required fields', () => {
    expect(validateCaregiver(valid)).toEqual({});
    expect(parseCaregiverDetails({ ...valid, phone: ' 5550102000 ' })).toMatchObject({
      ok: true,
      value: { phone: '5550102000', gender: null },
    });
  });

  it('First name is required. / Last name is required. / Relationship to Child is required.', () => {
    expect(validateCaregiver({})).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      relationship: ['Relationship to Child is required.'],
    });
    expect(validateCaregiver({ ...valid, firstName: '  ' })).toEqual({ firstName: [CATALOGUE.firstNameRequired] });
    expect(validateCaregiver({ ...valid, relationship: { group: '', role: '' } })).toEqual({
      relationship: [CATALOGUE.relationshipRequired],
    });
  });

  it('the relationship is a two-level pick: a group, then one of its roles', () => {
    expect(validateCaregiver({ ...valid, relationship: { group: 'Substitute Caregiver', role: 'Foster Carer' } })).toEqual({});
    expect(validateCaregiver({ ...valid, relationship: { group: 'Substitute Caregiver', role: 'Mother' } })).toEqual({
      relationship: ['Choose a relationship and a role from the list.'],
    });
    expect(validateCaregiver({ ...valid, relationship: { group: 'Neighbour', role: 'Mother' } })).toEqual({
      relationship: ['Choose a relationship and a role from the list.'],
    });
  });

  it('text fields are at most 50 characters', () => {
    expect(validateCaregiver({ ...valid, city: 'x'.repeat(51) })).toEqual({ city: ['City cannot be longer than 50 characters.'] });
  });

  it('shows a ten-digit phone with dashes (hint xxx-xxx-xxxx)', () => {
    expect(formatPhoneForDisplay('5550102000')).toBe('555-010-2000');
    expect(formatPhoneForDisplay('555-010-2000')).toBe('555-010-2000');
    expect(formatPhoneForDisplay('+44 113 496 0000')).toBe('+44 113 496 0000');
    expect(formatPhoneForDisplay(null)).toBe('');
  });
});

describe('comments, reasons, narrative, uploads', () => {
  it('Comment is requreid. (text required after trimming, catalogue spelling kept)', () => {
    expect(validateQuestionComment('   ')).toEqual({ content: ['Comment is requreid.'] });
    expect(validateQuestionComment(undefined)).toEqual({ content: ['Comment is requreid.'] });
    expect(validateQuestionComment(' Seen at school. ')).toEqual({});
  });

  it('return and close reasons are required', () => {
    expect(validateReason('return', ' ')).toEqual({ reason: [KEYED_MESSAGES.assessment_return_reason_required] });
    expect(validateReason('close', '')).toEqual({ reason: [KEYED_MESSAGES.assessment_close_reason_required] });
    expect(validateReason('close', 'Moved out of area')).toEqual({});
  });

  it('a narrative may be saved half-written; completion needs every field', () => {
    const parsed = parseNarrative({ impressions: ' Calm ', plan: 42 });
    expect(parsed).toEqual({
      ok: true,
      errors: {},
      value: { impressions: 'Calm', needs: '', targets: '', outcomes: '', plan: '', recommendations: '' },
    });
    expect(parsed.ok && incompleteNarrativeFields(parsed.value)).toEqual({
      'narrative.needs': ['Needs is required.'],
      'narrative.targets': ['Targets is required.'],
      'narrative.outcomes': ['Outcomes is required.'],
      'narrative.plan': ['Plan is required.'],
      'narrative.recommendations': ['Recommendations is required.'],
    });
  });

  it('Please do not upload files larger than 1M in size.', () => {
    expect(validateUploadSize(1024 * 1024 - 1)).toEqual({});
    expect(validateUploadSize(1024 * 1024)).toEqual({ file: ['Please do not upload files larger than 1M in size.'] });
  });
});

describe('PID lookup, family binding prompt, caregiver domain notice (spec 000 §4, §8)', () => {
  const child = parseChildInformation(childInput(), options);
  const record = child.ok ? child.value.child : (undefined as never);

  it('an unapproved latest assessment asks: child_no_approved', () => {
    for (const status of ['incomplete', 'returned', 'pendingApproval'] as const) {
      expect(pidLookupOutcome({ assessmentId: 'a-9', status, child: record }, 'add')).toEqual({
        kind: 'confirm-edit-unapproved',
        assessmentId: 'a-9',
        message: "There is currently an assessment which hasn't been approved for this Client ID. Do you want to edit this assessment?",
      });
    }
  });

  it('an approved one opens it (edit mode) or prefills the new one with the date of assessment cleared (add mode)', () => {
    expect(pidLookupOutcome({ assessmentId: 'a-9', status: 'approved', child: record }, 'edit', 'a-1')).toEqual({
      kind: 'open-approved',
      assessmentId: 'a-9',
    });
    const outcome = pidLookupOutcome({ assessmentId: 'a-9', status: 'approved', child: record }, 'add');
    expect(outcome).toMatchObject({
      kind: 'prefill-from-approved',
      assessmentId: 'a-9',
      prefill: { cin: 'PID-0001', dateOfAssessment: null },
    });
  });

  it('nothing happens for no match, the assessment being edited, or closed/deleted ones', () => {
    expect(pidLookupOutcome(null, 'add')).toEqual({ kind: 'none' });
    expect(pidLookupOutcome({ assessmentId: 'a-1', status: 'incomplete', child: record }, 'edit', 'a-1')).toEqual({ kind: 'none' });
    expect(pidLookupOutcome({ assessmentId: 'a-9', status: 'closed', child: record }, 'add')).toEqual({ kind: 'none' });
  });

  it('caregiver_bind_familyId only when the family has caregivers elsewhere', () => {
    expect(familyBindPrompt(0)).toBeNull();
    expect(familyBindPrompt(2)).toBe(
      'There is currently some caregivers for this FAMILY ID. Do you want to save this FAMILY ID and load caregivers for the Child?',
    );
  });

  it('the caregiver domain notice shows for children without a plan to transition home', () => {
    expect(caregiverDomainNotice({ involvement: 'Looking to transition home' })).toBeNull();
    expect(caregiverDomainNotice({ involvement: null })).toBeNull();
    expect(caregiverDomainNotice({ involvement: 'Others' })).toBe(
      'The caregiver needs and resources domain is only relevant for children with a plan to transition home.',
    );
  });
});
