/**
 * What a nivo bar chart drew, read from its SVG in the browser: each bar's label (the text nivo writes in the bar's
 * group) and the fill of its rect, as the page shows it. Browser specs compare the fills with the chart rules
 * (domain/src/reports/chart-rules.ts), so a colour computed from the wrong value (a rating 0 read as "no rating")
 * shows here and not only on a screenshot.
 */
import type { Locator } from 'playwright-core';

export interface DrawnBar {
  label: string;
  fill: string;
  width: number;
}

/** The bars of the chart inside `chart` (the role="img" box around the nivo SVG), in document order. */
export const drawnBars = (chart: Locator): Promise<DrawnBar[]> =>
  chart
    .locator('svg')
    .first()
    .evaluate((svg) =>
      Array.from(svg.querySelectorAll('g > rect'))
        .filter((rect) => rect.parentElement?.querySelector(':scope > text') !== null)
        .map((rect) => ({
          label: rect.parentElement!.querySelector(':scope > text')!.textContent ?? '',
          // nivo's springs write an opaque colour as rgba(r, g, b, 1): compared as #rrggbb.
          fill: (rect.getAttribute('fill') ?? '').toLowerCase().replace(
            /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*1)?\)$/,
            (_: string, ...rgb: string[]) =>
              `#${rgb
                .slice(0, 3)
                .map((channel) => Number(channel).toString(16).padStart(2, '0'))
                .join('')}`,
          ),
          width: Number(rect.getAttribute('width')),
        })),
    );

/** The error bars of a mean score chart: each whisker line (data-sd: the standard deviation it stands for) and its ends. */
export const drawnWhiskers = (chart: Locator): Promise<Array<{ sd: string; x1: number; x2: number }>> =>
  chart
    .locator('svg')
    .first()
    .evaluate((svg) =>
      Array.from(svg.querySelectorAll('line[data-sd]')).map((line) => ({
        sd: line.getAttribute('data-sd') ?? '',
        x1: Number(line.getAttribute('x1')),
        x2: Number(line.getAttribute('x2')),
      })),
    );
