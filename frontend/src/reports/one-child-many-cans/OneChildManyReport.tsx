/*
 * The report step of One Child Many CANS (spec 001 §2, §4): the child's information (no caregivers), the chosen
 * time-points, and one tab per chosen domain with the multi-assessment chart of the domain and of each module.
 * Mounted only on the report step; its read is not kept, so leaving the step clears the report.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { formatDate } from '../../shared/format';
import { MultiAssessmentChart, type Series } from '../MultiAssessmentChart';
import type { OneChildManyCansReport } from '../report-types';
import { useAssessmentTypeName } from '../useReportApi';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

export const OneChildManyReport = ({ assessments, domains }: { assessments: string[]; domains: string[] }) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const query = new URLSearchParams({ assessments: assessments.join(','), domains: domains.join(',') });
  const report = useApiQuery<OneChildManyCansReport>(`/reports/one-child-many-cans?${query}`, NOT_KEPT);
  const [tab, setTab] = useState(0);

  if (report.isPending) return <CircularProgress aria-label={text('messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{text('messages.failed')}</Alert>;
  const data = report.data;
  // Legend: assessment type plus date (spec §2); the time-point keeps two of the same day apart.
  const series: Series[] = data.assessments.map((a) => ({
    assessmentId: a.id,
    label: `${typeName(a.assessmentType)} ${formatDate(a.dateOfAssessment)} (${a.timePoint})`,
  }));
  const current = data.domains[Math.min(tab, data.domains.length - 1)];

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        {text('report.child')}
      </Typography>
      <Typography>
        {data.child.fullName} · {data.child.cin}
        {data.child.gender ? ` · ${data.child.gender}` : ''}
        {data.child.agency ? ` · ${data.child.agency}` : ''}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {text('manyCans.assessments')}
      </Typography>
      <List dense>
        {data.assessments.map((a) => (
          <ListItem key={a.id} disablePadding>
            <ListItemText
              primary={`${a.timePoint}: ${formatDate(a.dateOfAssessment)} · ${typeName(a.assessmentType)} · ${a.assessorName}`}
            />
          </ListItem>
        ))}
      </List>
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
              <Tab key={domain.code} label={domain.name} id={`om-tab-${index}`} aria-controls={`om-panel-${index}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`om-panel-${tab}`} aria-labelledby={`om-tab-${tab}`} sx={{ pt: 2, display: 'grid', gap: 2 }}>
            {current.questions.length > 0 && (
              <MultiAssessmentChart
                key={current.code}
                id={`om-${current.code}`}
                title={current.name}
                questions={current.questions}
                series={series}
              />
            )}
            {current.moduleCharts
              .filter((module) => module.questions.length > 0)
              .map((module) => (
                <MultiAssessmentChart
                  key={`${current.code}-${module.code}`}
                  id={`om-${current.code}-${module.code}`}
                  title={text('report.module', { name: module.name })}
                  questions={module.questions}
                  series={series}
                />
              ))}
          </Box>
        </Box>
      )}
    </Box>
  );
};
