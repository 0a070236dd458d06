/*
 * Many Children Many CANS per item (spec 001 §1): the share of actionable (2, 3) versus non-actionable (0, 1)
 * ratings at the first and at the last time-point, as 100 % stacked bars (two per item); N/A and unrated are left
 * out of both shares and counted in the table, which is the text alternative.
 */
import { useTranslate } from 'react-admin';
import { ResponsiveBar } from '@nivo/bar';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ChartPanel } from '../../dashboard/ChartPanel';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { domainOverviewLabel, multiChartHeight, RATING_COLOURS, reportQuestionLabel } from '@cans/domain/reports/chart-rules';
import type { ActionableShare, PairQuestion } from '../report-types';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };
const COLOURS = { actionable: RATING_COLOURS['3'], nonActionable: RATING_COLOURS['0'] };

export const ActionableChart = ({ id, title, questions }: { id: string; title: string; questions: PairQuestion[] }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.pairs.${key}`, options);
  const actionable = text('actionable');
  const nonActionable = text('nonActionable');
  const rows = questions.flatMap((q) =>
    (['first', 'last'] as const).map((point) => ({
      bar: `${reportQuestionLabel(q.questionName, q.questionShowName)} · ${text(point)}`,
      [actionable]: q[point].actionablePercent,
      [nonActionable]: q[point].nonActionablePercent,
    })),
  );
  const share = (s: ActionableShare) => `${s.actionable} (${s.actionablePercent}%)`;
  const nonShare = (s: ActionableShare) => `${s.nonActionable} (${s.nonActionablePercent}%)`;
  const chart = (
    <>
      <Box
        sx={{ height: multiChartHeight(questions.length, 2) }}
        role="img"
        aria-label={text('alt', {
          title,
          values: questions.map((q) => `${q.questionName} ${q.first.actionablePercent}% → ${q.last.actionablePercent}%`).join(', '),
        })}
      >
        <ResponsiveBar
          data={[...rows].reverse()}
          keys={[actionable, nonActionable]}
          indexBy="bar"
          layout="horizontal"
          margin={{ top: 10, right: 24, bottom: 30, left: 200 }}
          padding={0.25}
          valueScale={{ type: 'linear', min: 0, max: 100 }}
          colors={[COLOURS.actionable, COLOURS.nonActionable]}
          label={(bar) => domainOverviewLabel(Number(bar.value))}
          labelTextColor="#ffffff"
          axisBottom={{ tickSize: 0, tickPadding: 6, tickValues: [0, 25, 50, 75, 100] }}
          axisLeft={{ tickSize: 0, tickPadding: 6 }}
          animate={false}
          isInteractive={false}
          theme={CHART_THEME}
          role="presentation"
        />
      </Box>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" aria-hidden sx={{ mt: 1 }}>
        {[
          [actionable, COLOURS.actionable],
          [nonActionable, COLOURS.nonActionable],
        ].map(([name, colour]) => (
          <Stack key={name} direction="row" spacing={0.75} alignItems="center">
            <Box sx={{ width: 12, height: 12, bgcolor: colour }} />
            <Typography variant="body2">{name}</Typography>
          </Stack>
        ))}
      </Stack>
    </>
  );
  const table = (
    <ScrollRegion label={translate('cans.reports.tableOf', { title })}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('cans.reports.report.item')}</TableCell>
            {(['first', 'last'] as const).flatMap((point) =>
              [actionable, nonActionable, text('notApplicable')].map((column) => (
                <TableCell key={`${point}-${column}`} align="right">
                  {`${text(point)}: ${column}`}
                </TableCell>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.map((q) => (
            <TableRow key={q.code}>
              <TableCell component="th" scope="row">
                {q.questionName}
              </TableCell>
              {[q.first, q.last].flatMap((s, index) => [
                <TableCell key={`${index}-a`} align="right">
                  {share(s)}
                </TableCell>,
                <TableCell key={`${index}-n`} align="right">
                  {nonShare(s)}
                </TableCell>,
                <TableCell key={`${index}-na`} align="right">
                  {s.notApplicable}
                </TableCell>,
              ])}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  // The CSV splits each count from its percentage, so a spreadsheet can sum them.
  const csv = {
    fileName: title,
    header: [
      translate('cans.reports.report.item'),
      ...(['first', 'last'] as const).flatMap((point) =>
        [actionable, `${actionable} (%)`, nonActionable, `${nonActionable} (%)`, text('notApplicable')].map(
          (column) => `${text(point)}: ${column}`,
        ),
      ),
    ],
    rows: questions.map((q) => [
      q.questionName,
      ...[q.first, q.last].flatMap((s) => [s.actionable, s.actionablePercent, s.nonActionable, s.nonActionablePercent, s.notApplicable]),
    ]),
  };
  return <ChartPanel id={id} title={title} chart={chart} table={table} csv={csv} />;
};
