/*
 * The Many Children Many CANS wizard (spec 001 §2 "Wizards", §4): 1 Filter Assessments, 2 Show Assessment(s),
 * 3 Choose domain(s), 4 Generate report. Next from 2 needs children with a first and a last assessment (otherwise
 * it stays, silently, as the spec says — the list says why); from 3 a domain ('Please choose domain(s) to
 * report.'). Child domains only. Back goes one step (the report is cleared below step 4); New Report starts over.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CircularProgress } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { DomainChoice } from '../DomainChoice';
import { ManyChildrenFilterForm } from '../ManyChildrenFilterForm';
import { emptyReportFilter, reportFilterParams, reportPath, type ReportFilter } from '../report-filter';
import type { FilterOptions, PairRow, ReportDomainDefinition } from '../report-types';
import { useFilterStep, useReportPage } from '../useReportApi';
import { WizardShell } from '../WizardShell';
import { ManyChildrenManyReport } from './ManyChildrenManyReport';
import { PairTable } from './PairTable';

/** Spec 001 §9: the step 2 list shows 20 a page. */
const PAGE_SIZE = 20;
const PAIRS = '/reports/many-children-many-cans/cohort';
const STEP_KEYS = ['filter', 'showAssessments', 'chooseDomains', 'generate'] as const;

export const ManyChildrenManyCansPage = () => {
  const translate = useTranslate();
  const options = useApiQuery<FilterOptions>('/reports/filter-options');
  const definitions = useApiQuery<ReportDomainDefinition[]>('/reports/domains');
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<ReportFilter>(emptyReportFilter);
  const { applied, errors: filterErrors, page, setPage, loading, apply, reset } = useFilterStep<ReportFilter>();
  const [domains, setDomains] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const pairs = useReportPage<PairRow>(applied && reportPath(PAIRS, applied), page, PAGE_SIZE);
  // The report's GET parameters (the filter and the domains): what the report step shows, prints and exports.
  const reportQuery = applied && { ...Object.fromEntries(reportFilterParams(applied)), domains: domains.join(',') };

  const go = (next: number) => {
    setMessage(null);
    setStep(next);
  };
  const next = () => {
    if (step === 0) {
      return apply(draft, reportPath(PAIRS, draft), PAGE_SIZE, () => go(1));
    }
    if (step === 1) {
      if (!pairs.data || pairs.data.total === 0) return;
      return go(2);
    }
    if (step === 2) {
      if (domains.length === 0) return setMessage(translate('cans.reports.messages.chooseDomains'));
      return go(3);
    }
  };
  // An empty list's Clear filters: every filter to all, and the list again at once.
  const clearFilters = () => {
    const cleared = emptyReportFilter();
    setDraft(cleared);
    return apply(cleared, reportPath(PAIRS, cleared), PAGE_SIZE, () => undefined);
  };
  const newReport = () => {
    setDraft(emptyReportFilter());
    reset();
    setDomains([]);
    go(0);
  };

  return (
    <WizardShell
      title={translate('cans.reports.titles.manyChildManyCans')}
      steps={STEP_KEYS.map((key) => translate(`cans.reports.steps.${key}`))}
      active={step}
      message={message}
      busy={loading || (step === 1 && pairs.isFetching)}
      onBack={() => go(Math.max(0, step - 1))}
      onNext={next}
      onNewReport={newReport}
      reportQuery={reportQuery && { report: 'many-children-many-cans', query: reportQuery }}
    >
      {step === 0 && <ManyChildrenFilterForm filter={draft} onChange={setDraft} options={options.data} errors={filterErrors} />}
      {step === 1 &&
        (pairs.data ? (
          <PairTable
            rows={pairs.data.data}
            total={pairs.data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            filter={{ params: reportFilterParams(applied ?? draft), onClear: clearFilters }}
          />
        ) : (
          <CircularProgress aria-label={translate('cans.reports.messages.loading')} />
        ))}
      {step === 2 && (
        <DomainChoice domains={(definitions.data ?? []).filter((d) => !d.caregiverItem)} chosen={domains} onChange={setDomains} />
      )}
      {step === 3 && reportQuery && <ManyChildrenManyReport query={reportQuery} />}
    </WizardShell>
  );
};
