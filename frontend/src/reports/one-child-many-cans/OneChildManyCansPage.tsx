/*
 * The One Child Many CANS wizard (spec 001 §2 "Wizards", §4): 1 Filter Assessments, 2 Select one child, 3 Choose
 * time-points assessment(s), 4 Choose domain(s), 5 Generate report. Next from 2 needs a child ('Please select one
 * child.'), from 3 an assessment ('Please choose assessments to report.'), from 4 a domain ('Please choose
 * domain(s) to report.'). Child domains only (the report is child information only). Back goes one step (the
 * report is cleared below step 5); New Report clears filter and choices.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CircularProgress } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { DomainChoice } from '../DomainChoice';
import { initialOneChildFilter, oneChildParams, oneChildPath, type OneChildFilter } from '../one-child-one-cans/one-child-filter';
import { OneChildFilterForm } from '../one-child-one-cans/OneChildFilterForm';
import type { ChildRow, FilterOptions, ReportDomainDefinition, TimePointRow } from '../report-types';
import { useFilterStep, useReportPage } from '../useReportApi';
import { WizardShell } from '../WizardShell';
import { ChildChoiceTable } from './ChildChoiceTable';
import { OneChildManyReport } from './OneChildManyReport';
import { TimePointChoice } from './TimePointChoice';

/** Spec 001 §9: children 10 a page, time-point assessments 100. */
const CHILD_PAGE_SIZE = 10;
const TIME_POINT_PAGE_SIZE = 100;
const CHILDREN = '/reports/one-child-many-cans/children';
const STEP_KEYS = ['filter', 'selectChild', 'chooseTimePoints', 'chooseDomains', 'generate'] as const;
/** Spec 001 §7 "/reportOM": the children are filtered by PID, name and assessor only. */
const childrenFilter = (filter: OneChildFilter): OneChildFilter => ({ ...filter, agency: [], startDoa: '', endDoa: '' });

export const OneChildManyCansPage = () => {
  const translate = useTranslate();
  const options = useApiQuery<FilterOptions>('/reports/filter-options');
  const definitions = useApiQuery<ReportDomainDefinition[]>('/reports/domains');
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<OneChildFilter>(() => initialOneChildFilter(null));
  const [preselected, setPreselected] = useState(false);
  const { applied, errors: filterErrors, page, setPage, loading, apply, reset } = useFilterStep<OneChildFilter>();
  const [child, setChild] = useState<ChildRow | null>(null);
  const [timePoints, setTimePoints] = useState<string[]>([]);
  const [domains, setDomains] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const children = useReportPage<ChildRow>(applied && oneChildPath(CHILDREN, childrenFilter(applied)), page, CHILD_PAGE_SIZE);
  const seriesPath =
    step >= 2 && child && applied
      ? `/reports/one-child-many-cans/time-points?${new URLSearchParams({ cin: child.cin, ...(applied.assessor.length ? { assessor: applied.assessor.join(',') } : {}) })}`
      : null;
  const series = useReportPage<TimePointRow>(seriesPath, 0, TIME_POINT_PAGE_SIZE);
  // The report's GET parameters: what the report step shows, prints and exports.
  const reportQuery = { assessments: timePoints.join(','), domains: domains.join(',') };

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
      return apply(draft, oneChildPath(CHILDREN, childrenFilter(draft)), CHILD_PAGE_SIZE, () => {
        setChild(null);
        setTimePoints([]);
        go(1);
      });
    }
    if (step === 1) {
      if (!child) return setMessage(translate('cans.reports.messages.selectChild'));
      return go(2);
    }
    if (step === 2) {
      if (timePoints.length === 0) return setMessage(translate('cans.reports.messages.chooseAssessments'));
      return go(3);
    }
    if (step === 3) {
      if (domains.length === 0) return setMessage(translate('cans.reports.messages.chooseDomains'));
      return go(4);
    }
  };
  // An empty list's Clear filters: no assessor either (none means all), and the list again at once.
  const clearFilters = () => {
    const cleared = initialOneChildFilter(null);
    setDraft(cleared);
    return apply(cleared, oneChildPath(CHILDREN, childrenFilter(cleared)), CHILD_PAGE_SIZE, () => {
      setChild(null);
      setTimePoints([]);
    });
  };
  const newReport = () => {
    setDraft(initialOneChildFilter(options.data?.firstAssessor ?? null));
    reset();
    setChild(null);
    setTimePoints([]);
    setDomains([]);
    go(0);
  };

  return (
    <WizardShell
      title={translate('cans.reports.titles.oneChildManyCans')}
      steps={STEP_KEYS.map((key) => translate(`cans.reports.steps.${key}`))}
      active={step}
      message={message}
      busy={loading || (step === 1 && children.isFetching) || (step === 2 && series.isFetching)}
      onBack={() => go(Math.max(0, step - 1))}
      onNext={next}
      onNewReport={newReport}
      reportQuery={{ report: 'one-child-many-cans', query: reportQuery }}
    >
      {step === 0 && <OneChildFilterForm assessorOnly filter={draft} onChange={setDraft} options={options.data} errors={filterErrors} />}
      {step === 1 &&
        (children.data ? (
          <ChildChoiceTable
            rows={children.data.data}
            total={children.data.total}
            page={page}
            pageSize={CHILD_PAGE_SIZE}
            onPage={setPage}
            chosen={child}
            filter={{ params: oneChildParams(childrenFilter(applied ?? draft)), onClear: clearFilters }}
            onChoose={(row) => {
              // Another child: the time-points chosen for the previous one do not apply.
              if (row.id !== child?.id) setTimePoints([]);
              setChild(row);
              setMessage(null);
            }}
          />
        ) : (
          <CircularProgress aria-label={translate('cans.reports.messages.loading')} />
        ))}
      {step === 2 &&
        (series.data ? (
          <TimePointChoice rows={series.data.data} chosen={timePoints} onChange={setTimePoints} />
        ) : (
          <CircularProgress aria-label={translate('cans.reports.messages.loading')} />
        ))}
      {step === 3 && (
        <DomainChoice domains={(definitions.data ?? []).filter((d) => !d.caregiverItem)} chosen={domains} onChange={setDomains} />
      )}
      {step === 4 && <OneChildManyReport query={reportQuery} />}
    </WizardShell>
  );
};
