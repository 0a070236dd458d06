/**
 * The applied filters of a many-children report PDF (spec 001 §2 "Print views"): type, age range, agency, date of
 * assessment range or 'Before {today}', county, assessor, gender, race (language, welfare status and PIDs when set);
 * with a comparison a second column with the comparison filters (agency, assessment type, year, supervisors,
 * assessors, agency cases).
 * Ids are named from the lookups the VIEWER gets (the filter options and comparison options routes); an id the
 * viewer cannot see stays as its id, as on the print view (frontend/src/reports/print/AppliedFilters.tsx).
 */
import type { Content } from 'pdfmake/interfaces';
import type { ChildLabelFieldName } from '@cans/domain/administration/child-labels.fields';
import type { ComparisonOptions } from '../report-comparison.service';
import type { ReportFilterOptions } from '../report-options.service';
import { chartTitle, displayDate, factTable } from './pdf-document';

type Named = ReadonlyArray<{ id: string; name: string }>;
const ALL = 'All';

const namesOf = (value: string | undefined, separator: string, known: Named): string[] =>
  (value ?? '')
    .split(separator)
    .filter((id) => id !== '')
    .map((id) => known.find((entry) => entry.id === id)?.name ?? id);
const listed = (names: string[]) => (names.length > 0 ? names.join(', ') : ALL);
const keyed = (options: ReadonlyArray<{ key: string; name: string }>): Named => options.map((o) => ({ id: o.key, name: o.name }));
const agencies = (list: ReadonlyArray<{ id: string; displayName: string }>): Named => list.map((a) => ({ id: a.id, name: a.displayName }));

/** 'Before {today}' when no date is chosen (spec), else the chosen range. */
function dateRange(query: Record<string, string>, today: Date): string {
  const { startDoa, endDoa } = query;
  if (startDoa && endDoa) return `${displayDate(startDoa)} – ${displayDate(endDoa)}`;
  if (startDoa) return `From ${displayDate(startDoa)}`;
  if (endDoa) return `Until ${displayDate(endDoa)}`;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Before ${pad(today.getMonth() + 1)}/${pad(today.getDate())}/${today.getFullYear()}`;
}

/** The filter's name / value pairs. */
export function appliedFilters(query: Record<string, string>, options: ReportFilterOptions, today: Date): Array<[string, string]> {
  const age = (value: string | undefined) => (value === undefined || value === '-1' ? 'Select All' : value);
  // Each filter is named as the label configuration names its field (spec 002 §3).
  const label = (fieldName: ChildLabelFieldName) => options.labels[fieldName].displayName;
  const entries: Array<[string, string]> = [
    [label('INITIALIZED'), listed(namesOf(query.type, ',', keyed(options.assessmentTypes)))],
    ['Age range', query.minAge === undefined && query.maxAge === undefined ? ALL : `${age(query.minAge)} – ${age(query.maxAge)}`],
    [label('AGENCY'), listed(namesOf(query.agency, ',', agencies(options.agencies)))],
    [label('DateOfAssessment'), dateRange(query, today)],
    [
      label('COUNTY'),
      listed(
        namesOf(
          query.county,
          ',',
          options.counties.map((c) => ({ id: c.id, name: c.county })),
        ),
      ),
    ],
    [
      label('Assessor'),
      listed(
        namesOf(
          query.assessor,
          ',',
          options.assessors.map((a) => ({ id: a.id, name: a.fullName })),
        ),
      ),
    ],
    [label('GENDER'), listed(namesOf(query.gender, ',', keyed(options.genders)))],
    [label('RACEETHNICITY'), listed(namesOf(query.race, '##', keyed(options.races)))],
  ];
  if (query.language) entries.push(['Language', listed(namesOf(query.language, ',', keyed(options.languages)))]);
  if (query.welfareStatus) entries.push(['Welfare status', listed(namesOf(query.welfareStatus, ',', keyed(options.welfareStatuses)))]);
  if (query.cin) entries.push([label('LocalAuthority'), query.cin.split(',').join(', ')]);
  return entries;
}

/** The comparison group: one agency (or every agency), one assessment type and one year, and the people it is narrowed to. */
export function comparisonFilters(
  comparison: Record<string, string>,
  options: ComparisonOptions,
  assessmentTypes: ReadonlyArray<{ key: string; name: string }>,
): Array<[string, string]> {
  const agency = namesOf(comparison.compareAgency, ',', agencies(options.allAgency));
  return [
    ['Agency', agency.length > 0 ? agency.join(', ') : 'Every agency'],
    ['Assessment type', listed(namesOf(comparison.compareType, ',', keyed(assessmentTypes)))],
    ['Year', comparison.compareYear ?? ''],
    ['Supervisors', listed(namesOf(comparison.compareSupervisors, ',', options.allSupervisors))],
    ['Assessors', listed(namesOf(comparison.compareAssessors, ',', options.allAssessors))],
    ['Agency cases', listed(namesOf(comparison.compareAgencyCases, ',', agencies(options.allCaseAgency)))],
  ];
}

/** The filters, and beside them the comparison filters when there is a comparison. */
export function filtersSection(filters: Array<[string, string]>, comparison: Array<[string, string]> | null): Content {
  const column = (title: string, entries: Array<[string, string]>): Content => ({ stack: [chartTitle(title), factTable(entries, 1)] });
  return comparison
    ? { columns: [column('Filters', filters), column('Comparison filters', comparison)], columnGap: 16 }
    : { stack: [chartTitle('Filters'), factTable(filters, 2)] };
}
