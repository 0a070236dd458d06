/*
 * The report step of Many Children One CANS (spec 001 §2, §4): the summary and the caregiver note, the Quick Glance,
 * the comparison filter and its result (or the fewer-than-10 warning), the mean domain scores and one tab per
 * domain. Mounted only on the report step, and its reads are not kept (gcTime 0): leaving the step clears them.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { QuickGlance } from '../glance/QuickGlance';
import { reportPath, type ReportFilter } from '../report-filter';
import type { ComparisonOptions, ComparisonResult, Glance, ManyChildrenReport as Report } from '../report-types';
import { ComparisonFilter, type ComparisonChoice } from './ComparisonFilter';
import { DomainItemCharts } from './DomainItemCharts';
import { MeanScoreChart } from '../MeanScoreChart';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

export const ManyChildrenReport = ({ filter, domains }: { filter: ReportFilter; domains: string[] }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const chosen = { domains: domains.join(',') };
  const report = useApiQuery<Report>(reportPath('/reports/many-children-one-cans', filter, chosen), NOT_KEPT);
  const glance = useApiQuery<Glance>(reportPath('/reports/glance', filter, chosen), NOT_KEPT);
  const options = useApiQuery<ComparisonOptions>('/reports/comparison-options');
  const [choice, setChoice] = useState<ComparisonChoice | null>(null);
  const comparisonPath =
    choice &&
    reportPath('/reports/comparison', filter, {
      ...chosen,
      ...Object.fromEntries(Object.entries(choice).map(([name, ids]) => [name, (ids as string[]).join(',')])),
    });
  const comparison = useApiQuery<ComparisonResult>(comparisonPath, NOT_KEPT);
  const [tab, setTab] = useState(0);

  if (report.isPending) return <CircularProgress aria-label={text('messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{text('messages.failed')}</Alert>;
  const data = report.data;
  const compared = comparison.data?.sufficient ? comparison.data : undefined;
  const comparedDomains = compared ? new Map(compared.domains.map((d) => [d.code, d])) : undefined;
  const current = data.domains[Math.min(tab, data.domains.length - 1)];

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography role="status">{text('report.summary', { children: data.childCount, assessments: data.assessmentCount })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text('messages.caregiverNote')}
      </Typography>
      {glance.data && <QuickGlance glance={glance.data} />}
      {options.data && (
        <ComparisonFilter
          options={options.data}
          errors={comparison.error?.fieldErrors ?? {}}
          onCompare={setChoice}
          onClear={() => setChoice(null)}
          compared={choice !== null}
        />
      )}
      {comparison.isFetching && <CircularProgress size={24} aria-label={text('messages.loading')} sx={{ mt: 1 }} />}
      {comparison.data && !comparison.data.sufficient && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
          {comparison.data.message}
        </Alert>
      )}
      {compared && (
        <Typography role="status" sx={{ mt: 2 }}>
          {text('comparison.children', { children: compared.childCount, assessments: compared.assessmentCount })}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <MeanScoreChart domains={data.domains} comparison={compared?.domains} />
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
              <Tab key={domain.code} label={domain.name} id={`domain-tab-${index}`} aria-controls={`domain-panel-${index}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`domain-panel-${tab}`} aria-labelledby={`domain-tab-${tab}`} sx={{ pt: 2 }}>
            <DomainItemCharts key={current.code} domain={current} comparison={comparedDomains?.get(current.code)} />
          </Box>
        </Box>
      )}
    </Box>
  );
};
