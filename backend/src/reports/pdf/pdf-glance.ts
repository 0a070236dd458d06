/**
 * The Quick Glance section of a report PDF (spec 001 §2 "Quick Glance panel"), drawn as frontend/src/reports/glance
 * draws it: the stat labels and values, the pie (Rating Overview for types 1-2, Gender Overview for 3-4), the Range
 * of Needs of Total Actionable Items (type 1: the average only; axis 0-30) and the stacked Domain Overview.
 */
import type { Content } from 'pdfmake/interfaces';
import { glanceSliceColour, ratingColour, TAI_AXIS_MAX, taiPosition } from '@cans/domain/reports/chart-rules';
import type { ReportGlance } from '../glance/report-glance';
import { domainOverviewChart, pieChart, PT_PER_PX, type PdfChart } from './pdf-charts';
import { chartNode, chartTitle, CONTENT_WIDTH, CONTENT_WIDTH_PX, factTable, legend, sectionHeading } from './pdf-document';

const PIE_PX = 220;
const RANGE_WIDTH = 300;
const RANGE_LEFT = 16;
const RANGE_TICKS = [0, 5, 10, 15, 20, 25, 30];

/**
 * Range of Needs as the browser draws it (RangeOfNeeds.tsx: a plain SVG candlestick, nivo has none): the line from
 * minimum to maximum, the box average ± one standard deviation, the red mark at the average.
 */
function rangeOfNeedsChart(items: ReportGlance['actionableItems'], averageOnly: boolean): PdfChart {
  const plot = RANGE_WIDTH - 2 * RANGE_LEFT;
  const x = (value: number) => (RANGE_LEFT + taiPosition(value) * plot).toFixed(2);
  const range = averageOnly
    ? ''
    : `<line x1="${x(items.minCount)}" x2="${x(items.maxCount)}" y1="30" y2="30" stroke="#3c4654" stroke-width="2"/>` +
      `<line x1="${x(items.minCount)}" x2="${x(items.minCount)}" y1="20" y2="40" stroke="#3c4654" stroke-width="2"/>` +
      `<line x1="${x(items.maxCount)}" x2="${x(items.maxCount)}" y1="20" y2="40" stroke="#3c4654" stroke-width="2"/>` +
      `<rect x="${x(items.averageLessOne)}" y="18" width="${Math.max(2, Number(x(items.averageMoreOne)) - Number(x(items.averageLessOne))).toFixed(2)}" height="24" fill="#1a5fa8" fill-opacity="0.35" stroke="#1a5fa8"/>`;
  const ticks = RANGE_TICKS.map(
    (tick) =>
      `<line x1="${x(tick)}" x2="${x(tick)}" y1="62" y2="66" stroke="#9aa3ad"/>` +
      `<text x="${x(tick)}" y="80" font-size="11" font-family="Roboto" text-anchor="middle" fill="#3c4654">${tick}</text>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RANGE_WIDTH}" height="90" viewBox="0 0 ${RANGE_WIDTH} 90">${range}` +
    `<line x1="${x(items.average)}" x2="${x(items.average)}" y1="14" y2="46" stroke="#c62828" stroke-width="3"/>` +
    `<line x1="${RANGE_LEFT}" x2="${RANGE_LEFT + plot}" y1="62" y2="62" stroke="#9aa3ad"/>${ticks.join('')}</svg>`;
  return { svg, width: RANGE_WIDTH * PT_PER_PX * 1.2, height: 90 * PT_PER_PX * 1.2 };
}

export function glanceSection(glance: ReportGlance): Content[] {
  const { pie, actionableItems: items } = glance;
  const colourOf = (name: string) => glanceSliceColour(pie.kind, name, pie.slices);
  const pieNode = pieChart(
    pie.slices.map((s) => ({ id: s.name, value: s.value })),
    colourOf,
    PIE_PX,
    { innerRadius: 0.45 },
  );
  const rangeFigures: Array<[string, string]> = glance.averageOnly
    ? [['Average', String(items.average)]]
    : [
        ['Maximum', String(items.maxCount)],
        ['Average + 1 SD', String(items.averageMoreOne)],
        ['Average', String(items.average)],
        ['Average − 1 SD', String(items.averageLessOne)],
        ['Minimum', String(items.minCount)],
      ];
  const overview = domainOverviewChart(glance.domainOverview, '% of Youth', CONTENT_WIDTH_PX);
  return [
    sectionHeading('Quick Glance'),
    {
      columns: [
        {
          width: '*',
          stack: [
            factTable(
              glance.baseInfos.map((info) => [info.name, String(info.value)] as const),
              1,
            ),
          ],
        },
        {
          width: 180,
          stack: [
            chartTitle(pie.title),
            chartNode(pieNode, 165),
            legend(pie.slices.map((s) => [`${s.name} (${s.value})`, colourOf(s.name)] as const)),
          ],
        },
      ],
      columnGap: 16,
    },
    chartTitle(`Range of Needs — Total Actionable Items (0 to ${TAI_AXIS_MAX})`),
    {
      columns: [
        { width: 'auto', stack: [chartNode(rangeOfNeedsChart(items, glance.averageOnly))] },
        { width: '*', stack: [factTable(rangeFigures, 1)], margin: [12, 8, 0, 0] },
      ],
    },
    // The heading and legend stay with their chart.
    {
      unbreakable: true,
      stack: [
        chartTitle('Domain Overview — % of youth by rating'),
        legend(glance.domainOverview.ratings.map((r) => [r, ratingColour(r)] as const)),
        chartNode(overview, CONTENT_WIDTH),
      ],
    },
  ];
}
