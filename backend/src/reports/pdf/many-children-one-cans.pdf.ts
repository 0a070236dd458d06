/**
 * Many Children One CANS as a PDF (spec 001 §2 "Print views"): the applied filters (and the comparison filters
 * beside them), the glance summary, the mean domain score chart with its error bars (mean ± 1 SD) and the
 * standard deviations, per domain and module
 * a rating pie per item — 4 a row, 2 when comparing (each cell then holds the filter's and the comparison's pie),
 * which fits A4 portrait legibly (about 125 pt a pie) — the caregiver count of caregiver domains, and the notes.
 */
import type { Content } from 'pdfmake/interfaces';
import { chartsPerRow, RATING_COLOURS, reportQuestionLabel } from '@cans/domain/reports/chart-rules';
import type { DomainStatistics, ManyChildrenReport, QuestionStatistics } from '../report-statistics';
import { ERROR_BARS_NOTE, itemPie, MEAN_LEGEND_COLOUR, meanScoreChart, SECOND_GROUP_OPACITY, overWhite } from './pdf-charts';
import {
  chartNode,
  chartTitle,
  CONTENT_WIDTH_PX,
  domainHeading,
  gridRows,
  keepTogether,
  leadWith,
  legend,
  note,
  sectionHeading,
  titleBlock,
} from './pdf-document';
import { appliedFilters, comparisonFilters, filtersSection } from './pdf-filters';
import { glanceSection } from './pdf-glance';
import type { ComparisonData, ComparisonOptions, PdfContext } from './report-pdf-input';
import { isSuppressed, SUPPRESSED_ITEM_NOTE } from '../comparison-small-cells';

export const MANY_CHILDREN_ONE_CANS_TITLE = 'Many Children One CANS';
const PIE_PX = 150;
const RATING_LEGEND = (['NA', '0', '1', '2', '3'] as const).map((r) => [r === 'NA' ? 'N/A' : r, RATING_COLOURS[r]] as const);

/** Mean, standard deviation and scored assessments per domain (the chart's figures with the deviations). */
export function meanScoreTable(
  groups: ReadonlyArray<{
    name: string;
    domains: ReadonlyArray<Pick<DomainStatistics, 'code' | 'meanScore' | 'standardDeviation' | 'scored'>>;
  }>,
  domains: ReadonlyArray<Pick<DomainStatistics, 'code' | 'name'>>,
): Content {
  const figure = (value: number | null | undefined) => (value === null || value === undefined ? '–' : String(value));
  const header = [
    { text: 'Domain', bold: true },
    ...groups.flatMap((g) =>
      ['Mean', 'SD', 'Scored'].map((column) => ({
        text: groups.length > 1 ? `${g.name}: ${column}` : column,
        bold: true,
        alignment: 'right',
      })),
    ),
  ];
  const body = domains.map((domain) => [
    domain.name,
    ...groups.flatMap((g) => {
      const d = g.domains.find((x) => x.code === domain.code);
      return [figure(d?.meanScore), figure(d?.standardDeviation), figure(d?.scored ?? 0)].map((text) => ({ text, alignment: 'right' }));
    }),
  ]);
  return {
    table: { headerRows: 1, widths: ['*', ...groups.flatMap(() => ['auto', 'auto', 'auto'])], body: [header, ...body] },
    layout: 'lightHorizontalLines',
    fontSize: 8,
    margin: [0, 4, 0, 6],
  } as Content;
}

