import { CHILD_LABELS_STREAM_ID, ChildLabelEvents } from '@cans/domain/administration/child-labels.events';
import { describeProjection } from '../test-support/projection-specification';
import { CHILD_LABELS_COLLECTION, childLabelsProjection } from './child-labels.projection';
import { listChildLabels } from './child-labels.queries';

describeProjection(childLabelsProjection, (spec) => {
  it('before any save: the 17 labels with their defaults, all enabled, the required ones necessary', async () => {
    const rows = await listChildLabels(spec.readStore);
    expect(rows).toHaveLength(17);
    expect(rows[0]).toEqual({
      fieldName: 'INITIALIZED',
      displayName: 'Assessment Type',
      status: 1,
      necessary: true,
      defaultDisplayName: 'Assessment Type',
    });
    expect(rows.find((r) => r.fieldName === 'Assessor')).toEqual({
      fieldName: 'Assessor',
      displayName: 'Assessor',
      status: 1,
      necessary: false,
      defaultDisplayName: 'Assessor',
    });
  });

  it('keeps the last save of each field; the others keep their defaults', async () => {
    await spec.given(CHILD_LABELS_STREAM_ID, [
      { type: ChildLabelEvents.Saved, data: { fieldName: 'DateOfAssessment', displayName: 'Date Seen', status: 1 } },
      { type: ChildLabelEvents.Saved, data: { fieldName: 'Assessor', displayName: 'Case Worker', status: 1 } },
      { type: ChildLabelEvents.Saved, data: { fieldName: 'Assessor', displayName: 'Case Worker', status: 0 } },
    ]);
    expect(await spec.document(CHILD_LABELS_COLLECTION, 'Assessor')).toEqual({
      id: 'Assessor',
      displayName: 'Case Worker',
      status: 0,
      revision: 2,
      updatedAt: expect.any(String),
    });
    const rows = await listChildLabels(spec.readStore);
    expect(rows.map((r) => r.fieldName)).toEqual([
      'INITIALIZED',
      'AGENCY',
      'DateOfAssessment',
      'COUNTY',
      'Assessor',
      'GENDER',
      'RACEETHNICITY',
      'LocalAuthority',
      'Name',
      'Age',
      'ASSESSMENTOPENINGDATE',
      'UniqueID',
      'CITY',
      'ZIP',
      'ADDRESS',
      'PHONENUMBER',
      'DAYSOFNEXTASSESSMENT',
    ]);
    expect(rows.find((r) => r.fieldName === 'DateOfAssessment')).toMatchObject({ displayName: 'Date Seen', status: 1 });
    expect(rows.find((r) => r.fieldName === 'Assessor')).toMatchObject({ displayName: 'Case Worker', status: 0 });
    expect(rows.find((r) => r.fieldName === 'COUNTY')).toMatchObject({ displayName: 'County', status: 1 });
  });

  it('a rebuild gives the same labels', async () => {
    const before = await listChildLabels(spec.readStore);
    await spec.rebuild();
    expect(await listChildLabels(spec.readStore)).toEqual(before);
  });
});
