/**
 * One Child Many CANS as a PDF (spec 001 §2 "Print views"): the child's information, the chosen time-point
 * assessments, the glance (type 2) and a multi-series bar chart per domain (and module) whose legend entries are
 * assessment type plus date.
 */
import type { Content } from 'pdfmake/interfaces';
import { multiChartHeight, timePointColour } from '@cans/domain/reports/chart-rules';
import { fittingRuns, multiAssessmentChart, type SeriesQuestion } from './pdf-charts';
import {
  chartNode,
  chartTitle,
  CONTENT_WIDTH_PX,
  displayDate,
  domainHeading,
  factTable,
  keepTogether,
  leadWith,
  legend,
  MAX_CHART_HEIGHT_PX,
  note,
  sectionHeading,
  titleBlock,
} from './pdf-document';
import { glanceSection } from './pdf-glance';
import { genderNameOf, labelled, OneChildManyCansData, PdfContext, typeNameOf } from './report-pdf-input';

export const ONE_CHILD_MANY_CANS_TITLE = 'One Child Many CANS';

export function oneChildManyCansContent(report: OneChildManyCansData, context: PdfContext): Content[] {
  const { child } = report;
  const options = context.filterOptions;
  const series = report.assessments.map((a) => ({
    assessmentId: a.id,
    label: `${typeNameOf(options, a.assessmentType)} ${displayDate(a.dateOfAssessment)}`,
  }));
  // A node per use: pdfmake lays out (and changes) each node object once.
  const seriesLegend = () => legend(series.map((s, index) => [s.label, timePointColour(index)] as const));
  /** Each run of questions that fits a page: the series legend above its chart (read before a long chart, as on screen). */
  const charts = (questions: readonly SeriesQuestion[]): Content[] =>
    fittingRuns(questions, (count) => multiChartHeight(count, series.length), MAX_CHART_HEIGHT_PX).map((run) =>
      keepTogether(seriesLegend(), chartNode(multiAssessmentChart(run, series, CONTENT_WIDTH_PX))),
    );
  const { labels } = options;
  // The Assessor column leaves with its label (spec 002 §3).
  const assessor = labels.Assessor.visible;
  const assessments: Content = {
    table: {
      headerRows: 1,
      widths: assessor ? ['auto', '*', 'auto', '*'] : ['auto', '*', 'auto'],
      body: [
        [
          'Time-point',
          labels.INITIALIZED.displayName,
          labels.DateOfAssessment.displayName,
          ...(assessor ? [labels.Assessor.displayName] : []),
        ].map((text) => ({ text, bold: true })),
        ...report.assessments.map((a) => [
          a.timePoint,
          typeNameOf(options, a.assessmentType),
          displayDate(a.dateOfAssessment),
          ...(assessor ? [a.assessorName] : []),
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
  return [
    ...titleBlock(ONE_CHILD_MANY_CANS_TITLE, `${child.fullName} (${labels.LocalAuthority.displayName} ${child.cin})`),
    sectionHeading('Child'),
    factTable(
      [
        ...labelled(options, 'LocalAuthority', child.cin),
        ['Name', child.fullName],
        ...labelled(options, 'GENDER', genderNameOf(options, child.gender)),
        ...labelled(options, 'AGENCY', child.agency ?? ''),
      ],
      2,
    ),
    sectionHeading('Assessments in the report'),
    assessments,
    ...glanceSection(context.glance),
    note('Bars show the rating (0 to 3) of each assessment; N/A is drawn short and labelled N/A; -- means not rated.'),
    ...report.domains.flatMap((domain) =>
      leadWith(
        [domainHeading(domain.name)],
        [
          ...charts(domain.questions),
          ...domain.moduleCharts
            .filter((module) => module.questions.length > 0)
            .flatMap((module) => leadWith([chartTitle(`Module: ${module.name}`)], charts(module.questions))),
        ],
      ),
    ),
  ];
}
