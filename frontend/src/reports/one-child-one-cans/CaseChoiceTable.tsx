/*
 * Step 2 of One Child One CANS, "Select one child": the assessments of the filter, 10 a page (spec 001 §9), one
 * chosen with a radio button (arrow keys move the choice within the page, as radio groups do).
 */
import { useReportLabels } from '../useReportLabels';
import { useTranslate } from 'react-admin';
import { ChoiceTable } from '../ChoiceTable';
import { FilteredEmpty, type ListFilter } from '../FilteredEmpty';
import { useAssessmentTypeName } from '../useReportApi';
import { formatDate } from '../../shared/format';
import type { CohortRow } from '../report-types';

export const CaseChoiceTable = ({
  chosen,
  onChoose,
  filter,
  ...page
}: {
  rows: CohortRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  chosen: CohortRow | null;
  onChoose: (row: CohortRow) => void;
  filter: ListFilter;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const labels = useReportLabels();
  const cohort = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.cohort.${key}`, options);
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.oneChild.${key}`, options);
  const described = (row: CohortRow) => ({ name: row.fullName, cin: row.cin, date: formatDate(row.dateOfAssessment) });
  return (
    <ChoiceTable<CohortRow>
      {...page}
      tableLabel={text('listTitle')}
      regionLabel={text('region')}
      status={chosen ? text('chosen', described(chosen)) : cohort('totalShort', { count: page.total })}
      empty={<FilteredEmpty message={cohort('empty')} filter={filter} />}
      choice={{
        kind: 'radio',
        header: text('select'),
        chosenId: chosen?.id ?? null,
        onChoose,
        rowLabel: (row) => text('selectCase', described(row)),
      }}
      columns={[
        { header: labels.name('LocalAuthority', cohort('cin')), value: (row) => row.cin },
        { header: cohort('name'), value: (row) => row.fullName },
        ...(labels.shown('Assessor')
          ? [{ header: labels.name('Assessor', cohort('assessor')), value: (row: CohortRow) => row.assessorName }]
          : []),
        ...(labels.shown('AGENCY')
          ? [{ header: labels.name('AGENCY', cohort('agency')), value: (row: CohortRow) => row.agency ?? '' }]
          : []),
        { header: labels.name('INITIALIZED', cohort('type')), value: (row) => typeName(row.assessmentType) },
        { header: labels.name('DateOfAssessment', cohort('dateOfAssessment')), value: (row) => formatDate(row.dateOfAssessment) },
      ]}
    />
  );
};
