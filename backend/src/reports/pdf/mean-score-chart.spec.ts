/**
 * The PDF's mean domain score chart (pdf-charts.ts, issue 28): each bar has an error bar of mean ± 1 standard
 * deviation on the plotted axis (mean + 2), clipped at a shown 0, none without a standard deviation; the axis
 * reaches past the longest mean + SD; each mean is written past its bar's end or its error bar's.
 */
import { loadChartKit, meanScoreChart, type DomainScore } from './pdf-charts';

const domain = (code: string, meanScore: number | null, standardDeviation: number | null): DomainScore => ({
  code,
  name: `Domain ${code}`,
  shortName: null,
  meanScore,
  standardDeviation,
});
/** Every whisker (data-sd) and every mean label of the SVG. */
const whiskersOf = (svg: string) =>
  [...svg.matchAll(/<line data-sd="([^"]+)" x1="([^"]+)" x2="([^"]+)"/g)].map(([, sd, x1, x2]) => ({
    sd: Number(sd),
    x1: Number(x1),
    x2: Number(x2),
  }));

describe('the PDF mean domain score chart', () => {
  beforeAll(() => loadChartKit());

  it('draws mean ± 1 SD per bar on the plotted axis, clipped at a shown 0, and none without an SD', () => {
    const width = 600;
    const inner = width - 150 - 24; // the chart's left and right margins
    // Plotted: A 4 ± 1.5 → 4.5 to 7.5; B 1 ± 2.5 → 2 (a shown 0) to 5.5; C no SD. Axis: ceil(7.5) = 8.
    const chart = meanScoreChart([domain('A', 4, 1.5), domain('B', 1, 2.5), domain('C', 2, null)], width);
    const x = (plotted: number) => (inner * plotted) / 8;
    const whiskers = whiskersOf(chart.svg).sort((a, b) => a.sd - b.sd);
    expect(whiskers).toHaveLength(2);
    expect(whiskers[0].sd).toBe(1.5);
    expect(whiskers[0].x1).toBeCloseTo(x(4.5), 3);
    expect(whiskers[0].x2).toBeCloseTo(x(7.5), 3);
    expect(whiskers[1].sd).toBe(2.5);
    expect(whiskers[1].x1).toBeCloseTo(x(2), 3);
    expect(whiskers[1].x2).toBeCloseTo(x(5.5), 3);
    // The means, written beside the bars.
    for (const mean of ['4', '1', '2']) expect(chart.svg).toMatch(new RegExp(`>${mean}</text>`));
  });

  it('draws the comparison group’s error bars too', () => {
    const chart = meanScoreChart([domain('A', 3, 1)], 600, { key: 'Comparison', domains: [domain('A', 2, 0.5)] });
    expect(
      whiskersOf(chart.svg)
        .map((w) => w.sd)
        .sort(),
    ).toEqual([0.5, 1]);
  });
});
