/*
 * The assessment lists' filters (spec 000 §2 "Filters"): search, status, dates, scope, last update and assessor, and
 * the hints that name the filters links apply without an input of their own (month, latest, next due date).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import { AutocompleteInput, DateInput, SearchInput, SelectInput, useListContext, useTranslate, type SearchInputProps } from 'react-admin';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useApiQuery } from '../providers/useApi';
import { formatDate } from '../shared/format';
import { ASSESSMENT_STATUS, type AssessmentStatusCode } from '../shared/StatusChip';
import { labelByKey, useAssessmentOptions } from './child-fields';

/** The states a list can be filtered by (not Deleted). */
const FILTER_STATES = ['i', 'r', 'c', 'a', 'e'] as const;

/** Spec §9: last-updated choices 7, 14, 30, 45, 90 days. */
const LAST_UPDATED_DAYS = [7, 14, 30, 45, 90];

interface AssessorOption {
  id: string;
  name: string;
}

/**
 * Assessor filter (spec §2 Filters, shown with Assessment_View): the options are the owners of assessments the
 * user may see (GET /api/assessment-assessors), not the user directory (User_View). Options seen stay known, so
 * the chosen assessor keeps its name while the user types another search.
 */
const AssessorFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const [search, setSearch] = useState('');
  const { data } = useApiQuery<AssessorOption[]>(`/assessment-assessors?q=${encodeURIComponent(search)}`);
  const [known, setKnown] = useState(new Map<string, AssessorOption>());
  const [merged, setMerged] = useState<AssessorOption[] | undefined>(undefined);
  // Each new answer is merged in once, while rendering (React's pattern for state derived from a changed input).
  if (data && data !== merged) {
    setMerged(data);
    setKnown((previous) => new Map([...previous, ...data.map((option): [string, AssessorOption] => [option.id, option])]));
  }
  const choices = [...known.values()].sort((a, b) => a.name.localeCompare(b.name));
  // Wide enough for a full name ("Jamie Carter" was cut to "Jamie C…" at react-admin's default width).
  return (
    <AutocompleteInput source={source} label={label} choices={choices} setFilter={setSearch} helperText={false} sx={{ minWidth: 240 }} />
  );
};

const statusLabel = (code: string): string => ASSESSMENT_STATUS[code as AssessmentStatusCode]?.label ?? code;

/**
 * Status filter: one state, or a set of states a link applies (the supervisor table's "in progress" is incomplete and
 * returned). A set is shown as one choice naming its states ("Incomplete, Returned"), which the select offers while it
 * is the filter; the select holds it as 'i,r' and the filter as ['i', 'r'].
 */
const StatusFilterInput = ({ source, label, emptyText }: { source: string; label: string; emptyText: string; alwaysOn?: boolean }) => {
  const { filterValues } = useListContext();
  const current: unknown = filterValues[source];
  const choices = FILTER_STATES.map((code) => ({ id: code as string, name: statusLabel(code) }));
  if (Array.isArray(current) && current.length > 1)
    choices.push({ id: current.join(','), name: current.map((code) => statusLabel(String(code))).join(', ') });
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      emptyText={emptyText}
      format={(value: unknown) => (Array.isArray(value) ? value.join(',') : ((value as string | null | undefined) ?? ''))}
      parse={(value: string) => (value === '' ? null : value.includes(',') ? value.split(',') : value)}
    />
  );
};

/**
 * The search box, showing the search the list applies whenever the user is not typing in it. react-admin's filter
 * form re-applies a changed filter to its inputs only when the user has not just typed, and a list restored from its
 * store could come back filtered by a search its box did not show (issue 33). A reset, unlike setValue, sends
 * nothing back to the list (its page stays).
 */
const ListSearchInput = ({ source, ...props }: SearchInputProps & { source: string }) => {
  const { filterValues } = useListContext();
  const { getValues, reset } = useFormContext();
  const applied = String(filterValues[source] ?? '');
  useEffect(() => {
    const typing = document.activeElement instanceof HTMLInputElement && document.activeElement.name === source;
    if (!typing && String(getValues(source) ?? '') !== applied) reset({ ...getValues(), [source]: applied });
  }, [applied, source, getValues, reset]);
  // The filter form's props (no helper text, size, resource) pass through.
  return <SearchInput source={source} {...props} />;
};

