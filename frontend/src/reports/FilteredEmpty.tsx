/*
 * What a wizard's list shows when its filter leaves it empty (issue 31): the list's message, the filters in use by
 * name — the one-child wizards preselect an assessor (spec 001 §5), easy to miss on the next step — and Clear
 * filters, which applies an empty filter at once. `params` are the query parameters the list was read with, so
 * only filters that took part are named.
 */
import { useTranslate } from 'react-admin';
import { Alert, Box, Button } from '@mui/material';
import { useApiQuery } from '../providers/useApi';
import { formatDate } from '../shared/format';
import type { FilterOptions } from './report-types';
import { useReportLabels } from './useReportLabels';

type Names = ReadonlyArray<{ id: string; name: string }>;

/** The filters in `params` as "Name: value" phrases, ids by the names the filter lookups give the viewer. */
export function useFilterPhrases(): (params: URLSearchParams) => string[] {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const options = useApiQuery<FilterOptions>('/reports/filter-options').data;
  const labels = useReportLabels();
  const keyed = (list: Array<{ key: string; name: string }> | undefined): Names => (list ?? []).map((o) => ({ id: o.key, name: o.name }));
  const lookups: Record<string, { label: string; names?: Names; separator?: string }> = {
    type: { label: labels.name('INITIALIZED', text('filter.type')), names: keyed(options?.assessmentTypes) },
    agency: {
      label: labels.name('AGENCY', text('filter.agency')),
      names: (options?.agencies ?? []).map((a) => ({ id: a.id, name: a.displayName })),
    },
    county: { label: labels.name('COUNTY', text('filter.county')) },
    assessor: {
      label: labels.name('Assessor', text('filter.assessor')),
      names: (options?.assessors ?? []).map((a) => ({ id: a.id, name: a.fullName || a.username })),
    },
    gender: { label: labels.name('GENDER', text('filter.gender')), names: keyed(options?.genders) },
    race: { label: labels.name('RACEETHNICITY', text('filter.race')), names: keyed(options?.races), separator: '##' },
    language: { label: text('filter.language'), names: keyed(options?.languages) },
    welfareStatus: { label: text('filter.welfareStatus'), names: keyed(options?.welfareStatuses) },
    cin: { label: labels.name('LocalAuthority', text('oneChild.cin')) },
    fullName: { label: text('oneChild.fullName') },
  };
  return (params) => {
    const phrases: string[] = [];
    const minAge = params.get('minAge');
    const maxAge = params.get('maxAge');
    if (minAge !== null || maxAge !== null)
      phrases.push(`${text('print.ageRange')}: ${minAge ?? text('filter.selectAll')} – ${maxAge ?? text('filter.selectAll')}`);
    for (const [name, { label, names, separator = ',' }] of Object.entries(lookups)) {
      const value = params.get(name);
      if (!value) continue;
      const shown = value.split(separator).map((id) => names?.find((entry) => entry.id === id)?.name ?? id);
      phrases.push(`${label}: ${shown.join(', ')}`);
    }
    const start = params.get('startDoa');
    const end = params.get('endDoa');
    const dates =
      start && end
        ? `${formatDate(start)} – ${formatDate(end)}`
        : start
          ? text('print.fromDate', { date: formatDate(start) })
          : end
            ? text('print.untilDate', { date: formatDate(end) })
            : null;
    if (dates) phrases.push(`${labels.name('DateOfAssessment', text('print.dateOfAssessment'))}: ${dates}`);
    return phrases;
  };
}

/** The filter a list was read with (its query parameters) and how its wizard clears it. */
export interface ListFilter {
  params: URLSearchParams;
  onClear: () => void;
}

export const FilteredEmpty = ({ message, filter: { params, onClear } }: { message: string; filter: ListFilter }) => {
  const translate = useTranslate();
  const phrases = useFilterPhrases()(params);
  return (
    <Alert severity="info" role="status">
      <span>{message}</span>
      {phrases.length > 0 && (
        <>
          {' '}
          <span>{translate('cans.reports.emptyList.filtersInUse', { filters: phrases.join('; ') })}</span>
          <Box sx={{ mt: 1 }}>
            <Button variant="outlined" size="small" color="inherit" onClick={onClear}>
              {translate('cans.reports.emptyList.clearFilters')}
            </Button>
          </Box>
        </>
      )}
    </Alert>
  );
};
