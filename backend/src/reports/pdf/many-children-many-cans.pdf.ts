/**
 * Many Children Many CANS as a PDF: the applied filters, the glance (type 4), the mean domain scores with standard
 * deviations at the first and the last time-point, and per domain (and module) the actionable versus
 * non-actionable share of each item at both time-points, with the report's definitions as notes.
 */
import type { Content } from 'pdfmake/interfaces';
import { multiChartHeight } from '@cans/domain/reports/chart-rules';
import {
  ACTIONABLE_COLOURS,
  actionableChart,
  ERROR_BARS_NOTE,
  fittingRuns,
  MEAN_LEGEND_COLOUR,
  meanScoreChart,
  overWhite,
  SECOND_GROUP_OPACITY,
  type ActionableQuestion,
} from './pdf-charts';
import {
  chartNode,
  chartTitle,
  CONTENT_WIDTH_PX,
  domainHeading,
  keepTogether,
  leadWith,
  legend,
  MAX_CHART_HEIGHT_PX,
  note,
  sectionHeading,
  titleBlock,
} from './pdf-document';
import { appliedFilters, filtersSection } from './pdf-filters';
import { glanceSection } from './pdf-glance';
import { meanScoreTable } from './many-children-one-cans.pdf';
import type { ManyChildrenManyCansData, PdfContext } from './report-pdf-input';

export const MANY_CHILDREN_MANY_CANS_TITLE = 'Many Children Many CANS';
const NAMES = { first: 'First', last: 'Last', actionable: 'Actionable (2, 3)', nonActionable: 'Non-actionable (0, 1)' };

export function manyChildrenManyCansContent(report: ManyChildrenManyCansData, context: PdfContext): Content[] {
  const scores = (point: 'first' | 'last') =>
    report.domains.map((d) => ({ code: d.code, name: d.name, shortName: d.shortName, ...d[point] }));
  // A node per use: pdfmake lays out (and changes) each node object once.
  const actionableLegend = () =>
    legend([
      [NAMES.actionable, ACTIONABLE_COLOURS.actionable],
      [NAMES.nonActionable, ACTIONABLE_COLOURS.nonActionable],
    ]);
  /** Each run of questions that fits a page: the legend and its chart (two bars a question). */
  const charts = (questions: readonly ActionableQuestion[]): Content[] =>
    fittingRuns(questions, (count) => multiChartHeight(count, 2), MAX_CHART_HEIGHT_PX).map((run) =>
      keepTogether(actionableLegend(), chartNode(actionableChart(run, NAMES, CONTENT_WIDTH_PX))),
    );
  return [
    ...titleBlock(MANY_CHILDREN_MANY_CANS_TITLE, `${report.childCount} child(ren) compared between their first and last assessment.`),
    filtersSection(appliedFilters(context.query, context.filterOptions, context.generatedAt), null),
    note(report.definitions.timePoints),
    ...glanceSection(context.glance),
    keepTogether(
      sectionHeading('Mean domain scores: first and last assessment'),
      legend([
        [NAMES.first, MEAN_LEGEND_COLOUR],
        [NAMES.last, overWhite(MEAN_LEGEND_COLOUR, SECOND_GROUP_OPACITY)],
      ]),
      chartNode(meanScoreChart(scores('first'), CONTENT_WIDTH_PX, { key: NAMES.last, domains: scores('last') }, NAMES.first)),
      note(ERROR_BARS_NOTE),
    ),
    meanScoreTable(
      [
        { name: NAMES.first, domains: scores('first') },
        { name: NAMES.last, domains: scores('last') },
      ],
      report.domains,
    ),
    note(report.definitions.domainScore),
    ...report.domains.flatMap((domain) =>
      leadWith(
        [domainHeading(`${domain.name}: actionable items, first and last`)],
        [
          ...charts(domain.questions),
          ...domain.moduleCharts
            .filter((module) => module.questions.length > 0)
            .flatMap((module) => leadWith([chartTitle(`Module: ${module.name}`)], charts(module.questions))),
        ],
      ),
    ),
    sectionHeading('Notes'),
    note(report.definitions.actionable),
    note(report.definitions.timePoints),
  ];
}