/** The filters of the full list, or only the search of the overdue and follow-up list. */
export function useAssessmentListFilters(kind: 'all' | 'overdue'): ReactElement[] {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.list.filters.${key}`, options);
  // The label configuration names the assessor; a hidden Assessor column keeps its filter (the rows still have one).
  const assessor = labelByKey(useAssessmentOptions(), 'Assessor', text('assessor'));
  const search = <ListSearchInput key="q" source="q" alwaysOn placeholder={text('search')} />;
  if (kind === 'overdue') return [search];
  const any = text('all');
  return [
    search,
    <StatusFilterInput key="status" source="status" label={text('status')} emptyText={any} alwaysOn />,
    <DateInput key="dateFrom" source="dateFrom" label={text('dateFrom')} />,
    <DateInput key="dateTo" source="dateTo" label={text('dateTo')} />,
    <SelectInput
      key="scope"
      source="scope"
      label={text('scope')}
      choices={[
        { id: '0', name: text('open') },
        { id: '-1', name: text('closed') },
      ]}
      emptyText={any}
    />,
    <SelectInput
      key="period"
      source="period"
      label={text('lastUpdated')}
      choices={LAST_UPDATED_DAYS.map((days) => ({ id: String(days), name: text('lastDays', { days }) }))}
      emptyText={text('anyTime')}
    />,
    <AssessorFilterInput key="ownerId" source="ownerId" label={assessor.label} />,
  ];
}

/** One hint: what a filter without an input keeps, and a button that removes it. */
const FilterHint = ({ label, onRemove }: { label: string; onRemove: () => void }) => {
  const translate = useTranslate();
  return (
    <Box
      component="li"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        pl: 1.5,
        pr: 0.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        maxWidth: '100%',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <IconButton size="small" onClick={onRemove} aria-label={translate('cans.assessments.list.hints.remove', { filter: label })}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
};

/**
 * The filters that links apply (home cards, the dashboard's month bars and supervisor table) and no input shows:
 * month of assessment, each child's latest assessment, next due date range. Each is named and removable, so the list
 * never filters by something the user cannot see.
 */
export const AssessmentFilterHints = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.list.${key}`, options);
  const without =
    (...keys: string[]) =>
    () =>
      setFilters(Object.fromEntries(Object.entries(filterValues).filter(([key]) => !keys.includes(key))), displayedFilters);
  const given = (key: string): string | null =>
    typeof filterValues[key] === 'string' && filterValues[key] !== '' ? filterValues[key] : null;
  const hints: { key: string; label: string; onRemove: () => void }[] = [];
  const month = given('month');
  if (month) hints.push({ key: 'month', label: text('assessedIn', { month }), onRemove: without('month') });
  if (filterValues.latest === true || filterValues.latest === 'true')
    hints.push({ key: 'latest', label: text('hints.latest'), onRemove: without('latest') });
  const [dueFrom, dueTo] = [given('dueFrom'), given('dueTo')];
  if (dueFrom || dueTo) {
    const dates = { from: formatDate(dueFrom), to: formatDate(dueTo) };
    const label = text(dueFrom && dueTo ? 'hints.dueBetween' : dueFrom ? 'hints.dueFrom' : 'hints.dueBy', dates);
    hints.push({ key: 'due', label, onRemove: without('dueFrom', 'dueTo') });
  }
  if (hints.length === 0) return null;
  return (
    <Stack
      component="ul"
      aria-label={text('hints.label')}
      direction="row"
      useFlexGap
      flexWrap="wrap"
      spacing={1}
      sx={{ listStyle: 'none', m: 0, px: 2, pt: 1.5 }}
    >
      {hints.map((hint) => (
        <FilterHint key={hint.key} label={hint.label} onRemove={hint.onRemove} />
      ))}
    </Stack>
  );
};
