/*
 * The multi-assessment chart (spec 001 §9): per question a bar per chosen assessment at rating + 2 (N/A at 1.2,
 * labelled N/A; none where the assessment has no rating), axis 1 to 6, height questions × series × 50 + 200, the
 * legend naming each series by assessment type and date. The legend sits above the chart, which runs to well over a
 * screen's height, and the series take the time-point colours (none a rating's). Its table is the text alternative.
 */
import { useTranslate } from 'react-admin';
import { ResponsiveBar } from '@nivo/bar';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ChartPanel } from '../dashboard/ChartPanel';
import { ScrollRegion } from '../layout/ScrollRegion';
import {
  ITEM_AXIS,
  multiChartHeight,
  plottedMultiRating,
  reportQuestionLabel,
  shownRating,
  timePointColour,
} from '@cans/domain/reports/chart-rules';
import type { SeriesQuestion } from './report-types';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };
const TICKS = [1, 2, 3, 4, 5, 6];

export interface Series {
  assessmentId: string;
  /** Assessment type plus date (spec legend). */
  label: string;
}

export const MultiAssessmentChart = ({
  id,
  title,
  questions,
  series,
}: {
  id: string;
  title: string;
  questions: SeriesQuestion[];
  series: Series[];
}) => {
  const translate = useTranslate();
  const answerOf = (q: SeriesQuestion, s: Series) => q.answers.find((a) => a.assessmentId === s.assessmentId)?.answer ?? '--';
  const rows = questions.map((q) => ({
    label: reportQuestionLabel(q.questionName, q.questionShowName),
    ...Object.fromEntries(series.map((s) => [s.label, plottedMultiRating(answerOf(q, s)) ?? 0])),
  }));
  const chart = (
    <>
      <Stack
        component="ul"
        aria-label={translate('cans.reports.report.seriesLegend')}
        direction="row"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
        sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}
      >
        {series.map((s, index) => (
          <Stack key={s.assessmentId} component="li" direction="row" spacing={0.75} alignItems="center">
            <Box sx={{ width: 12, height: 12, flex: 'none', bgcolor: timePointColour(index) }} />
            <Typography variant="body2">{s.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box
        sx={{ height: multiChartHeight(questions.length, series.length) }}
        role="img"
        aria-label={translate('cans.reports.report.barsAlt', {
          title,
          values: questions.map((q) => `${q.questionName} ${series.map((s) => String(answerOf(q, s))).join(' / ')}`).join(', '),
        })}
      >
        <ResponsiveBar
          data={[...rows].reverse()}
          keys={series.map((s) => s.label)}
          indexBy="label"
          layout="horizontal"
          groupMode="grouped"
          margin={{ top: 10, right: 24, bottom: 30, left: 160 }}
          padding={0.2}
          valueScale={{ type: 'linear', min: 0, max: ITEM_AXIS.max }}
          colors={series.map((_, index) => timePointColour(index))}
          label={(bar) => (Number(bar.value) === 0 ? '' : shownRating(Number(bar.value)))}
          labelTextColor="#ffffff"
          axisBottom={{ tickSize: 0, tickPadding: 6, tickValues: TICKS }}
          gridXValues={TICKS}
          axisLeft={{ tickSize: 0, tickPadding: 6 }}
          animate={false}
          isInteractive={false}
          theme={CHART_THEME}
          role="presentation"
        />
      </Box>
    </>
  );
  const table = (
    <ScrollRegion label={translate('cans.reports.tableOf', { title })}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('cans.reports.report.item')}</TableCell>
            {series.map((s) => (
              <TableCell key={s.assessmentId} align="right">
                {s.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.map((q) => (
            <TableRow key={q.code}>
              <TableCell component="th" scope="row">
                {q.questionName}
              </TableCell>
              {series.map((s) => (
                <TableCell key={s.assessmentId} align="right">
                  {String(answerOf(q, s))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  const csv = {
    fileName: title,
    header: [translate('cans.reports.report.item'), ...series.map((s) => s.label)],
    rows: questions.map((q) => [q.questionName, ...series.map((s) => String(answerOf(q, s)))]),
  };
  return <ChartPanel id={id} title={title} chart={chart} table={table} csv={csv} />;
};
