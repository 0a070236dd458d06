/*
 * The report step of One Child One CANS (spec 001 §2, §4): the child's information and assessment, its Quick
 * Glance, the child's other approved CANS, and one tab per chosen domain (caregiver domains once per caregiver) with the item rating
 * chart of the domain and of each of its modules; in print every domain one after another. `query` is the GET
 * parameters of the report (assessment, domains). Mounted only on the report step; its read is not kept.
 */
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { useAssessmentTypeName } from '../useReportApi';
import { useReportLabels } from '../useReportLabels';
import { formatDate } from '../../shared/format';
import { DomainTabs, type DomainPanel, type ReportLayout } from '../DomainTabs';
import { ReportGlance } from '../glance/ReportGlance';
import { ItemRatingChart } from '../ItemRatingChart';
import { reportApiPath } from '../print/saved-report-query';
import type { AnsweredDomain, OneChildOneCansReport } from '../report-types';
import { ReportCsvScope } from '../ReportCsvScope';
import { appHref, assessmentPaths } from '../../assessments/assessment-paths';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

const ChildFacts = ({ child }: { child: OneChildOneCansReport['child'] }) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  const labels = useReportLabels();
  // Named as the label configuration names them; a disabled Assessor or Agency leaves.
  const fact = (fieldName: string, key: string, value: string): Array<[string, string]> =>
    labels.shown(fieldName) ? [[labels.name(fieldName, cohort(key)), value]] : [];
  const facts: Array<[string, string]> = [
    ...fact('LocalAuthority', 'cin', child.cin),
    [cohort('name'), child.fullName],
    ...fact('Age', 'age', String(child.age)),
    ...fact('GENDER', 'gender', labels.genderName(child.gender)),
    ...fact('Assessor', 'assessor', child.assessorName),
    ...fact('AGENCY', 'agency', child.agency ?? ''),
    ...fact('INITIALIZED', 'type', typeName(child.assessmentType)),
    ...fact('DateOfAssessment', 'dateOfAssessment', formatDate(child.dateOfAssessment)),
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

export const OneChildReport = ({ query, layout = 'screen' }: { query: Record<string, string>; layout?: ReportLayout }) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.report.${key}`, options);
  const report = useApiQuery<OneChildOneCansReport>(reportApiPath('one-child-one-cans', query), NOT_KEPT);

  if (report.isPending) return <CircularProgress aria-label={translate('cans.reports.messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{translate('cans.reports.messages.failed')}</Alert>;
  const data = report.data;
  const domainPanel = (key: string, label: string, domain: AnsweredDomain): DomainPanel => ({
    key,
    label,
    render: () => (
      <>
        {domain.questions.length > 0 && <ItemRatingChart id={`bars-${key}`} title={label} questions={domain.questions} />}
        {domain.moduleCharts
          .filter((module) => module.questions.length > 0)
          .map((module) => (
            <ItemRatingChart
              key={module.code}
              id={`bars-${key}-${module.code}`}
              title={text('module', { name: module.name })}
              questions={module.questions}
            />
          ))}
      </>
    ),
  });
  const panels = [
    ...data.domains.map((domain) => domainPanel(domain.code, domain.name, domain)),
    ...data.caregivers.flatMap((caregiver) =>
      caregiver.domains.map((domain) =>
        domainPanel(
          `${caregiver.caregiverId}-${domain.code}`,
          text('caregiverDomain', { domain: domain.name, caregiver: caregiver.name }),
          domain,
        ),
      ),
    ),
  ];

  return (
    <ReportCsvScope report="one-child-one-cans">
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3">
          {text('child')}
        </Typography>
        <ChildFacts child={data.child} />
        <ReportGlance report="one-child-one-cans" query={query} />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {text('otherCases')}
        </Typography>
        {data.otherCases.length === 0 ? (
          <Typography variant="body2">{text('noOtherCases')}</Typography>
        ) : (
          <List dense>
            {data.otherCases.map((other) => (
              <ListItem key={other.id} disablePadding>
                <ListItemText
                  primary={
                    // Spec 001: links to the child's other CANS; each opens that CANS's summary in a tab of its own.
                    <Link href={appHref(assessmentPaths.summary(other.id))} target="_blank" rel="noopener">
                      {`${formatDate(other.dateOfAssessment)} · ${typeName(other.assessmentType)}`}
                    </Link>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
        <DomainTabs idPrefix="one-child" label={text('domainTabs')} panels={panels} layout={layout} />
      </Box>
    </ReportCsvScope>
  );
};
