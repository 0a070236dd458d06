/*
 * The report step of One Child Many CANS (spec 001 §2, §4): the child's information (no caregivers), its Quick
 * Glance, the chosen time-points, and one tab per chosen domain with the multi-assessment chart of the domain and
 * of each module (in print every domain one after another). `query` is the report's GET parameters (assessments,
 * domains). Mounted only on the report step; its read is not kept, so leaving the step clears the report.
 */
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { formatDate } from '../../shared/format';
import { ReportGlance } from '../glance/ReportGlance';
import { DomainTabs, type DomainPanel, type ReportLayout } from '../DomainTabs';
import { reportApiPath } from '../print/saved-report-query';
import { MultiAssessmentChart, type Series } from '../MultiAssessmentChart';
import type { OneChildManyCansReport } from '../report-types';
import { useAssessmentTypeName } from '../useReportApi';
import { ReportCsvScope } from '../ReportCsvScope';
import { useReportLabels } from '../useReportLabels';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

export const OneChildManyReport = ({ query, layout = 'screen' }: { query: Record<string, string>; layout?: ReportLayout }) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const { genderName } = useReportLabels();
  const report = useApiQuery<OneChildManyCansReport>(reportApiPath('one-child-many-cans', query), NOT_KEPT);

  if (report.isPending) return <CircularProgress aria-label={text('messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{text('messages.failed')}</Alert>;
  const data = report.data;
  // Legend: assessment type plus date (spec §2); the time-point keeps two of the same day apart.
  const series: Series[] = data.assessments.map((a) => ({
    assessmentId: a.id,
    label: `${typeName(a.assessmentType)} ${formatDate(a.dateOfAssessment)} (${a.timePoint})`,
  }));
  const panels: DomainPanel[] = data.domains.map((domain) => ({
    key: domain.code,
    label: domain.name,
    render: () => (
      <>
        {domain.questions.length > 0 && (
          <MultiAssessmentChart id={`om-${domain.code}`} title={domain.name} questions={domain.questions} series={series} />
        )}
        {domain.moduleCharts
          .filter((module) => module.questions.length > 0)
          .map((module) => (
            <MultiAssessmentChart
              key={module.code}
              id={`om-${domain.code}-${module.code}`}
              title={text('report.module', { name: module.name })}
              questions={module.questions}
              series={series}
            />
          ))}
      </>
    ),
  }));

  return (
    <ReportCsvScope report="one-child-many-cans">
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3">
          {text('report.child')}
        </Typography>
        <Typography>
          {data.child.fullName} · {data.child.cin}
          {data.child.gender ? ` · ${genderName(data.child.gender)}` : ''}
          {data.child.agency ? ` · ${data.child.agency}` : ''}
        </Typography>
        <ReportGlance report="one-child-many-cans" query={query} />
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
        <DomainTabs idPrefix="om" label={text('report.domainTabs')} panels={panels} layout={layout} />
      </Box>
    </ReportCsvScope>
  );
};
