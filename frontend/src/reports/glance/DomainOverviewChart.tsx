/*
 * Domain Overview (spec 001 §2, §9): per domain the % of youth by their highest rating there (N/A, 0, 1, 2, 3),
 * stacked to 100 %; segment labels under 6 % are hidden.
 */
import { useTranslate } from 'react-admin';
import { ResponsiveBar } from '@nivo/bar';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ChartPanel } from '../../dashboard/ChartPanel';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { domainOverviewLabel, itemChartHeight, questionLabel, ratingColour } from '@cans/domain/reports/chart-rules';
import type { Glance } from '../report-types';
import { RatingLegend } from '../RatingLegend';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };

export const DomainOverviewChart = ({ overview }: { overview: Glance['domainOverview'] }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.glance.${key}`);
  const rows = overview.domains.map((domain) => ({
    domain: questionLabel(domain.domainName),
    ...Object.fromEntries(overview.ratings.map((rating, index) => [rating, domain.percents[index] ?? 0])),
  }));
  const chart = (
    <Box sx={{ height: itemChartHeight(rows.length) }} role="img" aria-label={text('domainOverviewAlt')}>
      <ResponsiveBar
        data={[...rows].reverse()}
        keys={overview.ratings}
        indexBy="domain"
        layout="horizontal"
        margin={{ top: 10, right: 16, bottom: 40, left: 150 }}
        padding={0.3}
        valueScale={{ type: 'linear', min: 0, max: 100 }}
        colors={(bar) => ratingColour(String(bar.id) === 'N/A' ? 'NA' : String(bar.id))}
        label={(bar) => domainOverviewLabel(Number(bar.value))}
        labelTextColor="#ffffff"
        axisBottom={{
          tickSize: 0,
          tickPadding: 6,
          tickValues: [0, 25, 50, 75, 100],
          legend: text('percentOfYouth'),
          legendPosition: 'middle',
          legendOffset: 32,
        }}
        axisLeft={{ tickSize: 0, tickPadding: 6 }}
        animate={false}
        theme={CHART_THEME}
        role="presentation"
      />
    </Box>
  );
  const table = (
    <ScrollRegion label={translate('cans.reports.tableOf', { title: text('domainOverview') })}>
      <Table size="small" aria-label={text('domainOverview')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('cans.reports.report.domain')}</TableCell>
            {overview.ratings.map((rating) => (
              <TableCell key={rating} align="right">
                {rating}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {overview.domains.map((domain) => (
            <TableRow key={domain.code}>
              <TableCell>{domain.domainName}</TableCell>
              {domain.percents.map((percent, index) => (
                <TableCell key={overview.ratings[index]} align="right">
                  {percent}%
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
      id="glance-domains"
      title={text('domainOverview')}
      hint={text('domainOverviewHint')}
      chart={
        <>
          {chart}
          <RatingLegend entries={overview.ratings} />
        </>
      }
      table={table}
      csv={{
        fileName: 'Quick_Glance_Domain_Overview',
        header: [translate('cans.reports.report.domain'), ...overview.ratings.map((rating) => `${rating} (%)`)],
        rows: overview.domains.map((domain) => [domain.domainName, ...domain.percents]),
      }}
    />
  );
};
