/*
 * The mean domain score chart of Many Children One CANS (spec 001 §9): per domain a bar of the mean, coloured by the
 * five bands of the plotted value (mean + 2); 50 px per domain + 100, at least 230. The bars start at plotted 2,
 * which is a shown 0, so the value axis is labelled in shown means from the bars' origin (a bar never starts left
 * of the axis's "0"). Each bar has an error bar of mean ± 1 standard deviation (spec 001 "a score chart with
 * standard deviation per domain"; meanScoreErrorBar in chart-rules.ts), clipped to the axis, which reaches past the
 * longest mean + SD; each mean is written just past its bar's end or its error bar's, whichever is further,
 * readable for any length, a 0 included. With a comparison, the comparison group's bar beside it. Its table, its
 * text alternative and its tooltips give the standard deviations.
 */
import { useTranslate } from 'react-admin';
import { ResponsiveBar, type BarCustomLayerProps, type BarDatum } from '@nivo/bar';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ChartPanel } from '../dashboard/ChartPanel';
import { ScrollRegion } from '../layout/ScrollRegion';
import {
  MEAN_SCORE_BANDS,
  meanScoreChartHeight,
  meanScoreColour,
  meanScoreErrorBar,
  plottedMeanScore,
  questionLabel,
} from '@cans/domain/reports/chart-rules';
import type { DomainStatistics } from './report-types';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };
const INK = '#1f2933';
const LABEL_GAP = 4;

/** A domain's mean score figures (Many Children Many CANS passes one time-point's). */
export type DomainScore = Pick<DomainStatistics, 'code' | 'name' | 'shortName' | 'meanScore' | 'standardDeviation' | 'scored'>;

