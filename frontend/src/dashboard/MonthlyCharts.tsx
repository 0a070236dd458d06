/*
 * The home charts (spec 001 §2): assessments per month over the last 12 months (a bar opens the list of that month,
 * `date` param) and per month per assessment type, each with its table; in the table every month is a link, so each
 * bar's list is reachable from the keyboard. Figures from GET /api/assessment-counts/months (row access applied).
 */
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useApiQuery } from '../providers/useApi';
import { ScrollRegion } from '../layout/ScrollRegion';
import { ChartPanel } from './ChartPanel';
import { monthLabel, monthListPath, type MonthlyAssessmentCounts } from './dashboard-types';

const TYPE_COLOURS = ['#1a5fa8', '#c4541a', '#2e7d4f', '#7b3fa0', '#8a6d00', '#3c4654'];
const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };

/** Whole-number ticks (counts), at most about six. */
const countTicks = (max: number) => {
  const step = Math.max(1, Math.ceil(max / 6));
  // Up to the first tick at or above the maximum, so the tallest bar fits under the top of the axis.
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
};

const MonthTable = ({ data, byType }: { data: MonthlyAssessmentCounts; byType: boolean }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.dashboard.${key}`, options);
  const title = text(byType ? 'byType.title' : 'monthly.title');
  return (
    <ScrollRegion label={text('tableOf', { title })}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell component="th">{text('month')}</TableCell>
            {byType &&
              data.types.map((type) => (
                <TableCell key={type.id} align="right">
                  {type.name}
                </TableCell>
              ))}
            <TableCell align="right">{text('total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.months.map((month, index) => (
            <TableRow key={month}>
              <TableCell component="th" scope="row">
                <Link
                  component={RouterLink}
                  to={monthListPath(month)}
                  aria-label={text('monthly.openMonth', { count: data.totals[index], month: monthLabel(month) })}
                >
                  {monthLabel(month)}
                </Link>
              </TableCell>
              {byType &&
                data.types.map((type) => (
                  <TableCell key={type.id} align="right">
                    {type.counts[index]}
                  </TableCell>
                ))}
              <TableCell align="right">{data.totals[index]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};

const MonthlyBars = ({ data }: { data: MonthlyAssessmentCounts }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const rows = data.months.map((month, index) => ({ month, label: monthLabel(month), Assessments: data.totals[index] }));
  const ticks = countTicks(Math.max(1, ...data.totals));
  return (
    <Box
      sx={{ height: 280, '& rect': { cursor: 'pointer' } }}
      role="img"
      aria-label={translate('cans.dashboard.monthly.alt', { months: rows.map((r) => `${r.label} ${r.Assessments}`).join(', ') })}
    >
      <ResponsiveBar
        data={rows}
        keys={['Assessments']}
        indexBy="label"
        margin={{ top: 10, right: 10, bottom: 56, left: 40 }}
        padding={0.25}
        valueScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1] }}
        colors={['#1a5fa8']}
        axisBottom={{ tickSize: 0, tickPadding: 6, tickRotation: -45 }}
        axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: ticks }}
        gridYValues={ticks}
        enableLabel={false}
        animate={false}
        theme={CHART_THEME}
        onClick={(bar) => navigate(monthListPath(rows[bar.index].month))}
        role="presentation"
      />
    </Box>
  );
};

const TypeLines = ({ data }: { data: MonthlyAssessmentCounts }) => {
  const translate = useTranslate();
  const series = data.types.map((type) => ({
    id: type.name,
    data: data.months.map((month, index) => ({ x: monthLabel(month), y: type.counts[index] })),
  }));
  const ticks = countTicks(Math.max(1, ...data.types.flatMap((type) => type.counts)));
  return (
    <>
      <Box
        sx={{ height: 280 }}
        role="img"
        aria-label={translate('cans.dashboard.byType.alt', {
          series: data.types.map((type) => `${type.name}: ${type.counts.reduce((a, b) => a + b, 0)}`).join(', '),
        })}
      >
        <ResponsiveLine
          data={series}
          margin={{ top: 10, right: 16, bottom: 56, left: 40 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1] }}
          colors={TYPE_COLOURS}
          axisBottom={{ tickSize: 0, tickPadding: 6, tickRotation: -45 }}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: ticks }}
          gridYValues={ticks}
          pointSize={6}
          useMesh
          animate={false}
          theme={CHART_THEME}
          role="presentation"
        />
      </Box>
      {/* The legend in HTML: it wraps on a narrow screen, where an SVG legend would be cut off. */}
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" aria-hidden sx={{ mt: 1 }}>
        {data.types.map((type, index) => (
          <Stack key={type.id} direction="row" spacing={0.75} alignItems="center">
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: TYPE_COLOURS[index % TYPE_COLOURS.length] }} />
            <Typography variant="body2">{type.name}</Typography>
          </Stack>
        ))}
      </Stack>
    </>
  );
};

export const MonthlyCharts = () => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.dashboard.${key}`);
  const { data } = useApiQuery<MonthlyAssessmentCounts>('/assessment-counts/months');
  const status = <Typography color="text.secondary">{data ? text('noData') : text('loading')}</Typography>;
  const empty = !data || data.totals.every((n) => n === 0);
  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 3 }}>
      <ChartPanel
        id="monthly-chart"
        title={text('monthly.title')}
        hint={text('monthly.hint')}
        chart={empty ? status : <MonthlyBars data={data} />}
        table={data ? <MonthTable data={data} byType={false} /> : status}
      />
      <ChartPanel
        id="type-chart"
        title={text('byType.title')}
        chart={empty ? status : <TypeLines data={data} />}
        table={data ? <MonthTable data={data} byType /> : status}
      />
    </Stack>
  );
};
