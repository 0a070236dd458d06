/*
 * The mean domain score chart of Many Children One CANS (spec 001 §9): per domain a bar of the mean, coloured by the
 * five bands of the plotted value (mean + 2); 50 px per domain + 100, at least 230. The bars start at plotted 2,
 * which is a shown 0, so the value axis is labelled in shown means from the bars' origin (a bar never starts left
 * of the axis's "0"). Each mean is written just past its bar's end, readable for any length, a 0 included.
 * With a comparison, the comparison group's bar beside it. Its table adds the standard deviations.
 */
import { useTranslate } from 'react-admin';
import { ResponsiveBar } from '@nivo/bar';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ChartPanel } from '../dashboard/ChartPanel';
import { ScrollRegion } from '../layout/ScrollRegion';
import { MEAN_SCORE_BANDS, meanScoreChartHeight, meanScoreColour, plottedMeanScore, questionLabel } from '@cans/domain/reports/chart-rules';
import type { DomainStatistics } from './report-types';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };

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
  const longest = Math.max(3, ...[...domains, ...(comparison ?? [])].map((d) => d.meanScore ?? 0));
  const step = Math.max(1, Math.ceil(longest / 8));
  // At least half a step of room past the longest bar for its label.
  const max = (Math.floor(longest / step) + (longest % step > step / 2 ? 2 : 1)) * step;
  const ticks = Array.from({ length: max / step + 1 }, (_, i) => i * step);
  const chart = (
    <Box
      sx={{ height: meanScoreChartHeight(domains.length * keys.length) }}
      role="img"
      aria-label={translate('cans.reports.report.meanAlt', {
        values: domains.map((d) => `${d.name} ${d.meanScore ?? '-'}`).join(', '),
      })}
    >
      <ResponsiveBar
        data={[...rows].reverse()}
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
        label={(bar) => String(bar.value)}
        labelPosition="end"
        labelOffset={4}
        labelTextColor="#1f2933"
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
