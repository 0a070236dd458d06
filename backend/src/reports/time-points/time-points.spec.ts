import { gapLabel, timePointLabel } from './time-points';

describe('time-point labels (30-day months)', () => {
  it.each([
    [0, '<03 Month'],
    [89, '<03 Month'],
    [90, '<06 Month'],
    [179, '<06 Month'],
    [180, '<09 Month'],
    [1049, '<36 Month'],
    [1079, '<36 Month'],
    [1080, '>36 Month'],
    [5000, '>36 Month'],
  ])('%i days after the initial assessment: %s', (days, label) => {
    expect(gapLabel(days)).toBe(label);
  });

  it('labels the first Initial Assessment and the last Most Recent, the others by their gap', () => {
    const days = ['2024-01-01', '2024-03-30', '2024-04-01', '2025-01-01'];
    expect(days.map((day, i) => timePointLabel(i, days.length, days[0], day))).toEqual([
      'Initial Assessment',
      '<03 Month',
      '<06 Month',
      'Most Recent',
    ]);
  });
});
