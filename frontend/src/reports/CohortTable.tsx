/*
 * Step 2 of Many Children One CANS, "Show Assessment(s)": the assessments of the filter (spec 001 §9: 30 a page).
 * The table scrolls inside its own region on a narrow screen.
 */
import { useReportLabels } from './useReportLabels';
import { useTranslate } from 'react-admin';
import { ChoiceTable } from './ChoiceTable';
import { FilteredEmpty, type ListFilter } from './FilteredEmpty';
import { useAssessmentTypeName } from './useReportApi';
import { formatDate } from '../shared/format';
import type { CohortRow } from './report-types';

export const CohortTable = ({
  filter,
  ...page
}: {
  rows: CohortRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  filter: ListFilter;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const labels = useReportLabels();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.cohort.${key}`, options);
  return (
    <ChoiceTable<CohortRow>
      {...page}
      tableLabel={text('title')}
      regionLabel={text('region')}
      status={text('totalShort', { count: page.total })}
      empty={<FilteredEmpty message={text('empty')} filter={filter} />}
      columns={[
        { header: labels.name('LocalAuthority', text('cin')), value: (row) => row.cin },
        { header: text('name'), value: (row) => row.fullName },
        { header: labels.name('Age', text('age')), value: (row) => row.age, align: 'right' },
        ...(labels.shown('Assessor')
          ? [{ header: labels.name('Assessor', text('assessor')), value: (row: CohortRow) => row.assessorName }]
          : []),
        ...(labels.shown('AGENCY') ? [{ header: labels.name('AGENCY', text('agency')), value: (row: CohortRow) => row.agency ?? '' }] : []),
        { header: labels.name('INITIALIZED', text('type')), value: (row) => typeName(row.assessmentType) },
        { header: labels.name('DateOfAssessment', text('dateOfAssessment')), value: (row) => formatDate(row.dateOfAssessment) },
      ]}
    />
  );
};
