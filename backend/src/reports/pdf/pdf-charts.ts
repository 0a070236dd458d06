/**
 * The report charts of the PDF, rendered on the server to SVG with the same nivo components the browser uses
 * (react-dom/server, fixed size, no animation, no interaction) and drawn by the same chart rules of spec 001 §9
 * (domain/src/reports/chart-rules.ts): plotted values, colours, heights, labels and axes as in
 * frontend/src/reports/*Chart*.tsx. pdfmake draws the SVG with svg-to-pdfkit, which reads inline styles but not
 * CSS classes or foreignObject; nivo's static SVG uses neither.
 *
 * Sizes: the rules give heights in CSS pixels; a CSS pixel prints as 0.75 pt, so every chart is rendered in pixels
 * and placed at 0.75 pt a pixel — the same proportions as the browser's print.
 */
import type { ReactElement } from 'react';
import type { BarCustomLayerProps, BarDatum } from '@nivo/bar';
import {
  domainOverviewLabel,
  ITEM_AXIS,
  itemChartHeight,
  MEAN_SCORE_BANDS,
  meanScoreChartHeight,
  meanScoreColour,
  meanScoreErrorBar,
  multiChartHeight,
  plottedItemRating,
  plottedMeanScore,
  plottedMultiRating,
  questionLabel,
  RATING_COLOURS,
  ratingColour,
  ratingText,
  reportQuestionLabel,
  shownRating,
  timePointColour,
} from '@cans/domain/reports/chart-rules';

/** A chart ready for pdfmake's `svg` node: the markup and its size in points. */
export interface PdfChart {
  svg: string;
  width: number;
  height: number;
}

/** Points per CSS pixel (96 px = 72 pt). */
export const PT_PER_PX = 0.75;
const TEXT = '#3c4654';
const FONT_SIZE = 12;
/** nivo's theme, as the browser charts set it (frontend CHART_THEME), with the PDF's font. */
const THEME = {
  text: { fontSize: FONT_SIZE, fill: TEXT, fontFamily: 'Roboto' },
  axis: {
    ticks: { text: { fontSize: FONT_SIZE, fill: TEXT, fontFamily: 'Roboto' } },
    legend: { text: { fontSize: FONT_SIZE, fill: TEXT } },
  },
  labels: { text: { fontSize: FONT_SIZE, fontFamily: 'Roboto' } },
};
const ITEM_TICKS = [1, 2, 3, 4, 5, 6];
/** The rating axis and frame both item charts share (ItemRatingChart, MultiAssessmentChart): 1-6, labels in white. */
const itemAxisFrame = () =>
  ({
    margin: { top: 10, right: 24, bottom: 30, left: 160 },
    valueScale: { type: 'linear', min: 0, max: ITEM_AXIS.max },
    labelTextColor: '#ffffff',
    axisBottom: { tickSize: 0, tickPadding: 6, tickValues: ITEM_TICKS },
    gridXValues: ITEM_TICKS,
    axisLeft: { tickSize: 0, tickPadding: 6 },
  }) as const;
const PERCENT_TICKS = [0, 25, 50, 75, 100];
export const ACTIONABLE_COLOURS = { actionable: RATING_COLOURS['3'], nonActionable: RATING_COLOURS['0'] };

/**
 * Questions split into consecutive runs whose chart is at most `maxPx` high (`heightOf(n)`: the chart rule's height
 * for n questions), so a chart never runs off an A4 page and keeps the rule's 50 px a bar.
 */