function pieCell(question: QuestionStatistics, compared: QuestionStatistics | undefined, comparing: boolean): Content {
  const pie = (q: QuestionStatistics | undefined, caption?: string): Content => ({
    stack: [
      ...(caption ? [{ text: `${caption} (${q?.rated ?? 0} rated)`, style: 'cellCaption' }] : []),
      q && q.rated > 0 && !isSuppressed(q)
        ? chartNode(itemPie(q.ratings, PIE_PX), 112)
        : ({
            text: isSuppressed(q) ? SUPPRESSED_ITEM_NOTE : 'Not rated',
            alignment: 'center',
            color: '#5f6b7a',
            margin: [0, 40, 0, 40],
          } as Content),
    ],
  });
  const label: Content = {
    text: reportQuestionLabel(question.questionName, question.questionShowName),
    bold: true,
    fontSize: 8,
    alignment: 'center',
  };
  const rated: Content = { text: `${question.rated} rated`, fontSize: 7, color: '#5f6b7a', alignment: 'center' };
  const pies: Content = comparing ? { columns: [pie(question, 'Filter'), pie(compared, 'Comparison')], columnGap: 4 } : pie(question);
  return { stack: comparing ? [label, pies] : [label, rated, pies] };
}

function domainSection(domain: DomainStatistics, comparison: DomainStatistics | undefined): Content[] {
  const comparing = comparison !== undefined;
  const compared = new Map(
    [...(comparison?.questions ?? []), ...(comparison?.moduleCharts.flatMap((m) => m.questions) ?? [])].map((q) => [q.code, q]),
  );
  const cells = (questions: readonly QuestionStatistics[]) => questions.map((q) => pieCell(q, compared.get(q.code), comparing));
  const perRow = chartsPerRow(comparing);
  const head: Content[] = [domainHeading(`${domain.name}: ratings by item`), legend(RATING_LEGEND)];
  if (domain.caregiverItem) head.push(note(`Assessments with a caregiver: ${domain.caregiverCount ?? 0} (first listed caregiver only).`));
  return leadWith(head, [
    ...gridRows(cells(domain.questions), perRow),
    ...domain.moduleCharts.flatMap((module) => leadWith([chartTitle(`Module: ${module.name}`)], gridRows(cells(module.questions), perRow))),
  ]);
}

export function manyChildrenOneCansContent(
  report: ManyChildrenReport,
  context: PdfContext,
  comparison: { saved: Record<string, string>; options: ComparisonOptions; data: ComparisonData } | null,
): Content[] {
  const sufficient = comparison?.data.sufficient ? comparison.data : null;
  const compared = new Map((sufficient?.domains ?? []).map((d) => [d.code, d]));
  const meanGroups = [
    { name: 'Filter', domains: report.domains },
    ...(sufficient ? [{ name: 'Comparison', domains: sufficient.domains }] : []),
  ];
  const summary = `${report.childCount} child(ren), ${report.assessmentCount} assessment(s).`;
  return [
    ...titleBlock(MANY_CHILDREN_ONE_CANS_TITLE, summary),
    filtersSection(
      appliedFilters(context.query, context.filterOptions, context.generatedAt),
      comparison ? comparisonFilters(comparison.saved, comparison.options, context.filterOptions.assessmentTypes) : null,
    ),
    ...(comparison
      ? [
          comparison.data.sufficient
            ? { text: `Comparison: ${comparison.data.childCount} child(ren), ${comparison.data.assessmentCount} assessment(s).` }
            : { text: comparison.data.message, color: '#8a4b00', margin: [0, 4, 0, 4] as [number, number, number, number] },
        ]
      : []),
    note(report.note),
    ...glanceSection(context.glance),
    keepTogether(
      sectionHeading('Mean domain scores'),
      ...(sufficient
        ? [
            legend([
              ['Filter', MEAN_LEGEND_COLOUR],
              ['Comparison', overWhite(MEAN_LEGEND_COLOUR, SECOND_GROUP_OPACITY)],
            ]),
          ]
        : []),
      chartNode(
        meanScoreChart(report.domains, CONTENT_WIDTH_PX, sufficient ? { key: 'Comparison', domains: sufficient.domains } : undefined),
      ),
      note(ERROR_BARS_NOTE),
    ),
    meanScoreTable(meanGroups, report.domains),
    note(report.domainScoreDefinition),
    ...report.domains.flatMap((domain) => domainSection(domain, sufficient ? compared.get(domain.code) : undefined)),
    sectionHeading('Notes'),
    note(report.note),
    note('Percentages are of the assessments that rated the item; labels under 6 % are not printed.'),
  ];
}
