import { ageInYears } from './rule-evaluator';

describe('ageInYears', () => {
  it('counts whole years completed on the date', () => {
    expect(ageInYears('2010-05-15', '2020-05-14')).toBe(9);
    expect(ageInYears('2010-05-15', '2020-05-15')).toBe(10);
    expect(ageInYears('2010-05-15', '2020-12-31')).toBe(10);
    expect(ageInYears('2010-05-15', '2010-05-15')).toBe(0);
    expect(ageInYears('2019-12-31', '2020-01-01')).toBe(0);
  });

  it('reads the product value format and ignores the time of day', () => {
    expect(ageInYears('2010-05-15 23:59:59', '2016-05-15 00:00:00')).toBe(6);
    expect(ageInYears('2010-05-15T10:00:00Z', '2016-05-14T23:00:00Z')).toBe(5);
  });

  it('accepts Date values (UTC calendar date)', () => {
    expect(ageInYears(new Date('2010-05-15'), new Date('2016-05-15'))).toBe(6);
    expect(ageInYears(new Date(Date.UTC(2010, 4, 15)), '2016-05-14')).toBe(5);
  });

  it('a 29 February birthday counts from 1 March in non-leap years', () => {
    expect(ageInYears('2012-02-29', '2013-02-28')).toBe(0);
    expect(ageInYears('2012-02-29', '2013-03-01')).toBe(1);
    expect(ageInYears('2012-02-29', '2016-02-29')).toBe(4);
  });

  it('rejects invalid dates and a date before the birth date', () => {
    expect(() => ageInYears('2021-02-30', '2022-01-01')).toThrow(RangeError);
    expect(() => ageInYears('05/15/2010', '2022-01-01')).toThrow(RangeError);
    expect(() => ageInYears(new Date('nonsense'), '2022-01-01')).toThrow(RangeError);
    expect(() => ageInYears('2020-01-02', '2020-01-01')).toThrow(RangeError);
  });
});
