/*
 * The Quick Glance panel (spec 001 §2 "Quick Glance panel"): the stat labels and values with their explanations,
 * the Rating Overview pie, the Range of Needs of Total Actionable Items and the stacked Domain Overview. Each chart
 * has its table (ChartPanel). Figures from GET /api/reports/glance.
 */
import { useTranslate } from 'react-admin';
import { ResponsivePie } from '@nivo/pie';
import {
  Box,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { ChartPanel } from '../../dashboard/ChartPanel';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { ratingColour } from '../chart-rules';
import type { Glance } from '../report-types';
import { RatingLegend } from '../RatingLegend';
import { DomainOverviewChart } from './DomainOverviewChart';
import { RangeOfNeeds } from './RangeOfNeeds';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' } };

const GlanceStats = ({ glance }: { glance: Glance }) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate('cans.reports.glance.stats')} sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <CardContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 1, m: 0 }}>
          {glance.baseInfos.map((info) => (
            <Box key={info.key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {info.name}{' '}
                <Tooltip title={translate(`cans.reports.glance.tooltips.${info.key}`)}>
                  <IconButton size="small" aria-label={translate(`cans.reports.glance.tooltips.${info.key}`)} sx={{ p: 0.25 }}>
                    <InfoOutlined fontSize="inherit" />
                  </IconButton>
                </Tooltip>
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                {info.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
};

const RatingTable = ({ glance }: { glance: Glance }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.glance.${key}`);
  return (
    <ScrollRegion label={translate('cans.reports.tableOf', { title: text('ratingOverview') })}>
      <Table size="small" aria-label={text('ratingOverview')}>
        <TableHead>
          <TableRow>
            <TableCell>{text('rating')}</TableCell>
            <TableCell align="right">{text('count')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {glance.ratingOverview.map((slice) => (
            <TableRow key={slice.name}>
              <TableCell>{slice.name}</TableCell>
              <TableCell align="right">{slice.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};

const RatingPie = ({ glance }: { glance: Glance }) => {
  const translate = useTranslate();
  const slices = glance.ratingOverview.filter((s) => s.value > 0).map((s) => ({ id: s.name, label: s.name, value: s.value }));
  return (
    <>
      <Box
        sx={{ height: 220 }}
        role="img"
        aria-label={translate('cans.reports.glance.ratingAlt', {
          values: glance.ratingOverview.map((s) => `${s.name} ${s.value}`).join(', '),
        })}
      >
        <ResponsivePie
          data={slices}
          margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
          innerRadius={0.45}
          colors={(slice) => ratingColour(String(slice.id))}
          enableArcLinkLabels={false}
          arcLabelsTextColor="#ffffff"
          animate={false}
          theme={CHART_THEME}
          role="presentation"
        />
      </Box>
      <RatingLegend entries={glance.ratingOverview.map((s) => s.name)} />
    </>
  );
};

export const QuickGlance = ({ glance }: { glance: Glance }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.glance.${key}`);
  return (
    <Box component="section" aria-labelledby="quick-glance-title" sx={{ mt: 2 }}>
      <Typography id="quick-glance-title" variant="h6" component="h3" gutterBottom>
        {text('title')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <GlanceStats glance={glance} />
        <ChartPanel
          id="glance-ratings"
          title={text('ratingOverview')}
          chart={<RatingPie glance={glance} />}
          table={<RatingTable glance={glance} />}
        />
        <RangeOfNeeds items={glance.actionableItems} />
        <DomainOverviewChart overview={glance.domainOverview} />
      </Stack>
    </Box>
  );
};
