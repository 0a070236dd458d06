import type { AnalyticsField } from '@cans/projections/analytics/analytics-projection';
import { openFields, suppressedFieldsOf, withSmallCellsSuppressed } from './analytics-small-cells';

const FIELDS: AnalyticsField[] = [
  { name: 'id', label: 'Row key', description: '' },
  { name: 'item', label: 'Item', description: '' },
  { name: 'actionable', label: 'Actionable', description: '', count: true },
  { name: 'resolved', label: 'Resolved', description: '', count: true },
  { name: 'resolvedPercent', label: 'Resolved (%)', description: '', derivedFrom: ['actionable', 'resolved'] },
  { name: 'meanDays', label: 'Mean days', description: '', derivedFrom: ['actionable'] },
];

describe('small cells of the analytics answers', () => {
  it('publishes 0 and counts from 5 on, with what is derived from them', () => {
    const row = { id: 'a', item: 'X', actionable: 5, resolved: 0, resolvedPercent: 0, meanDays: -1.5 };
    expect(suppressedFieldsOf(row, FIELDS)).toEqual([]);
    expect(withSmallCellsSuppressed(row, FIELDS)).toEqual({ ...row, suppressedFields: [] });
  });

  it('suppresses a count of 1 to 4 and every figure derived from it, nothing else', () => {
    const row = { id: 'b', item: 'Y', actionable: 9, resolved: 4, resolvedPercent: 44.4, meanDays: 3 };
    expect(withSmallCellsSuppressed(row, FIELDS)).toEqual({
      id: 'b',
      item: 'Y',
      actionable: 9,
      resolved: null,
      resolvedPercent: null,
      meanDays: 3,
      suppressedFields: ['resolved', 'resolvedPercent'],
    });
    expect(suppressedFieldsOf({ id: 'c', actionable: 1, resolved: 1 }, FIELDS)).toEqual([
      'actionable',
      'resolved',
      'resolvedPercent',
      'meanDays',
    ]);
  });

  it('suppresses a count that differs by 1 to 4 from the same row in another version (live or a replay), both ways', () => {
    // Live 12 actionable, a replay until yesterday 11: the one child between the two moments would be singled out.
    const live = { id: 'd', item: 'Z', actionable: 12, resolved: 6, resolvedPercent: 50, meanDays: 2 };
    const replay = { id: 'd', item: 'Z', actionable: 11, resolved: 6, resolvedPercent: 54.5, meanDays: 2.1 };
    expect(suppressedFieldsOf(live, FIELDS, [replay])).toEqual(['actionable', 'resolvedPercent', 'meanDays']);
    expect(suppressedFieldsOf(replay, FIELDS, [live])).toEqual(['actionable', 'resolvedPercent', 'meanDays']);
    // A difference of 0 or of 5 and more, or a row absent elsewhere with a published count, stays published.
    expect(suppressedFieldsOf(live, FIELDS, [{ ...replay, actionable: 7 }, undefined])).toEqual([]);
    expect(suppressedFieldsOf(live, FIELDS, [{ ...live }])).toEqual([]);
  });

  it('lets clients filter and sort on neither counts nor derived figures', () => {
    expect(openFields({ fields: FIELDS })).toEqual(['id', 'item']);
  });
});
