/*
 * The One Child One CANS wizard (spec 001 §2 "Wizards", §4): 1 Filter Assessments, 2 Select one child, 3 Choose
 * domain(s), 4 Generate report. Next from 1 loads the list (a refused filter stays with its field messages); from
 * 2 it needs a chosen assessment ('Please select one child.'); from 3 a domain ('Please choose domain(s) to
 * report.'). Back goes one step (the report is cleared below step 4); New Report clears filter and choices.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CircularProgress } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { DomainChoice } from '../DomainChoice';
import type { CohortRow, FilterOptions, ReportDomainDefinition } from '../report-types';
import { useFilterStep, useReportPage } from '../useReportApi';
import { WizardShell } from '../WizardShell';
import { CaseChoiceTable } from './CaseChoiceTable';
import { initialOneChildFilter, oneChildParams, oneChildPath, type OneChildFilter } from './one-child-filter';
import { OneChildFilterForm } from './OneChildFilterForm';
import { OneChildReport } from './OneChildReport';

/** Spec 001 §9: the one-child case list shows 10 a page. */
const PAGE_SIZE = 10;
const CASES = '/reports/one-child-one-cans/cases';
const STEP_KEYS = ['filter', 'selectChild', 'chooseDomains', 'generate'] as const;

export const OneChildOneCansPage = () => {
  const translate = useTranslate();
  const options = useApiQuery<FilterOptions>('/reports/filter-options');
  const definitions = useApiQuery<ReportDomainDefinition[]>('/reports/domains');
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<OneChildFilter>(() => initialOneChildFilter(null));
  const [preselected, setPreselected] = useState(false);
  const { applied, errors: filterErrors, page, setPage, loading, apply, reset } = useFilterStep<OneChildFilter>();
  const [chosen, setChosen] = useState<CohortRow | null>(null);
  const [domains, setDomains] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const cases = useReportPage<CohortRow>(applied && oneChildPath(CASES, applied), page, PAGE_SIZE);
  // The report's GET parameters: what the report step shows, prints and exports.
  const reportQuery = chosen && { assessment: chosen.id, domains: domains.join(',') };

  // Spec §5: the first assessor is preselected once the choices are known (state adjusted while rendering, once).
  if (options.data && !preselected) {
    setPreselected(true);
    setDraft((current) => ({ ...current, assessor: initialOneChildFilter(options.data.firstAssessor).assessor }));
  }

  const go = (next: number) => {
    setMessage(null);
    setStep(next);
  };
  const next = () => {
    if (step === 0) {
      return apply(draft, oneChildPath(CASES, draft), PAGE_SIZE, () => {
        setChosen(null);
        go(1);
      });
    }
    if (step === 1) {
      if (!chosen) return setMessage(translate('cans.reports.messages.selectChild'));
      return go(2);
    }
    if (step === 2) {
      if (domains.length === 0) return setMessage(translate('cans.reports.messages.chooseDomains'));
      return go(3);
    }
  };
  // An empty list's Clear filters: no assessor either (none means all), and the list again at once.
  const clearFilters = () => {
    const cleared = initialOneChildFilter(null);
    setDraft(cleared);
    return apply(cleared, oneChildPath(CASES, cleared), PAGE_SIZE, () => setChosen(null));
  };
  const newReport = () => {
    setDraft(initialOneChildFilter(options.data?.firstAssessor ?? null));
    reset();
    setChosen(null);
    setDomains([]);
    go(0);
  };

  return (
    <WizardShell
      title={translate('cans.reports.titles.oneChildOneCans')}
      steps={STEP_KEYS.map((key) => translate(`cans.reports.steps.${key}`))}
      active={step}
      message={message}
      busy={loading || (step === 1 && cases.isFetching)}
      onBack={() => go(Math.max(0, step - 1))}
      onNext={next}
      onNewReport={newReport}
      reportQuery={reportQuery && { report: 'one-child-one-cans', query: reportQuery }}
    >
      {step === 0 && <OneChildFilterForm filter={draft} onChange={setDraft} options={options.data} errors={filterErrors} />}
      {step === 1 &&
        (cases.data ? (
          <CaseChoiceTable
            rows={cases.data.data}
            total={cases.data.total}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            chosen={chosen}
            filter={{ params: oneChildParams(applied ?? draft), onClear: clearFilters }}
            onChoose={(row) => {
              setChosen(row);
              setMessage(null);
            }}
          />
        ) : (
          <CircularProgress aria-label={translate('cans.reports.messages.loading')} />
        ))}
      {step === 2 && <DomainChoice domains={definitions.data ?? []} chosen={domains} onChange={setDomains} />}
      {step === 3 && reportQuery && <OneChildReport query={reportQuery} />}
    </WizardShell>
  );
};
