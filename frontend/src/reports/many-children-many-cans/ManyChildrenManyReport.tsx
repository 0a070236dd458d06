/*
 * The report step of Many Children Many CANS (spec 001 §1, §2): the children compared and the definitions, the
 * Quick Glance, the mean domain scores with standard deviations at the first and last time-point, and one tab per
 * domain with the actionable shares per item (in print every domain one after another). `query` is the report's
 * GET parameters (the filter and domains). Mounted only on the report step; its read is not kept.
 */
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { ReportGlance } from '../glance/ReportGlance';
import { DomainTabs, type DomainPanel, type ReportLayout } from '../DomainTabs';
import { MeanScoreChart } from '../MeanScoreChart';
import { reportApiPath } from '../print/saved-report-query';
import type { ManyChildrenManyCansReport } from '../report-types';
import { ActionableChart } from './ActionableChart';
import { ReportCsvScope } from '../ReportCsvScope';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

export const ManyChildrenManyReport = ({ query, layout = 'screen' }: { query: Record<string, string>; layout?: ReportLayout }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const report = useApiQuery<ManyChildrenManyCansReport>(reportApiPath('many-children-many-cans', query), NOT_KEPT);

  if (report.isPending) return <CircularProgress aria-label={text('messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{text('messages.failed')}</Alert>;
  const data = report.data;
  const scores = (point: 'first' | 'last') =>
    data.domains.map((d) => ({ code: d.code, name: d.name, shortName: d.shortName, ...d[point] }));
  const panels: DomainPanel[] = data.domains.map((domain) => ({
    key: domain.code,
    label: domain.name,
    render: () => (
      <>
        {domain.questions.length > 0 && <ActionableChart id={`mm-${domain.code}`} title={domain.name} questions={domain.questions} />}
        {domain.moduleCharts
          .filter((module) => module.questions.length > 0)
          .map((module) => (
            <ActionableChart
              key={module.code}
              id={`mm-${domain.code}-${module.code}`}
              title={text('report.module', { name: module.name })}
              questions={module.questions}
            />
          ))}
      </>
    ),
  }));

  return (
    <ReportCsvScope report="many-children-many-cans">
      <Box sx={{ minWidth: 0 }}>
        <Typography role="status">{text('pairs.summary', { children: data.childCount })}</Typography>
        <Box component="ul" sx={{ pl: 3, my: 1, color: 'text.secondary' }}>
          {[data.definitions.timePoints, data.definitions.actionable, data.definitions.domainScore].map((definition) => (
            <Typography component="li" variant="body2" key={definition}>
              {definition}
            </Typography>
          ))}
        </Box>
        <ReportGlance report="many-children-many-cans" query={query} />
        <Box sx={{ mt: 2 }} className="print-chart">
          <MeanScoreChart domains={scores('first')} comparison={scores('last')} groupNames={[text('pairs.first'), text('pairs.last')]} />
        </Box>
        <DomainTabs idPrefix="mm" label={text('report.domainTabs')} panels={panels} layout={layout} />
      </Box>
    </ReportCsvScope>
  );
};
