/*
 * The Quick Glance panel (spec 001 §2 "Quick Glance panel"): the stat labels and values with their explanations,
 * the pie (Rating Overview for glance types 1-2, Gender Overview for 3-4), the Range of Needs of Total Actionable
 * Items (type 1: the average only) and the stacked Domain Overview. Each chart has its table and CSV (ChartPanel).
 * Figures from the report's glance route (ReportGlance).
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
import { glanceSliceColour } from '@cans/domain/reports/chart-rules';
import type { Glance } from '../report-types';
import { RatingLegend } from '../RatingLegend';
import { ReportCsvScope } from '../ReportCsvScope';
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

/** The pie's wording by its kind: ratings of items, or children by gender. */
const pieText = (kind: Glance['pie']['kind']) =>
  kind === 'rating'
    ? { title: 'ratingOverview', category: 'rating', value: 'count', alt: 'ratingAlt' }
    : { title: 'genderOverview', category: 'gender', value: 'children', alt: 'genderAlt' };

const PieTable = ({ pie }: { pie: Glance['pie'] }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.glance.${key}`);
  const wording = pieText(pie.kind);
  return (
    <ScrollRegion label={translate('cans.reports.tableOf', { title: text(wording.title) })}>
      <Table size="small" aria-label={text(wording.title)}>
        <TableHead>
          <TableRow>
            <TableCell>{text(wording.category)}</TableCell>
            <TableCell align="right">{text(wording.value)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pie.slices.map((slice) => (
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

const OverviewPie = ({ pie }: { pie: Glance['pie'] }) => {
  const translate = useTranslate();
  const colourOf = (name: string) => glanceSliceColour(pie.kind, name, pie.slices);
  const slices = pie.slices.filter((s) => s.value > 0).map((s) => ({ id: s.name, label: s.name, value: s.value }));
  return (
    <>
      <Box
        sx={{ height: 220 }}
        role="img"
        aria-label={translate(`cans.reports.glance.${pieText(pie.kind).alt}`, {
          values: pie.slices.map((s) => `${s.name} ${s.value}`).join(', '),
        })}
      >
        <ResponsivePie
          data={slices}
          margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
          innerRadius={0.45}
          colors={(slice) => colourOf(String(slice.id))}
          enableArcLinkLabels={false}
          arcLabelsTextColor="#ffffff"
          animate={false}
          theme={CHART_THEME}
          role="presentation"
        />
      </Box>
      {pie.kind === 'rating' ? (
        <RatingLegend entries={pie.slices.map((s) => s.name)} />
      ) : (
        <Stack component="ul" direction="row" flexWrap="wrap" gap={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {pie.slices.map((s) => (
            <Stack component="li" key={s.name} direction="row" alignItems="center" gap={0.5}>
              <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: colourOf(s.name) }} />
              <Typography variant="body2">{s.name}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </>
  );
};

/** `report`: names the charts' CSV files (ReportCsvScope); without it they take the enclosing scope's name. */
export const QuickGlance = ({ glance, report }: { glance: Glance; report?: string }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.glance.${key}`);
  const wording = pieText(glance.pie.kind);
  const panel = (
    <Box component="section" aria-labelledby="quick-glance-title" sx={{ mt: 2 }}>
      <Typography id="quick-glance-title" variant="h6" component="h3" gutterBottom>
        {text('title')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <GlanceStats glance={glance} />
        <ChartPanel
          id="glance-ratings"
          title={text(wording.title)}
          chart={<OverviewPie pie={glance.pie} />}
          table={<PieTable pie={glance.pie} />}
          csv={{
            fileName: `Quick_Glance_${text(wording.title)}`,
            header: [text(wording.category), text(wording.value)],
            rows: glance.pie.slices.map((s) => [s.name, s.value]),
          }}
        />
        <RangeOfNeeds items={glance.actionableItems} averageOnly={glance.averageOnly} />
        <DomainOverviewChart overview={glance.domainOverview} />
      </Stack>
    </Box>
  );
  return report ? <ReportCsvScope report={report}>{panel}</ReportCsvScope> : panel;
};
