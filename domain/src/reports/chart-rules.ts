/*
 * The chart rules of spec 001 §9 as small pure functions (unit spec: chart-rules.spec.ts): plotted values, heights,
 * colours and labels. The browser chart components and the PDF's server-rendered charts only draw what these answer;
 * the frontend may import this one module of the domain (.dependency-cruiser.cjs), so it imports nothing itself.
 */

/** Answer colours: 0 green, 1 amber, 2 orange, 3 or more red; N/A grey (§9 "Bar colours"). */
export const RATING_COLOURS = { NA: '#6b7280', '0': '#2e7d32', '1': '#b28704', '2': '#e65100', '3': '#c62828' } as const;

export function ratingColour(rating: string | number): string {
  if (rating === 'NA' || rating === 'N/A') return RATING_COLOURS.NA;
  const value = Number(rating);
  if (Number.isNaN(value)) return RATING_COLOURS.NA;
  if (value >= 3) return RATING_COLOURS['3'];
  return RATING_COLOURS[String(value) as '0' | '1' | '2'];
}

/** The label of a rating on charts and tables: N/A for 'NA'. */
export const ratingText = (rating: string | number): string => (rating === 'NA' ? 'N/A' : String(rating));

/** Item rating chart (single): the bar is rating + 2, N/A is plotted as 1; axis 1 to 6. Unrated ('--'): no bar. */
export function plottedItemRating(answer: number | string): number | null {
  if (answer === 'NA' || answer === 'N/A') return 1;
  const value = typeof answer === 'number' ? answer : Number(answer);
  return answer === '' || Number.isNaN(value) ? null : value + 2;
}

/** Multi-assessment chart: as the single chart, but N/A is plotted as 1.2. */
export function plottedMultiRating(answer: number | string): number | null {
  const plotted = plottedItemRating(answer);
  return plotted === 1 ? 1.2 : plotted;
}

/** The rating a plotted bar shows: the plotted value minus 2, N/A for the N/A plots. */
export const shownRating = (plotted: number): string => (plotted < 2 ? 'N/A' : String(plotted - 2));

export const ITEM_AXIS = { min: 1, max: 6 } as const;

/** Item rating chart height: 50 px per question plus 100, at least 230. */
export const itemChartHeight = (questions: number): number => Math.max(230, questions * 50 + 100);

/**
 * The multi-assessment chart's time-point series, in legend order: blues, purples and a teal, so no series reads as a
 * rating (each hue at least 40° from the green, amber, orange and red of RATING_COLOURS, and saturated, unlike the
 * N/A grey); each keeps its white bar labels at 4.5:1 or more. The browser chart and the PDF's both draw these.
 */
export const TIME_POINT_COLOURS = ['#1565c0', '#7b1fa2', '#00796b', '#1a237e', '#0277bd', '#4a148c'] as const;
export const timePointColour = (index: number): string => TIME_POINT_COLOURS[index % TIME_POINT_COLOURS.length];

/** Multi-assessment chart height: questions × series × 50 plus 200. */
export const multiChartHeight = (questions: number, series: number): number => questions * series * 50 + 200;

const LABEL_LIMIT = 20;

/** A question's chart label: its short name, else its name cut to 20 characters with an ellipsis. */
export function questionLabel(name: string, shortName?: string | null): string {
  if (shortName) return shortName;
  return name.length > LABEL_LIMIT ? `${name.slice(0, LABEL_LIMIT)}…` : name;
}

/** The label of a report question: the API's show name when it is a real short name (differs from the name). */
export const reportQuestionLabel = (name: string, showName?: string | null): string =>
  questionLabel(name, showName && showName !== name ? showName : null);

/** Mean domain score chart: the bar is the mean plus 2; its label shows the bar minus 2 (the mean). */
export const plottedMeanScore = (mean: number): number => mean + 2;
export const shownMeanScore = (plotted: number): number => Math.round((plotted - 2) * 100) / 100;

/** The five colour bands of the mean domain score chart, by plotted value: <5, <10, <15, <20, 20 or more. */
export const MEAN_SCORE_BANDS = ['#2e7d32', '#689f38', '#b28704', '#e65100', '#c62828'] as const;
export function meanScoreColour(plotted: number): string {
  const band = Math.min(4, Math.max(0, Math.floor(plotted / 5)));
  return MEAN_SCORE_BANDS[band];
}

/**
 * Mean domain score chart: the error bar of a bar, mean ± 1 standard deviation (spec 001 "a score chart with
 * standard deviation per domain"), in shown units, clipped to the value axis (shown 0 to `axisMax`); none without
 * a mean or a standard deviation.
 */
export function meanScoreErrorBar(
  mean: number | null | undefined,
  deviation: number | null | undefined,
  axisMax: number,
): { lower: number; upper: number } | null {
  if (mean == null || deviation == null) return null;
  const clip = (value: number) => Math.min(axisMax, Math.max(0, value));
  return { lower: clip(mean - deviation), upper: clip(mean + deviation) };
}

/** Mean domain score chart height: 50 px per domain plus 100, at least 230. */
export const meanScoreChartHeight = (domains: number): number => Math.max(230, domains * 50 + 100);

/** Domain Overview (stacked % of youth): labels of segments under 6 % are hidden. */
export const domainOverviewLabel = (percent: number): string => (percent < 6 ? '' : `${percent}%`);

/** Report groups: 4 charts per row, 2 when comparing. */
export const chartsPerRow = (comparing: boolean): number => (comparing ? 2 : 4);

/** Range of Needs (Total Actionable Items): the axis runs 0 to 30; a value is placed as a share of it (0–1). */
export const TAI_AXIS_MAX = 30;
export const taiPosition = (value: number): number => Math.min(TAI_AXIS_MAX, Math.max(0, value)) / TAI_AXIS_MAX;

/** The Gender Overview's palette (the glance pie of the many-children reports), in the order of its slices. */
export const GENDER_COLOURS = ['#1a5fa8', '#c2185b', '#6a1b9a', '#00796b', '#ef6c00', '#9aa3ad'] as const;

/**
 * The colour of a Quick Glance pie slice: a rating slice its rating colour, a gender slice the palette colour of
 * its place among the pie's slices.
 */
export function glanceSliceColour(kind: 'rating' | 'gender', name: string, slices: ReadonlyArray<{ name: string }>): string {
  if (kind === 'rating') return ratingColour(name);
  return GENDER_COLOURS[
    Math.max(
      0,
      slices.findIndex((slice) => slice.name === name),
    ) % GENDER_COLOURS.length
  ];
}