export const MeanScoreChart = ({
  domains,
  comparison,
  groupNames,
}: {
  domains: DomainScore[];
  comparison?: DomainScore[];
  /** The names of the two groups when comparing; Filter and Comparison unless given. */
  groupNames?: [string, string];
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.report.${key}`);
  const filterKey = groupNames?.[0] ?? text('filterGroup');
  const compareKey = groupNames?.[1] ?? text('comparisonGroup');
  const compared = new Map((comparison ?? []).map((d) => [d.code, d]));
  const keys = comparison ? [filterKey, compareKey] : [filterKey];
  // A domain without a score has no bar (its key is left out: nivo draws no bar for a missing value).
  const meanOf = (key: string, d: DomainScore | undefined) => (d?.meanScore == null ? {} : { [key]: d.meanScore });
  const rows = domains.map((domain) => ({
    domain: questionLabel(domain.name, domain.shortName),
    ...meanOf(filterKey, domain),
    ...(comparison ? meanOf(compareKey, compared.get(domain.code)) : {}),
  }));
  // The axis reaches past the longest bar and the longest error bar (mean + SD).
  const longest = Math.max(3, ...[...domains, ...(comparison ?? [])].map((d) => (d.meanScore ?? 0) + (d.standardDeviation ?? 0)));
  const step = Math.max(1, Math.ceil(longest / 8));
  // At least half a step of room past the longest bar for its label.
  const max = (Math.floor(longest / step) + (longest % step > step / 2 ? 2 : 1)) * step;
  const ticks = Array.from({ length: max / step + 1 }, (_, i) => i * step);
  const data: BarDatum[] = [...rows].reverse();
  // The figures of a bar: its row (nivo's index into `data`) and its group.
  const scoreOf = (index: number, group: string | number): DomainScore | undefined => {
    const domain = domains[domains.length - 1 - index];
    return group === filterKey ? domain : compared.get(domain?.code ?? '');
  };
  const withSd = (d: DomainScore | undefined) =>
    translate('cans.reports.report.meanWithSd', { mean: d?.meanScore ?? '-', sd: d?.standardDeviation ?? '-' });
  const ErrorBars = ({ bars, xScale }: BarCustomLayerProps<BarDatum>) => (
    <g>
      {bars.map((bar) => {
        if (bar.data.value == null) return null;
        const score = scoreOf(bar.data.index, bar.data.id);
        const range = meanScoreErrorBar(score?.meanScore, score?.standardDeviation, max);
        const y = bar.y + bar.height / 2;
        const cap = Math.min(6, bar.height / 4);
        const [x1, x2] = range ? [Number(xScale(range.lower)), Number(xScale(range.upper))] : [0, 0];
        return (
          <g key={bar.key}>
            {range && (
              <>
                <line data-sd={String(score?.standardDeviation)} x1={x1} x2={x2} y1={y} y2={y} stroke={INK} strokeWidth={1.5} />
                <line x1={x1} x2={x1} y1={y - cap} y2={y + cap} stroke={INK} strokeWidth={1.5} />
                <line x1={x2} x2={x2} y1={y - cap} y2={y + cap} stroke={INK} strokeWidth={1.5} />
              </>
            )}
            <text x={Math.max(bar.x + bar.width, x2) + LABEL_GAP} y={y} dominantBaseline="central" style={{ fontSize: 12, fill: INK }}>
              {String(bar.data.value)}
            </text>
          </g>
        );
      })}
    </g>
  );
  const chart = (
    <Box
      sx={{ height: meanScoreChartHeight(domains.length * keys.length) }}
      role="img"
      aria-label={translate('cans.reports.report.meanAlt', {
        values: domains
          .map((d) =>
            comparison ? `${d.name} ${filterKey} ${withSd(d)}, ${compareKey} ${withSd(compared.get(d.code))}` : `${d.name} ${withSd(d)}`,
          )
          .join('; '),
      })}
    >
      <ResponsiveBar
        data={data}
        keys={keys}
        indexBy="domain"
        layout="horizontal"
        groupMode="grouped"
        margin={{ top: 10, right: 24, bottom: 30, left: 150 }}
        padding={0.25}
        valueScale={{ type: 'linear', min: 0, max }}
        // The bands are of the plotted value (mean + 2); the comparison group's bars in the same colour, lighter.
        colors={(bar) => `${meanScoreColour(plottedMeanScore(Number(bar.value)))}${bar.id === compareKey ? '99' : ''}`}
        borderColor="#3c4654"
        borderWidth={comparison ? 1 : 0}
        enableLabel={false}
        layers={['grid', 'axes', 'bars', ErrorBars]}
        tooltip={(bar) => (
          <Box sx={{ bgcolor: 'background.paper', px: 1, py: 0.5, boxShadow: 1, borderRadius: 0.5 }}>
            <Typography variant="body2">
              {`${bar.indexValue} · `}
              {translate('cans.reports.report.meanTooltip', {
                group: bar.id,
                mean: bar.value,
                sd: scoreOf(bar.index, bar.id)?.standardDeviation ?? '-',
              })}
            </Typography>
          </Box>
        )}
        axisBottom={{ tickSize: 0, tickPadding: 6, tickValues: ticks }}
        gridXValues={ticks}
        axisLeft={{ tickSize: 0, tickPadding: 6 }}
        animate={false}
        theme={CHART_THEME}
        role="presentation"
      />
    </Box>
  );
  const legend = comparison && (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" aria-hidden sx={{ mt: 1 }}>
      {keys.map((key, index) => (
        <Stack key={key} direction="row" spacing={0.75} alignItems="center">
          <Box sx={{ width: 12, height: 12, bgcolor: `${MEAN_SCORE_BANDS[1]}${index === 1 ? '99' : ''}`, border: '1px solid #3c4654' }} />
          <Typography variant="body2">{key}</Typography>
        </Stack>
      ))}
    </Stack>
  );
  const columns = [text('meanScore'), text('standardDeviation'), text('scored')];
  const group = (d: DomainScore | undefined) => [d?.meanScore ?? '–', d?.standardDeviation ?? '–', d?.scored ?? 0];
  const table = (
    <ScrollRegion label={translate('cans.reports.tableOf', { title: text('meanTitle') })}>
      <Table size="small" aria-label={text('meanTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{text('domain')}</TableCell>
            {keys.map((key) =>
              columns.map((column) => (
                <TableCell key={`${key}-${column}`} align="right">
                  {comparison ? `${key}: ${column}` : column}
                </TableCell>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {domains.map((domain) => (
            <TableRow key={domain.code}>
              <TableCell component="th" scope="row">
                {domain.name}
              </TableCell>
              {[...group(domain), ...(comparison ? group(compared.get(domain.code)) : [])].map((value, index) => (
                <TableCell key={index} align="right">
                  {value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  return (
    <ChartPanel
      id="mean-scores"
      title={text('meanTitle')}
      chart={
        <>
          {chart}
          {legend}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {text('errorBars')}
          </Typography>
        </>
      }
      table={table}
      csv={{
        fileName: text('meanTitle'),
        header: [text('domain'), ...keys.flatMap((key) => columns.map((column) => (comparison ? `${key}: ${column}` : column)))],
        rows: domains.map((domain) => [domain.name, ...group(domain), ...(comparison ? group(compared.get(domain.code)) : [])]),
      }}
    />
  );
};
