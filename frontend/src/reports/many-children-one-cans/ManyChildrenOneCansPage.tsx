/*
 * The Many Children One CANS wizard (spec 001 §2 "Wizards", §4): 1 Filter Assessments, 2 Show Assessment(s),
 * 3 Choose domain(s), 4 Generate report. Next from 1 loads the list (a refused filter stays with its field
 * messages); from 2 it needs an assessment ('No children need to generate a report.'); from 3 a domain ('Please
 * choose domain(s) to report.'). Back goes one step (the report is cleared below step 4); New Report starts over.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CircularProgress } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { CohortTable } from '../CohortTable';
import { DomainChoice } from '../DomainChoice';
import { ManyChildrenFilterForm } from '../ManyChildrenFilterForm';
import { emptyReportFilter, reportFilterParams, reportPath, type ReportFilter } from '../report-filter';
import type { CohortRow, FilterOptions, ReportDomainDefinition } from '../report-types';
import { useFilterStep, useReportPage } from '../useReportApi';
import { WizardShell } from '../WizardShell';
import { ManyChildrenReport } from './ManyChildrenReport';

/** Spec 001 §9: the step 2 list shows 30 a page. */
const PAGE_SIZE = 30;
const STEP_KEYS = ['filter', 'showAssessments', 'chooseDomains', 'generate'] as const;

export const ManyChildrenOneCansPage = () => {
  const translate = useTranslate();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<ReportFilter>(emptyReportFilter);
  // The filter of the list and the report: set when Next leaves step 1, so editing the form changes nothing else.
  const { applied, errors: filterErrors, page, setPage, loading, apply, reset } = useFilterStep<ReportFilter>();
  const [domains, setDomains] = useState<string[]>([]);
  // The comparison run on the report step: the page holds it so Print and Export to PDF include it.
  const [comparison, setComparison] = useState<Record<string, string> | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const options = useApiQuery<FilterOptions>('/reports/filter-options');
  const definitions = useApiQuery<ReportDomainDefinition[]>('/reports/domains');
  const cohort = useReportPage<CohortRow>(applied && reportPath('/reports/cohort', applied), page, PAGE_SIZE);

  // The report's GET parameters (the filter and the domains): what the report step shows, prints and exports.
  const reportQuery = applied && { ...Object.fromEntries(reportFilterParams(applied)), domains: domains.join(',') };

  const go = (next: number) => {
    setMessage(null);
    // Leaving the report step clears the report, its comparison too.
    if (next < 3) setComparison(null);
    setStep(next);
  };
  const next = () => {
    if (step === 0) {
      // Spec §7: a failed list call is logged only; a refused filter (400) shows its field messages on the form.
      return apply(draft, reportPath('/reports/cohort', draft), PAGE_SIZE, () => go(1));
    }
    if (step === 1) {
      if (!cohort.data || cohort.data.total === 0) return setMessage(translate('cans.reports.messages.noChildren'));
      return go(2);
    }
    if (step === 2) {
      if (domains.length === 0) return setMessage(translate('cans.reports.messages.chooseDomains'));
      return go(3);
    }
  };
  const back = () => go(Math.max(0, step - 1));
  // An empty list's Clear filters: every filter to all, and the list again at once.
  const clearFilters = () => {
    const cleared = emptyReportFilter();
    setDraft(cleared);
    setMessage(null);
    return apply(cleared, reportPath('/reports/cohort', cleared), PAGE_SIZE, () => undefined);
  };
  const newReport = () => {
    setDraft(emptyReportFilter());
    reset();
    setDomains([]);
    go(0);
  };

  return (
    <WizardShell
      title={translate('cans.reports.titles.manyChildOneCans')}
      steps={STEP_KEYS.map((key) => translate(`cans.reports.steps.${key}`))}
      active={step}
      message={message}
      busy={loading || (step === 1 && cohort.isFetching)}
      onBack={back}
      onNext={next}
      onNewReport={newReport}
      reportQuery={reportQuery && { report: 'many-children-one-cans', query: reportQuery, comparison }}
    >
      {step === 0 && <ManyChildrenFilterForm filter={draft} onChange={setDraft} options={options.data} errors={filterErrors} />}
      {step === 1 &&
        (cohort.data ? (
          <CohortTable
            rows={cohort.data.data}
            total={cohort.data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            filter={{ params: reportFilterParams(applied ?? draft), onClear: clearFilters }}
          />
        ) : (
          <CircularProgress aria-label={translate('cans.reports.messages.loading')} />
        ))}
      {step === 2 && <DomainChoice domains={definitions.data ?? []} chosen={domains} onChange={setDomains} />}
      {step === 3 && reportQuery && <ManyChildrenReport query={reportQuery} comparison={comparison} onComparisonChange={setComparison} />}
    </WizardShell>
  );
};
