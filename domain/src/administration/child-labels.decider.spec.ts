import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import { childLabelsDecider } from './child-labels.decider';
import { ChildLabelEvent, ChildLabelEvents } from './child-labels.events';
import { CHILD_LABEL_FIELDS, CHILD_LABEL_MESSAGES, childLabelField, resolveChildLabels } from './child-labels.fields';

const spec = deciderSpecification(childLabelsDecider);
const saved = (fieldName: string, displayName: string, status: 0 | 1): ChildLabelEvent => ({
  type: ChildLabelEvents.Saved,
  data: { fieldName, displayName, status },
});
const save = (fieldName: string, displayName: string, status: number) => ({
  type: 'SaveChildLabel' as const,
  fieldName,
  displayName,
  status,
});

describe('child labels decider', () => {
  it('knows the 17 field names of spec 002 §3 with the child form’s default names; the required fields are necessary', () => {
    expect(CHILD_LABEL_FIELDS.map((f) => [f.fieldName, f.defaultDisplayName, f.necessary])).toEqual([
      ['INITIALIZED', 'Assessment Type', true],
      ['AGENCY', 'Agency', false],
      ['DateOfAssessment', 'Date of Assessment', true],
      ['COUNTY', 'County', false],
      ['Assessor', 'Assessor', false],
      ['GENDER', 'Gender', true],
      ['RACEETHNICITY', 'Race/Ethnicity', true],
      ['LocalAuthority', 'PID', true],
      ['Name', 'First Name', true],
      ['Age', 'Age', true],
      ['ASSESSMENTOPENINGDATE', 'Removal Date', true],
      ['UniqueID', 'Unique ID', true],
      ['CITY', 'City', false],
      ['ZIP', 'Zip', false],
      ['ADDRESS', 'Address', false],
      ['PHONENUMBER', 'Phone Number', false],
      ['DAYSOFNEXTASSESSMENT', 'Days of Next Assessment', false],
    ]);
  });

  it('records a rename, trimmed', () => {
    spec
      .given([])
      .when(save('DateOfAssessment', '  Date Seen ', 1))
      .then([saved('DateOfAssessment', 'Date Seen', 1)]);
  });

  it('hides an optional field and shows it again', () => {
    spec
      .given([])
      .when(save('Assessor', 'Assessor', 0))
      .then([saved('Assessor', 'Assessor', 0)]);
    spec
      .given([saved('Assessor', 'Assessor', 0)])
      .when(save('Assessor', 'Case Worker', 1))
      .thenEvents((events, state) => {
        expect(events).toEqual([saved('Assessor', 'Case Worker', 1)]);
        expect(state.labels.Assessor).toEqual({ displayName: 'Case Worker', status: 1 });
      });
  });

  it('records nothing when the save changes nothing (the default of a field never saved, or the last save)', () => {
    spec
      .given([])
      .when(save('COUNTY', 'County', 1))
      .thenNothing();
    spec
      .given([saved('COUNTY', 'Borough', 0)])
      .when(save('COUNTY', ' Borough ', 0))
      .thenNothing();
  });

  it('refuses to disable a field the child form requires (400 with the reason on the switch)', () => {
    const gender = childLabelField('GENDER')!;
    spec
      .given([])
      .when(save('GENDER', 'Gender', 0))
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.message).toBe('Gender is required on the child form, so its label cannot be disabled.');
        expect(error.fieldErrors).toEqual({ status: [CHILD_LABEL_MESSAGES.necessary(gender)] });
        expect(error.conflict).toBe(false);
      });
  });

  it('refuses an empty or too long display name and a status other than 0 or 1', () => {
    spec
      .given([])
      .when(save('CITY', '   ', 1))
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
        expect(error.fieldErrors).toEqual({ displayName: ['Display Name is required.'] }),
      );
    spec
      .given([])
      .when(save('CITY', 'x'.repeat(1001), 1))
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
        expect(error.fieldErrors).toEqual({ displayName: ['Display Name can be at most 1000 characters.'] }),
      );
    spec
      .given([])
      .when(save('CITY', 'x'.repeat(1000), 1))
      .then([saved('CITY', 'x'.repeat(1000), 1)]);
    spec
      .given([])
      .when(save('CITY', 'City', 2))
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) =>
        expect(error.fieldErrors).toEqual({ status: ['Enabled must be 1 (enabled) or 0 (hidden).'] }),
      );
  });

  it('answers 404 for a field name that is not one of the 17 (names are case-sensitive)', () => {
    spec
      .given([])
      .when(save('FAVOURITECOLOUR', 'Colour', 1))
      .thenThrows(NotFoundError, CHILD_LABEL_MESSAGES.notFound);
    spec
      .given([])
      .when(save('gender', 'Gender', 1))
      .thenThrows(NotFoundError, CHILD_LABEL_MESSAGES.notFound);
  });
});

describe('resolveChildLabels', () => {
  it('names every field as configured, else by default; hides only what is disabled and not necessary', () => {
    const labels = resolveChildLabels([
      { fieldName: 'Assessor', displayName: 'Case Worker', status: 0 },
      { fieldName: 'COUNTY', displayName: '  ', status: 1 },
      // Never recorded by the decider; a reader still keeps a required field on screen.
      { fieldName: 'GENDER', displayName: 'Sex', status: 0 },
    ]);
    expect(labels.Assessor).toEqual({ displayName: 'Case Worker', visible: false, defaultDisplayName: 'Assessor' });
    expect(labels.COUNTY).toEqual({ displayName: 'County', visible: true, defaultDisplayName: 'County' });
    expect(labels.GENDER).toEqual({ displayName: 'Sex', visible: true, defaultDisplayName: 'Gender' });
    expect(labels.AGENCY).toEqual({ displayName: 'Agency', visible: true, defaultDisplayName: 'Agency' });
    expect(Object.keys(resolveChildLabels())).toHaveLength(17);
  });
});
