/* The at-a-glance chart of the summary: actionable needs and strengths per domain. */
import { ResponsiveBar } from '@nivo/bar';
import { Box, Typography } from '@mui/material';
import { RATING_COLOURS } from '@cans/domain/reports/chart-rules';
import { useSummaryText } from './summary-parts';
import type { SummaryData } from './summary-types';

export const GlanceChart = ({ glance, height = 280 }: { glance: SummaryData['glance']; height?: number }) => {
  const text = useSummaryText();
  const rows = glance.domains.map((d) => ({ domain: d.title || d.name, Actionable: d.actionable, Strengths: d.useful ?? 0 }));
  if (rows.length === 0) return <Typography color="text.secondary">{text('noData')}</Typography>;
  const max = Math.max(1, ...rows.map((r) => Math.max(r.Actionable, r.Strengths)));
  const ticks = Array.from({ length: max + 1 }, (_, i) => i).filter((i) => max <= 10 || i % Math.ceil(max / 10) === 0);
  const longest = Math.max(...rows.map((r) => r.domain.length));
  return (
    <Box
      sx={{ height: Math.max(height, rows.length * 34 + 60) }}
      role="img"
      aria-label={text('glanceAlt', {
        domains: rows.map((r) => text('glanceDomain', { domain: r.domain, count: r.Actionable })).join(', '),
      })}
    >
      <ResponsiveBar
        data={rows}
        keys={['Actionable', 'Strengths']}
        indexBy="domain"
        layout="horizontal"
        groupMode="grouped"
        margin={{ top: 10, right: 24, bottom: 40, left: Math.min(340, 24 + longest * 6.5) }}
        valueScale={{ type: 'linear', min: 0, max }}
        gridXValues={ticks}
        padding={0.3}
        // Actionable red and strengths green, the rating scale's (chart-rules.ts), as the reports' actionable charts.
        colors={[RATING_COLOURS['3'], RATING_COLOURS['0']]}
        axisBottom={{ tickSize: 0, tickPadding: 6, legend: text('items'), legendPosition: 'middle', legendOffset: 30, tickValues: ticks }}
        axisLeft={{ tickSize: 0, tickPadding: 8 }}
        enableGridX
        enableGridY={false}
        labelSkipWidth={14}
        labelTextColor="#ffffff"
        animate={false}
        theme={{ text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } }}
        legends={[
          { dataFrom: 'keys', anchor: 'bottom-right', direction: 'row', translateY: 40, itemWidth: 100, itemHeight: 16, symbolSize: 12 },
        ]}
        role="presentation"
      />
    </Box>
  );
};
