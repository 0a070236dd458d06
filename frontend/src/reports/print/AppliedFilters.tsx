/*
 * The applied filters of a many-children print view (spec 001 §2 "Print views"): type, age range, agency, date of
 * assessment range or 'Before {today}', county, assessor, gender, race (and language, welfare status and PIDs when
 * set); with a comparison, a second column with the comparison filters (agency or every agency, assessment type,
 * year, and the people it is narrowed to). Ids are shown by the names the filter lookups give the viewer; one the
 * viewer cannot see stays as its id.
 */
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { formatDate } from '../../shared/format';
import type { ComparisonOptions, FilterOptions } from '../report-types';
import { useReportLabels } from '../useReportLabels';

type Named = Array<{ id: string; name: string }>;

const namesOf = (value: string | undefined, separator: string, known: Named): string[] =>
  (value ?? '')
    .split(separator)
    .filter((id) => id !== '')
    .map((id) => known.find((entry) => entry.id === id)?.name ?? id);

const FilterList = ({ id, title, entries }: { id: string; title: string; entries: Array<[string, string]> }) => (
  <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
    <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {entries.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  </Box>
);

export const AppliedFilters = ({ query, comparison }: { query: Record<string, string>; comparison: Record<string, string> | null }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  const filterOptions = useApiQuery<FilterOptions>('/reports/filter-options').data;
  // Each filter under the name the label configuration gives its field.
  const labels = useReportLabels();
  const comparisonOptions = useApiQuery<ComparisonOptions>(comparison ? '/reports/comparison-options' : null).data;
  const all = text('filter.any');
  const listed = (names: string[]) => (names.length > 0 ? names.join(', ') : all);
  const keyed = (options: Array<{ key: string; name: string }> | undefined): Named =>
    (options ?? []).map((option) => ({ id: option.key, name: option.name }));

  const age = (value: string | undefined) => value ?? text('filter.selectAll');
  const ageRange = query.minAge === undefined && query.maxAge === undefined ? all : `${age(query.minAge)} – ${age(query.maxAge)}`;
  const dateRange =
    query.startDoa && query.endDoa
      ? `${formatDate(query.startDoa)} – ${formatDate(query.endDoa)}`
      : query.startDoa
        ? text('print.fromDate', { date: formatDate(query.startDoa) })
        : query.endDoa
          ? text('print.untilDate', { date: formatDate(query.endDoa) })
          : text('print.beforeDate', { date: formatDate(new Date().toISOString()) });

  const entries: Array<[string, string]> = [
    [labels.name('INITIALIZED', text('filter.type')), listed(namesOf(query.type, ',', keyed(filterOptions?.assessmentTypes)))],
    [text('print.ageRange'), ageRange],
    [
      labels.name('AGENCY', text('filter.agency')),
      listed(
        namesOf(
          query.agency,
          ',',
          (filterOptions?.agencies ?? []).map((a) => ({ id: a.id, name: a.displayName })),
        ),
      ),
    ],
    [labels.name('DateOfAssessment', text('print.dateOfAssessment')), dateRange],
    [
      labels.name('COUNTY', text('filter.county')),
      listed(
        namesOf(
          query.county,
          ',',
          (filterOptions?.counties ?? []).map((c) => ({ id: c.id, name: c.county })),
        ),
      ),
    ],
    [
      labels.name('Assessor', text('filter.assessor')),
      listed(
        namesOf(
          query.assessor,
          ',',
          (filterOptions?.assessors ?? []).map((a) => ({ id: a.id, name: a.fullName })),
        ),
      ),
    ],
    [labels.name('GENDER', text('filter.gender')), listed(namesOf(query.gender, ',', keyed(filterOptions?.genders)))],
    [labels.name('RACEETHNICITY', text('filter.race')), listed(namesOf(query.race, '##', keyed(filterOptions?.races)))],
  ];
  if (query.language) entries.push([text('filter.language'), listed(namesOf(query.language, ',', keyed(filterOptions?.languages)))]);
  if (query.welfareStatus)
    entries.push([text('filter.welfareStatus'), listed(namesOf(query.welfareStatus, ',', keyed(filterOptions?.welfareStatuses)))]);
  if (query.cin) entries.push([labels.name('LocalAuthority', text('filter.cin')), query.cin.split(',').join(', ')]);

  const people = (list: Array<{ id: string; name: string }> | undefined): Named => list ?? [];
  const agencies = (list: Array<{ id: string; displayName: string }> | undefined): Named =>
    (list ?? []).map((a) => ({ id: a.id, name: a.displayName }));
  const comparisonEntries: Array<[string, string]> = comparison
    ? [
        [
          text('comparison.agency'),
          namesOf(comparison.compareAgency, ',', agencies(comparisonOptions?.allAgency)).join(', ') || text('comparison.everyAgency'),
        ],
        [text('comparison.type'), listed(namesOf(comparison.compareType, ',', keyed(filterOptions?.assessmentTypes)))],
        [text('comparison.year'), comparison.compareYear ?? ''],
        [text('comparison.supervisors'), listed(namesOf(comparison.compareSupervisors, ',', people(comparisonOptions?.allSupervisors)))],
        [text('comparison.assessors'), listed(namesOf(comparison.compareAssessors, ',', people(comparisonOptions?.allAssessors)))],
        [text('comparison.agencyCases'), listed(namesOf(comparison.compareAgencyCases, ',', agencies(comparisonOptions?.allCaseAgency)))],
      ]
    : [];

  return (
    <Box
      className="print-avoid-break"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: comparison ? 'repeat(2, minmax(0, 1fr))' : '1fr' }, mb: 2 }}
    >
      <FilterList id="applied-filters" title={text('print.filters')} entries={entries} />
      {comparison && <FilterList id="applied-comparison" title={text('print.comparisonFilters')} entries={comparisonEntries} />}
    </Box>
  );
};
