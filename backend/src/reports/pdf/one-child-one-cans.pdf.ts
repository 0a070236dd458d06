/**
 * One Child One CANS as a PDF (spec 001 §2 "Print views"): title, the child's base information, the at-a-glance
 * section, the child's other available CANS, and an item rating bar chart per domain (and per module); caregiver
 * domains per caregiver.
 */
import type { Content } from 'pdfmake/interfaces';
import { itemChartHeight } from '@cans/domain/reports/chart-rules';
import { fittingRuns, itemRatingChart, type AnsweredQuestion } from './pdf-charts';
import {
  chartNode,
  chartTitle,
  CONTENT_WIDTH_PX,
  displayDate,
  domainHeading,
  factTable,
  leadWith,
  MAX_CHART_HEIGHT_PX,
  note,
  sectionHeading,
  titleBlock,
} from './pdf-document';
import { glanceSection } from './pdf-glance';
import { genderNameOf, labelled, OneChildOneCansData, PdfContext, typeNameOf } from './report-pdf-input';

export const ONE_CHILD_ONE_CANS_TITLE = 'One Child One CANS';

interface ChartedDomain {
  name: string;
  questions: readonly AnsweredQuestion[];
  moduleCharts: ReadonlyArray<{ name: string; questions: readonly AnsweredQuestion[] }>;
}

/** A domain's heading, its item chart and one chart per module (split by question where taller than a page). */
export function domainCharts(heading: string, domain: ChartedDomain): Content[] {
  const charts = (questions: readonly AnsweredQuestion[]) =>
    fittingRuns(questions, itemChartHeight, MAX_CHART_HEIGHT_PX).map((run) => chartNode(itemRatingChart(run, CONTENT_WIDTH_PX)));
  const blocks: Content[] = [
    ...charts(domain.questions),
    ...domain.moduleCharts
      .filter((module) => module.questions.length > 0)
      .flatMap((module) => leadWith([chartTitle(`Module: ${module.name}`)], charts(module.questions))),
  ];
  if (blocks.length === 0) blocks.push(note('No questions in this domain.'));
  return leadWith([domainHeading(heading)], blocks);
}

export function oneChildOneCansContent(report: OneChildOneCansData, context: PdfContext): Content[] {
  const { child } = report;
  const options = context.filterOptions;
  const facts: Array<[string, string]> = [
    ...labelled(options, 'LocalAuthority', child.cin),
    ['Name', child.fullName],
    ...labelled(options, 'Age', String(child.age ?? '')),
    ...labelled(options, 'GENDER', genderNameOf(options, child.gender)),
    ...labelled(options, 'Assessor', child.assessorName),
    ...labelled(options, 'AGENCY', child.agency ?? ''),
    ...labelled(options, 'INITIALIZED', typeNameOf(options, child.assessmentType)),
    ...labelled(options, 'DateOfAssessment', displayDate(child.dateOfAssessment)),
  ];
  const others: Content =
    report.otherCases.length === 0
      ? { text: 'No other approved CANS of this child in your reports.' }
      : {
          ul: report.otherCases.map((other) => `${typeNameOf(options, other.assessmentType)} — ${displayDate(other.dateOfAssessment)}`),
        };
  const ratingNote = note('Bars show the rating (0 to 3); N/A is drawn short and labelled N/A; -- means not rated.');
  return [
    ...titleBlock(ONE_CHILD_ONE_CANS_TITLE, `${child.fullName} (${options.labels.LocalAuthority.displayName} ${child.cin})`),
    sectionHeading('Child'),
    factTable(facts, 2),
    ...glanceSection(context.glance),
    sectionHeading('Other CANS of this child'),
    others,
    ratingNote,
    ...report.domains.flatMap((domain) => domainCharts(domain.name, domain)),
    ...report.caregivers.flatMap((caregiver) =>
      caregiver.domains.flatMap((domain) => domainCharts(`${domain.name}: ${caregiver.name}`, domain)),
    ),
  ];
}
