/*
 * Range of Needs (spec 001 §2): Total Actionable Items per assessment as a candlestick on a 0-30 axis — the line
 * from minimum to maximum, the box average ± one standard deviation, the mark at the average. Glance type 1 (one
 * assessment) shows only the average mark. Drawn as plain SVG (one shape; nivo has no candlestick); its table is the
 * text alternative.
 */
import { useTranslate } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ChartPanel } from '../../dashboard/ChartPanel';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { TAI_AXIS_MAX, taiPosition } from '@cans/domain/reports/chart-rules';
import type { Glance } from '../report-types';

const WIDTH = 300;
const LEFT = 16;
const PLOT = WIDTH - 2 * LEFT;
const TICKS = [0, 5, 10, 15, 20, 25, 30];

export const RangeOfNeeds = ({ items, averageOnly = false }: { items: Glance['actionableItems']; averageOnly?: boolean }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.glance.${key}`);
  const x = (value: number) => LEFT + taiPosition(value) * PLOT;
  const rows: Array<[string, number]> = averageOnly
    ? [[text('average'), items.average]]
    : [
        [text('maximum'), items.maxCount],
        [text('averageMoreOne'), items.averageMoreOne],
        [text('average'), items.average],
        [text('averageLessOne'), items.averageLessOne],
        [text('minimum'), items.minCount],
      ];
  const chart = (
    <Box
      role="img"
      aria-label={
        averageOnly
          ? translate('cans.reports.glance.rangeAverageAlt', { average: items.average })
          : translate('cans.reports.glance.rangeAlt', { max: items.maxCount, average: items.average, min: items.minCount })
      }
      sx={{ width: '100%', maxWidth: 420 }}
    >
      <svg viewBox={`0 0 ${WIDTH} 90`} width="100%" role="presentation" aria-hidden>
        {!averageOnly && (
          <>
            <line x1={x(items.minCount)} x2={x(items.maxCount)} y1={30} y2={30} stroke="#3c4654" strokeWidth={2} />
            <line x1={x(items.minCount)} x2={x(items.minCount)} y1={20} y2={40} stroke="#3c4654" strokeWidth={2} />
            <line x1={x(items.maxCount)} x2={x(items.maxCount)} y1={20} y2={40} stroke="#3c4654" strokeWidth={2} />
            <rect
              x={x(items.averageLessOne)}
              y={18}
              width={Math.max(2, x(items.averageMoreOne) - x(items.averageLessOne))}
              height={24}
              fill="#1a5fa8"
              fillOpacity={0.35}
              stroke="#1a5fa8"
            />
          </>
        )}
        <line x1={x(items.average)} x2={x(items.average)} y1={14} y2={46} stroke="#c62828" strokeWidth={3} />
        <line x1={LEFT} x2={LEFT + PLOT} y1={62} y2={62} stroke="#9aa3ad" />
        {TICKS.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={62} y2={66} stroke="#9aa3ad" />
            <text x={x(tick)} y={80} fontSize={11} textAnchor="middle" fill="#3c4654">
              {tick}
            </text>
          </g>
        ))}
      </svg>
    </Box>
  );
  const table = (
    <ScrollRegion label={translate('cans.reports.tableOf', { title: text('rangeOfNeeds') })}>
      <Table size="small" aria-label={text('rangeOfNeeds')}>
        <TableHead>
          <TableRow>
            <TableCell>{text('measure')}</TableCell>
            <TableCell align="right">{text('value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell>{name}</TableCell>
              <TableCell align="right">{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  return (
    <ChartPanel
      id="glance-range"
      title={text('rangeOfNeeds')}
      hint={`${text(averageOnly ? 'rangeAverageHint' : 'rangeHint')} (0–${TAI_AXIS_MAX})`}
      chart={chart}
      table={table}
      csv={{ fileName: 'Quick_Glance_Range_of_Needs', header: [text('measure'), text('value')], rows }}
    />
  );
};
