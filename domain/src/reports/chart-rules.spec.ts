/* The chart rules of spec 001 §9 (chart-rules.ts), shared by the browser charts and the PDF's. */
import { describe, expect, it } from '@jest/globals';
import {
  chartsPerRow,
  GENDER_COLOURS,
  glanceSliceColour,
  domainOverviewLabel,
  itemChartHeight,
  meanScoreChartHeight,
  meanScoreColour,
  meanScoreErrorBar,
  MEAN_SCORE_BANDS,
  multiChartHeight,
  plottedItemRating,
  plottedMeanScore,
  plottedMultiRating,
  questionLabel,
  reportQuestionLabel,
  ratingColour,
  RATING_COLOURS,
  shownMeanScore,
  shownRating,
  taiPosition,
  TIME_POINT_COLOURS,
  timePointColour,
} from './chart-rules';

/** '#rrggbb' as its hue (degrees), saturation and lightness (0–1), and its WCAG relative luminance. */
function colourOf(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const spread = max - min;
  const sector = spread === 0 ? 0 : max === r ? ((g - b) / spread) % 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
  const lightness = (max + min) / 2;
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return {
    hue: (sector * 60 + 360) % 360,
    saturation: spread === 0 ? 0 : spread / (1 - Math.abs(2 * lightness - 1)),
    luminance: 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b),
  };
}
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('report chart rules (spec 001 §9)', () => {
  it('plots an item rating as rating + 2 and N/A as 1 (1.2 on multi-assessment charts); unrated has no bar', () => {
    expect([0, 1, 2, 3].map(plottedItemRating)).toEqual([2, 3, 4, 5]);
    expect(plottedItemRating('3')).toBe(5);
    expect(plottedItemRating('NA')).toBe(1);
    expect(plottedItemRating('N/A')).toBe(1);
    expect(plottedItemRating('--')).toBeNull();
    expect(plottedMultiRating('N/A')).toBe(1.2);
    expect(plottedMultiRating(2)).toBe(4);
    expect(plottedMultiRating('--')).toBeNull();
    expect([1, 1.2, 2, 5].map(shownRating)).toEqual(['N/A', 'N/A', '0', '3']);
  });

  it('colours 0 green, 1 amber, 2 orange, 3 and more red, N/A grey', () => {
    expect([0, 1, 2, 3, 4].map(ratingColour)).toEqual([
      RATING_COLOURS['0'],
      RATING_COLOURS['1'],
      RATING_COLOURS['2'],
      RATING_COLOURS['3'],
      RATING_COLOURS['3'],
    ]);
    expect(ratingColour('NA')).toBe(RATING_COLOURS.NA);
    expect(new Set(Object.values(RATING_COLOURS)).size).toBe(5);
  });

  it('sizes the charts: 50 px per question + 100 (min 230), questions × series × 50 + 200, 50 per domain + 100 (min 230)', () => {
    expect(itemChartHeight(1)).toBe(230);
    expect(itemChartHeight(2)).toBe(230);
    expect(itemChartHeight(3)).toBe(250);
    expect(itemChartHeight(10)).toBe(600);
    expect(multiChartHeight(4, 3)).toBe(800);
    expect(multiChartHeight(1, 2)).toBe(300);
    expect(meanScoreChartHeight(2)).toBe(230);
    expect(meanScoreChartHeight(8)).toBe(500);
  });

  it('labels a question by its short name, else its name cut after 20 characters with an ellipsis', () => {
    expect(questionLabel('Psychosis (Thought Disorder)', 'Psychosis')).toBe('Psychosis');
    expect(questionLabel('Psychosis (Thought Disorder)')).toBe('Psychosis (Thought D…');
    expect(questionLabel('Exactly twenty chars')).toBe('Exactly twenty chars');
    // The API's show name is the name itself when the question has no short name.
    expect(reportQuestionLabel('Psychosis (Thought Disorder)', 'Psychosis (Thought Disorder)')).toBe('Psychosis (Thought D…');
    expect(reportQuestionLabel('Psychosis (Thought Disorder)', 'Psychosis')).toBe('Psychosis');
  });

  it('draws a mean domain score’s error bar at mean ± 1 SD, clipped to the axis; none without a mean or an SD', () => {
    expect(meanScoreErrorBar(4, 1.5, 10)).toEqual({ lower: 2.5, upper: 5.5 });
    expect(meanScoreErrorBar(1, 2.5, 10)).toEqual({ lower: 0, upper: 3.5 });
    expect(meanScoreErrorBar(9, 2, 10)).toEqual({ lower: 7, upper: 10 });
    expect(meanScoreErrorBar(3, 0, 10)).toEqual({ lower: 3, upper: 3 });
    expect(meanScoreErrorBar(null, 1, 10)).toBeNull();
    expect(meanScoreErrorBar(3, null, 10)).toBeNull();
  });

  it('plots a mean domain score as mean + 2, shows it minus 2, and colours it by five bands of the plotted value', () => {
    expect(plottedMeanScore(3.25)).toBe(5.25);
    expect(shownMeanScore(plottedMeanScore(3.25))).toBe(3.25);
    expect([0, 4.99, 5, 9.99, 10, 14.9, 15, 19.9, 20, 45].map(meanScoreColour)).toEqual([
      MEAN_SCORE_BANDS[0],
      MEAN_SCORE_BANDS[0],
      MEAN_SCORE_BANDS[1],
      MEAN_SCORE_BANDS[1],
      MEAN_SCORE_BANDS[2],
      MEAN_SCORE_BANDS[2],
      MEAN_SCORE_BANDS[3],
      MEAN_SCORE_BANDS[3],
      MEAN_SCORE_BANDS[4],
      MEAN_SCORE_BANDS[4],
    ]);
  });

  it('hides Domain Overview labels under 6 %, places Range of Needs values on a 0–30 axis, and puts 4 charts a row (2 comparing)', () => {
    expect(domainOverviewLabel(5.9)).toBe('');
    expect(domainOverviewLabel(6)).toBe('6%');
    expect(domainOverviewLabel(42.5)).toBe('42.5%');
    expect(taiPosition(15)).toBe(0.5);
    expect(taiPosition(45)).toBe(1);
    expect(taiPosition(-1)).toBe(0);
    expect(chartsPerRow(false)).toBe(4);
    expect(chartsPerRow(true)).toBe(2);
  });

  it('colours a rating slice of the glance pie by its rating and a gender slice by its place in the palette', () => {
    const genders = [{ name: 'Male' }, { name: 'Female' }, { name: 'N/A' }];
    expect(glanceSliceColour('rating', '2', [])).toBe(RATING_COLOURS['2']);
    expect(glanceSliceColour('rating', 'N/A', [])).toBe(RATING_COLOURS.NA);
    expect(glanceSliceColour('gender', 'Female', genders)).toBe(GENDER_COLOURS[1]);
    expect(glanceSliceColour('gender', 'N/A', genders)).toBe(GENDER_COLOURS[2]);
    expect(glanceSliceColour('gender', 'Unknown', genders)).toBe(GENDER_COLOURS[0]);
  });

  it('draws time-point series in colours no one takes for a rating: far in hue from 0-3, saturated unlike N/A, white labels legible', () => {
    const ratingHues = (['0', '1', '2', '3'] as const).map((rating) => colourOf(RATING_COLOURS[rating]).hue);
    for (const colour of TIME_POINT_COLOURS) {
      const { hue, saturation, luminance } = colourOf(colour);
      for (const ratingHue of ratingHues) expect(hueDistance(hue, ratingHue)).toBeGreaterThanOrEqual(40);
      expect(saturation).toBeGreaterThanOrEqual(0.5);
      expect(1.05 / (luminance + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
    expect(new Set(TIME_POINT_COLOURS).size).toBe(TIME_POINT_COLOURS.length);
    expect(timePointColour(TIME_POINT_COLOURS.length + 1)).toBe(TIME_POINT_COLOURS[1]);
  });
});
