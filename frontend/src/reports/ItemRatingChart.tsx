/*
 * The item rating chart of one assessment (spec 001 §9): a horizontal bar per question at rating + 2 (N/A at 1,
 * labelled N/A), axis 1 to 6, coloured 0 green, 1 amber, 2 orange, 3+ red; 50 px per question + 100, at least
 * 230; labels cut after 20 characters when there is no short name. Its table is the text alternative.
 */
import { useTranslate } from 'react-admin';
import { ResponsiveBar } from '@nivo/bar';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ChartPanel } from '../dashboard/ChartPanel';
import { ScrollRegion } from '../layout/ScrollRegion';
import {
  ITEM_AXIS,
  itemChartHeight,
  plottedItemRating,
  ratingColour,
  reportQuestionLabel,
  shownRating,
} from '@cans/domain/reports/chart-rules';
import type { AnsweredQuestion } from './report-types';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };
const TICKS = [1, 2, 3, 4, 5, 6];

const answerText = (answer: number | string) => String(answer);

export const ItemRatingChart = ({ id, title, questions }: { id: string; title: string; questions: AnsweredQuestion[] }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.report.${key}`);
  // The colour goes in the row as a string: nivo hands `colors` and `label` a bar's row without its falsy fields,
  // so a rating stored as the number 0 would read as no rating (N/A grey) there (issue 28).
  const rows = questions.map((q) => ({
    code: q.code,
    label: reportQuestionLabel(q.questionName, q.questionShowName),
    rating: plottedItemRating(q.answer) ?? 0,
    answer: String(q.answer),
    colour: ratingColour(q.answer === 'N/A' ? 'NA' : q.answer),
  }));
  const chart = (
    <Box
      sx={{ height: itemChartHeight(rows.length) }}
      role="img"
      aria-label={translate('cans.reports.report.barsAlt', {
        title,
        values: questions.map((q) => `${q.questionName} ${answerText(q.answer)}`).join(', '),
      })}
    >
      <ResponsiveBar
        data={[...rows].reverse()}
        keys={['rating']}
        indexBy="label"
        layout="horizontal"
        margin={{ top: 10, right: 24, bottom: 30, left: 160 }}
        padding={0.3}
        valueScale={{ type: 'linear', min: 0, max: ITEM_AXIS.max }}
        colors={(bar) => String(bar.data.colour)}
        label={(bar) => (bar.data.answer === '--' ? '' : shownRating(Number(bar.value)))}
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
  );
  const table = (
    <ScrollRegion label={translate('cans.reports.tableOf', { title })}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{text('item')}</TableCell>
            <TableCell align="right">{text('rating')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.map((q) => (
            <TableRow key={q.code}>
              <TableCell component="th" scope="row">
                {q.questionName}
              </TableCell>
              <TableCell align="right">{answerText(q.answer)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  const csv = {
    fileName: title,
    header: [text('item'), text('rating')],
    rows: questions.map((q) => [q.questionName, answerText(q.answer)]),
  };
  return <ChartPanel id={id} title={title} chart={chart} table={table} csv={csv} />;
};
