/*
 * The report step of Many Children Many CANS (spec 001 §1, §2): the children compared and the definitions, the mean
 * domain scores with standard deviations at the first and last time-point, and one tab per domain with the
 * actionable shares per item. Mounted only on the report step; its read is not kept (leaving the step clears it).
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { MeanScoreChart } from '../MeanScoreChart';
import { reportPath, type ReportFilter } from '../report-filter';
import type { ManyChildrenManyCansReport } from '../report-types';
import { ActionableChart } from './ActionableChart';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

export const ManyChildrenManyReport = ({ filter, domains }: { filter: ReportFilter; domains: string[] }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const report = useApiQuery<ManyChildrenManyCansReport>(
    reportPath('/reports/many-children-many-cans', filter, { domains: domains.join(',') }),
    NOT_KEPT,
  );
  const [tab, setTab] = useState(0);

  if (report.isPending) return <CircularProgress aria-label={text('messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{text('messages.failed')}</Alert>;
  const data = report.data;
  const scores = (point: 'first' | 'last') =>
    data.domains.map((d) => ({ code: d.code, name: d.name, shortName: d.shortName, ...d[point] }));
  const current = data.domains[Math.min(tab, data.domains.length - 1)];

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography role="status">{text('pairs.summary', { children: data.childCount })}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 1, color: 'text.secondary' }}>
        {[data.definitions.timePoints, data.definitions.actionable, data.definitions.domainScore].map((definition) => (
          <Typography component="li" variant="body2" key={definition}>
            {definition}
          </Typography>
        ))}
      </Box>
      <Box sx={{ mt: 2 }}>
        <MeanScoreChart domains={scores('first')} comparison={scores('last')} groupNames={[text('pairs.first'), text('pairs.last')]} />
      </Box>
      {current && (
        <Box sx={{ mt: 2 }}>
          <Tabs
            value={tab}
            onChange={(_, next: number) => setTab(next)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={text('report.domainTabs')}
          >
            {data.domains.map((domain, index) => (
              <Tab key={domain.code} label={domain.name} id={`mm-tab-${index}`} aria-controls={`mm-panel-${index}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`mm-panel-${tab}`} aria-labelledby={`mm-tab-${tab}`} sx={{ pt: 2, display: 'grid', gap: 2 }}>
            {current.questions.length > 0 && (
              <ActionableChart key={current.code} id={`mm-${current.code}`} title={current.name} questions={current.questions} />
            )}
            {current.moduleCharts
              .filter((module) => module.questions.length > 0)
              .map((module) => (
                <ActionableChart
                  key={`${current.code}-${module.code}`}
                  id={`mm-${current.code}-${module.code}`}
                  title={text('report.module', { name: module.name })}
                  questions={module.questions}
                />
              ))}
          </Box>
        </Box>
      )}
    </Box>
  );
};