export function fittingRuns<T>(questions: readonly T[], heightOf: (count: number) => number, maxPx: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  for (const question of questions) {
    if (run.length > 0 && heightOf(run.length + 1) > maxPx) {
      runs.push(run);
      run = [];
    }
    run.push(question);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The <svg> of a static render (nivo wraps it in a positioned div). */
export function svgOf(element: ReactElement): string {
  const markup = nivo().renderToStaticMarkup(element);
  const start = markup.indexOf('<svg');
  const end = markup.lastIndexOf('</svg>');
  if (start < 0 || end < 0) throw new Error('the chart rendered no SVG');
  return markup.slice(start, end + '</svg>'.length);
}

const chartOf = (element: ReactElement, widthPx: number, heightPx: number): PdfChart => ({
  svg: svgOf(element),
  width: widthPx * PT_PER_PX,
  height: heightPx * PT_PER_PX,
});

interface ChartKit {
  createElement: typeof import('react').createElement;
  renderToStaticMarkup: typeof import('react-dom/server').renderToStaticMarkup;
  Bar: typeof import('@nivo/bar').Bar;
  Pie: typeof import('@nivo/pie').Pie;
}
let chartKit: ChartKit | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads React, react-dom/server and nivo as ES modules, once, before the first chart (only a PDF needs them).
 * nivo's d3 dependencies are ES modules only; a real import() loads them in the CommonJS build and in jest, where
 * require() of an ES module is refused. The Function keeps the TypeScript compiler from turning import() into
 * require(). One after the other: jest's module linker fails on parallel imports of a shared dependency.
 */
export function loadChartKit(): Promise<void> {
  loading ??= (async () => {
    const load = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;
    const react = await load<typeof import('react')>('react');
    const server = await load<typeof import('react-dom/server')>('react-dom/server');
    const bar = await load<typeof import('@nivo/bar')>('@nivo/bar');
    const pie = await load<typeof import('@nivo/pie')>('@nivo/pie');
    chartKit = { createElement: react.createElement, renderToStaticMarkup: server.renderToStaticMarkup, Bar: bar.Bar, Pie: pie.Pie };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

function nivo(): ChartKit {
  if (!chartKit) throw new Error('loadChartKit() first');
  return chartKit;
}

type BarProps = Parameters<typeof import('@nivo/bar').Bar<BarDatum>>[0];
const horizontalBar = (props: Omit<BarProps, 'layout' | 'animate' | 'isInteractive' | 'theme'>) =>
  nivo().createElement(nivo().Bar<BarDatum>, { ...props, layout: 'horizontal', animate: false, isInteractive: false, theme: THEME });

/** One assessment's answer: a number, 'N/A', or '--' (no rating). */
export type PdfAnswer = number | string;
export interface AnsweredQuestion {
  code: string;
  questionName: string;
  questionShowName: string;
  answer: PdfAnswer;
}

/** Item rating chart (single): rating + 2, N/A at 1, axis 1-6, 50 px a question + 100 (at least 230). */
export function itemRatingChart(questions: readonly AnsweredQuestion[], widthPx: number): PdfChart {
  const rows = questions.map((q) => ({
    label: reportQuestionLabel(q.questionName, q.questionShowName),
    rating: plottedItemRating(q.answer) ?? 0,
    answer: String(q.answer),
  }));
  const height = itemChartHeight(rows.length);
  const element = horizontalBar({
    width: widthPx,
    height,
    data: [...rows].reverse(),
    keys: ['rating'],
    indexBy: 'label',
    ...itemAxisFrame(),
    padding: 0.3,
    colors: (bar) => ratingColour(bar.data.answer === 'N/A' ? 'NA' : Number(bar.data.answer)),
    label: (bar) => (bar.data.answer === '--' ? '' : shownRating(Number(bar.value))),
  });
  return chartOf(element, widthPx, height);
}

export interface SeriesQuestion {
  questionName: string;
  questionShowName: string;
  answers: ReadonlyArray<{ assessmentId: string; answer: PdfAnswer }>;
}

/** Multi-assessment chart: a bar per series, N/A at 1.2, axis 1-6, questions × series × 50 + 200 px. */
export function multiAssessmentChart(
  questions: readonly SeriesQuestion[],
  series: ReadonlyArray<{ assessmentId: string; label: string }>,
  widthPx: number,
): PdfChart {
  const answerOf = (q: SeriesQuestion, id: string) => q.answers.find((a) => a.assessmentId === id)?.answer ?? '--';
  const rows = questions.map((q) => ({
    label: reportQuestionLabel(q.questionName, q.questionShowName),
    ...Object.fromEntries(series.map((s) => [s.label, plottedMultiRating(answerOf(q, s.assessmentId)) ?? 0])),
  }));
  const height = multiChartHeight(questions.length, series.length);
  const element = horizontalBar({
    width: widthPx,
    height,
    data: [...rows].reverse(),
    keys: series.map((s) => s.label),
    indexBy: 'label',
    groupMode: 'grouped',
    ...itemAxisFrame(),
    padding: 0.2,
    colors: series.map((_, index) => timePointColour(index)),
    label: (bar) => (Number(bar.value) === 0 ? '' : shownRating(Number(bar.value))),
  });
  return chartOf(element, widthPx, height);
}

export interface DomainScore {
  code: string;
  name: string;
  shortName: string | null;
  meanScore: number | null;
  standardDeviation: number | null;
}

/** The caption under a mean domain score chart, as the browser's. */
export const ERROR_BARS_NOTE = 'Error bars: mean ± 1 standard deviation (SD).';
const INK = '#1f2933';
const LABEL_GAP = 4;

/**
 * Mean domain score chart: mean + 2 plotted, the mean shown, five colour bands, 50 px a bar + 100 (at least 230);
 * a second group (comparison, or the last time-point) beside each bar in the same band colour, lighter. Each bar
 * has an error bar of mean ± 1 SD (meanScoreErrorBar: clipped to the axis, which reaches past the longest
 * mean + SD), and its mean written past the bar's end or the error bar's, as the browser chart draws them.
 */
export function meanScoreChart(
  domains: readonly DomainScore[],
  widthPx: number,
  second?: { key: string; domains: readonly DomainScore[] },
  firstKey = 'Filter',
): PdfChart {
  const compared = new Map((second?.domains ?? []).map((d) => [d.code, d]));
  const keys = second ? [firstKey, second.key] : [firstKey];
  const plotted = (d: DomainScore | undefined) => (d?.meanScore == null ? 0 : plottedMeanScore(d.meanScore));
  const rows = domains.map((domain) => ({
    domain: questionLabel(domain.name, domain.shortName),
    [firstKey]: plotted(domain),
    ...(second ? { [second.key]: plotted(compared.get(domain.code)) } : {}),
  }));
  const scoreOf = (index: number, key: string | number): DomainScore | undefined => {
    const domain = domains[domains.length - 1 - index];
    return key === firstKey ? domain : compared.get(domain?.code ?? '');
  };
  const reach = (d: DomainScore | undefined) => (d?.meanScore == null ? 0 : plottedMeanScore(d.meanScore + (d.standardDeviation ?? 0)));
  const max = Math.ceil(Math.max(5, ...domains.flatMap((domain) => [reach(domain), reach(compared.get(domain.code))])));
  const h = nivo().createElement;
  const errorBars = ({ bars, xScale }: BarCustomLayerProps<BarDatum>) =>
    h(
      'g',
      null,
      ...bars.map((bar) => {
        const score = scoreOf(bar.data.index, bar.data.id);
        if (score?.meanScore == null) return null;
        const range = meanScoreErrorBar(score.meanScore, score.standardDeviation, max - 2);
        const y = bar.y + bar.height / 2;
        const cap = Math.min(6, bar.height / 4);
        const [x1, x2] = range ? [Number(xScale(plottedMeanScore(range.lower))), Number(xScale(plottedMeanScore(range.upper)))] : [0, 0];
        const line = (key: string, a: number, b: number, c: number, d: number, sd?: number) =>
          h('line', { key, 'data-sd': sd, x1: a, x2: b, y1: c, y2: d, stroke: INK, strokeWidth: 1.5 });
        return h(
          'g',
          { key: bar.key },
          ...(range
            ? [
                line('sd', x1, x2, y, y, score.standardDeviation ?? undefined),
                line('low', x1, x1, y - cap, y + cap),
                line('high', x2, x2, y - cap, y + cap),
              ]
            : []),
          h(
            'text',
            {
              key: 'mean',
              x: Math.max(bar.x + bar.width, x2) + LABEL_GAP,
              y,
              dominantBaseline: 'central',
              fontSize: FONT_SIZE,
              fontFamily: 'Roboto',
              fill: INK,
            },
            String(score.meanScore),
          ),
        );
      }),
    );
  // Ticks from a shown 0 (plotted 2) up, as the browser chart draws them.
  const step = Math.max(1, Math.ceil((max - 2) / 8));
  const ticks = Array.from({ length: Math.floor((max - 2) / step) + 1 }, (_, i) => 2 + i * step);
  const height = meanScoreChartHeight(domains.length * keys.length);
  const element = horizontalBar({
    width: widthPx,
    height,
    data: [...rows].reverse(),
    keys,
    indexBy: 'domain',
    groupMode: 'grouped',
    margin: { top: 10, right: 24, bottom: 30, left: 150 },
    padding: 0.25,
    valueScale: { type: 'linear', min: 0, max },
    colors: (bar) =>
      bar.id === keys[1] ? withOpacity(meanScoreColour(Number(bar.value)), SECOND_GROUP_OPACITY) : meanScoreColour(Number(bar.value)),
    borderColor: TEXT,
    borderWidth: second ? 1 : 0,
    enableLabel: false,
    layers: ['grid', 'axes', 'bars', errorBars],
    axisBottom: { tickSize: 0, tickPadding: 6, tickValues: ticks, format: (value: number) => String(value - 2) },
    gridXValues: ticks,
    axisLeft: { tickSize: 0, tickPadding: 6 },
  });
  return chartOf(element, widthPx, height);
}

/** '#rrggbb' at an opacity, as rgba() (svg-to-pdfkit reads no 8-digit hex; the browser chart appends '99'). */
export function withOpacity(hex: string, opacity: number): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}
/** '#rrggbb' at an opacity over white, as '#rrggbb' (legend swatches: pdfmake text reads no rgba()). */
export function overWhite(hex: string, opacity: number): string {
  const channel = (at: number) => Math.round(parseInt(hex.slice(at, at + 2), 16) * opacity + 255 * (1 - opacity));
  return `#${[1, 3, 5].map((at) => channel(at).toString(16).padStart(2, '0')).join('')}`;
}
/** The second group's bars: the band colour, lighter (the browser's '99' alpha is 0.6). */
export const SECOND_GROUP_OPACITY = 0.6;
export const MEAN_LEGEND_COLOUR = MEAN_SCORE_BANDS[1];

export interface ActionableQuestion {
  questionName: string;
  questionShowName: string;
  first: { actionablePercent: number; nonActionablePercent: number };
  last: { actionablePercent: number; nonActionablePercent: number };
}

/** Many Children Many CANS per item: 100 % stacked actionable / non-actionable, first and last time-point. */
export function actionableChart(
  questions: readonly ActionableQuestion[],
  names: { first: string; last: string; actionable: string; nonActionable: string },
  widthPx: number,
): PdfChart {
  const rows = questions.flatMap((q) =>
    (['first', 'last'] as const).map((point) => ({
      bar: `${reportQuestionLabel(q.questionName, q.questionShowName)} · ${names[point]}`,
      [names.actionable]: q[point].actionablePercent,
      [names.nonActionable]: q[point].nonActionablePercent,
    })),
  );
  const height = multiChartHeight(questions.length, 2);
  const element = horizontalBar({
    width: widthPx,
    height,
    data: [...rows].reverse(),
    keys: [names.actionable, names.nonActionable],
    indexBy: 'bar',
    margin: { top: 10, right: 24, bottom: 30, left: 200 },
    padding: 0.25,
    valueScale: { type: 'linear', min: 0, max: 100 },
    colors: [ACTIONABLE_COLOURS.actionable, ACTIONABLE_COLOURS.nonActionable],
    label: (bar) => domainOverviewLabel(Number(bar.value)),
    labelTextColor: '#ffffff',
    axisBottom: { tickSize: 0, tickPadding: 6, tickValues: PERCENT_TICKS },
    axisLeft: { tickSize: 0, tickPadding: 6 },
  });
  return chartOf(element, widthPx, height);
}

/** Glance Domain Overview: per domain the % of youth by rating, stacked to 100; labels under 6 % hidden. */
export function domainOverviewChart(
  overview: { ratings: readonly string[]; domains: ReadonlyArray<{ domainName: string; percents: readonly number[] }> },
  axisLegend: string,
  widthPx: number,
): PdfChart {
  const rows = overview.domains.map((domain) => ({
    domain: questionLabel(domain.domainName),
    ...Object.fromEntries(overview.ratings.map((rating, index) => [rating, domain.percents[index] ?? 0])),
  }));
  const height = itemChartHeight(rows.length);
  const element = horizontalBar({
    width: widthPx,
    height,
    data: [...rows].reverse(),
    keys: [...overview.ratings],
    indexBy: 'domain',
    margin: { top: 10, right: 16, bottom: 40, left: 150 },
    padding: 0.3,
    valueScale: { type: 'linear', min: 0, max: 100 },
    colors: (bar) => ratingColour(String(bar.id) === 'N/A' ? 'NA' : String(bar.id)),
    label: (bar) => domainOverviewLabel(Number(bar.value)),
    labelTextColor: '#ffffff',
    axisBottom: { tickSize: 0, tickPadding: 6, tickValues: PERCENT_TICKS, legend: axisLegend, legendPosition: 'middle', legendOffset: 32 },
    axisLeft: { tickSize: 0, tickPadding: 6 },
  });
  return chartOf(element, widthPx, height);
}

/**
 * A pie: slices with a value only; `colour` names each slice's colour. Item pies label their percentages (under 6 %
 * hidden); the glance's donut (innerRadius 0.45) labels the values, as the browser's.
 */
export function pieChart(
  slices: ReadonlyArray<{ id: string; value: number }>,
  colour: (id: string) => string,
  sizePx: number,
  style: { innerRadius?: number; percentLabels?: boolean } = {},
): PdfChart {
  const data = slices.filter((s) => s.value > 0).map((s) => ({ ...s }));
  const element = nivo().createElement(nivo().Pie<{ id: string; value: number }>, {
    width: sizePx,
    height: sizePx,
    data,
    margin: { top: 8, right: 8, bottom: 8, left: 8 },
    innerRadius: style.innerRadius ?? 0,
    colors: (slice) => colour(String(slice.id)),
    enableArcLinkLabels: false,
    arcLabel: (slice) => (style.percentLabels ? (slice.value < 6 ? '' : `${slice.value}%`) : String(slice.value)),
    arcLabelsTextColor: '#ffffff',
    animate: false,
    isInteractive: false,
    theme: THEME,
  });
  return chartOf(element, sizePx, sizePx);
}

/** An item's rating pie (Many Children One CANS): the share of each rating, coloured by the rating. */
export const itemPie = (ratings: ReadonlyArray<{ rating: string; count: number; percent: number }>, sizePx: number): PdfChart =>
  pieChart(
    ratings.filter((r) => r.count > 0).map((r) => ({ id: ratingText(r.rating), value: r.percent })),
    (id) => ratingColour(id),
    sizePx,
    { percentLabels: true },
  );
