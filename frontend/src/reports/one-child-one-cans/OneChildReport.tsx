/*
 * The report step of One Child One CANS (spec 001 §2, §4): the child's information and assessment, the child's
 * other approved CANS, and one tab per chosen domain (caregiver domains once per caregiver) with the item rating
 * chart of the domain and of each of its modules. Mounted only on the report step; its read is not kept.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { useAssessmentTypeName } from '../useReportApi';
import { formatDate } from '../../shared/format';
import { ItemRatingChart } from '../ItemRatingChart';
import type { AnsweredDomain, OneChildOneCansReport } from '../report-types';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

const ChildFacts = ({ child }: { child: OneChildOneCansReport['child'] }) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  const facts: Array<[string, string]> = [
    [cohort('cin'), child.cin],
    [cohort('name'), child.fullName],
    [cohort('age'), String(child.age)],
    [cohort('gender'), child.gender ?? ''],
    [cohort('assessor'), child.assessorName],
    [cohort('agency'), child.agency ?? ''],
    [cohort('type'), typeName(child.assessmentType)],
    [cohort('dateOfAssessment'), formatDate(child.dateOfAssessment)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', md: 'repeat(4, auto 1fr)' }, columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

interface DomainTab {
  key: string;
  label: string;
  domain: AnsweredDomain;
}

export const OneChildReport = ({ assessmentId, domains }: { assessmentId: string; domains: string[] }) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.report.${key}`, options);
  const query = new URLSearchParams({ assessment: assessmentId, domains: domains.join(',') });
  const report = useApiQuery<OneChildOneCansReport>(`/reports/one-child-one-cans?${query}`, NOT_KEPT);
  const [tab, setTab] = useState(0);

  if (report.isPending) return <CircularProgress aria-label={translate('cans.reports.messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{translate('cans.reports.messages.failed')}</Alert>;
  const data = report.data;
  const tabs: DomainTab[] = [
    ...data.domains.map((domain) => ({ key: domain.code, label: domain.name, domain })),
    ...data.caregivers.flatMap((caregiver) =>
      caregiver.domains.map((domain) => ({
        key: `${caregiver.caregiverId}-${domain.code}`,
        label: text('caregiverDomain', { domain: domain.name, caregiver: caregiver.name }),
        domain,
      })),
    ),
  ];
  const current = tabs[Math.min(tab, tabs.length - 1)];

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        {text('child')}
      </Typography>
      <ChildFacts child={data.child} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {text('otherCases')}
      </Typography>
      {data.otherCases.length === 0 ? (
        <Typography variant="body2">{text('noOtherCases')}</Typography>
      ) : (
        <List dense>
          {data.otherCases.map((other) => (
            <ListItem key={other.id} disablePadding>
              <ListItemText primary={`${formatDate(other.dateOfAssessment)} · ${typeName(other.assessmentType)}`} />
            </ListItem>
          ))}
        </List>
      )}
      {current && (
        <Box sx={{ mt: 2 }}>
          <Tabs
            value={tab}
            onChange={(_, next: number) => setTab(next)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={text('domainTabs')}
          >
            {tabs.map((entry, index) => (
              <Tab key={entry.key} label={entry.label} id={`one-child-tab-${index}`} aria-controls={`one-child-panel-${index}`} />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`one-child-panel-${tab}`}
            aria-labelledby={`one-child-tab-${tab}`}
            sx={{ pt: 2, display: 'grid', gap: 2 }}
          >
            {current.domain.questions.length > 0 && (
              <ItemRatingChart key={current.key} id={`bars-${current.key}`} title={current.label} questions={current.domain.questions} />
            )}
            {current.domain.moduleCharts
              .filter((module) => module.questions.length > 0)
              .map((module) => (
                <ItemRatingChart
                  key={`${current.key}-${module.code}`}
                  id={`bars-${current.key}-${module.code}`}
                  title={text('module', { name: module.name })}
                  questions={module.questions}
                />
              ))}
          </Box>
        </Box>
      )}
    </Box>
  );
};
