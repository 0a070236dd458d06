/* The assessment lists' filters (spec 000 §2 "Filters"): search, status, dates, scope, last update and assessor. */
import { useState, type ReactElement } from 'react';
import { AutocompleteInput, DateInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { useApiQuery } from '../providers/useApi';
import { ASSESSMENT_STATUS } from '../shared/StatusChip';

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
  return <AutocompleteInput source={source} label={label} choices={choices} setFilter={setSearch} helperText={false} />;
};

/** The filters of the full list, or only the search of the overdue and follow-up list. */
export function useAssessmentListFilters(kind: 'all' | 'overdue'): ReactElement[] {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.list.filters.${key}`, options);
  const search = <SearchInput key="q" source="q" alwaysOn placeholder={text('search')} />;
  if (kind === 'overdue') return [search];
  const any = text('all');
  return [
    search,
    <SelectInput
      key="status"
      source="status"
      label={text('status')}
      choices={FILTER_STATES.map((code) => ({ id: code, name: ASSESSMENT_STATUS[code].label }))}
      emptyText={any}
      alwaysOn
    />,
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
    <AssessorFilterInput key="ownerId" source="ownerId" label={text('assessor')} />,
  ];
}
