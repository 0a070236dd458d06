/*
 * The report step of Many Children One CANS (spec 001 §2, §4): the summary and the caregiver note, the Quick Glance,
 * the comparison filter and its result (or the fewer-than-10 warning), the mean domain scores and one tab per
 * domain. `query` is the report's GET parameters (filter and domains); the comparison's parameters are held by the
 * page (Print and Export save them). In print: no controls (the page lists the comparison filters as text) and
 * every domain one after another. Mounted only on the report step; its reads are not kept (gcTime 0).
 */
import { useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { DomainTabs, type DomainPanel, type ReportLayout } from '../DomainTabs';
import { ReportGlance } from '../glance/ReportGlance';
import { reportApiPath } from '../print/saved-report-query';
import type { ComparisonOptions, ComparisonResult, FilterOptions, ManyChildrenReport as Report } from '../report-types';
import { ComparisonFilter, emptyComparison } from './ComparisonFilter';
import { DomainItemCharts } from './DomainItemCharts';
import { MeanScoreChart } from '../MeanScoreChart';
import { ReportCsvScope } from '../ReportCsvScope';

const NOT_KEPT = { gcTime: 0, retry: false } as const;

export const ManyChildrenReport = ({
  query,
  comparison,
  onComparisonChange,
  layout = 'screen',
}: {
  query: Record<string, string>;
  /** The comparison's parameters (compareAgency …, comma-joined), or null when not comparing. */
  comparison: Record<string, string> | null;
  onComparisonChange?: (comparison: Record<string, string> | null) => void;
  layout?: ReportLayout;
}) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const screen = layout === 'screen';
  const report = useApiQuery<Report>(reportApiPath('many-children-one-cans', query), NOT_KEPT);
  const options = useApiQuery<ComparisonOptions>(screen ? '/reports/comparison-options' : null);
  const filterOptions = useApiQuery<FilterOptions>(screen ? '/reports/filter-options' : null);
  // The comparison group is its own fixed cohort: the report's filter does not narrow it, only its domains are shared.
  const comparisonPath =
    comparison && `/reports/comparison?${new URLSearchParams({ ...(query.domains ? { domains: query.domains } : {}), ...comparison })}`;
  const compared = useApiQuery<ComparisonResult>(comparisonPath, NOT_KEPT);

  if (report.isPending) return <CircularProgress aria-label={text('messages.loading')} />;
  if (report.isError || !report.data) return <Alert severity="error">{text('messages.failed')}</Alert>;
  const data = report.data;
  const sufficient = compared.data?.sufficient ? compared.data : undefined;
  const comparedDomains = new Map((sufficient?.domains ?? []).map((d) => [d.code, d]));
  const panels: DomainPanel[] = data.domains.map((domain) => ({
    key: domain.code,
    label: domain.name,
    render: () => <DomainItemCharts domain={domain} comparison={sufficient ? comparedDomains.get(domain.code) : undefined} />,
  }));

  return (
    <ReportCsvScope report="many-children-one-cans">
      <Box sx={{ minWidth: 0 }}>
        <Typography role="status">{text('report.summary', { children: data.childCount, assessments: data.assessmentCount })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {text('messages.caregiverNote')}
        </Typography>
        <ReportGlance report="many-children-one-cans" query={query} />
        {screen && options.data && filterOptions.data && onComparisonChange && (
          <ComparisonFilter
            options={options.data}
            assessmentTypes={filterOptions.data.assessmentTypes}
            initial={emptyComparison(
              query.type || filterOptions.data.assessmentTypes[0]?.key,
              query.endDoa?.slice(0, 4) || query.startDoa?.slice(0, 4) || undefined,
            )}
            errors={compared.error?.fieldErrors ?? {}}
            onCompare={onComparisonChange}
            onClear={() => onComparisonChange(null)}
            compared={comparison !== null}
          />
        )}
        {compared.isFetching && <CircularProgress size={24} aria-label={text('messages.loading')} sx={{ mt: 1 }} />}
        {compared.data && !compared.data.sufficient && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {compared.data.message}
          </Alert>
        )}
        {sufficient && (
          <Typography role="status" sx={{ mt: 2 }}>
            {text('comparison.children', { children: sufficient.childCount, assessments: sufficient.assessmentCount })}
          </Typography>
        )}
        <Box sx={{ mt: 2 }} className="print-chart">
          <MeanScoreChart domains={data.domains} comparison={sufficient?.domains} />
        </Box>
        <DomainTabs idPrefix="domain" label={text('report.domainTabs')} panels={panels} layout={layout} />
      </Box>
    </ReportCsvScope>
  );
};
