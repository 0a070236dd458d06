/*
 * Step 2 of Many Children Many CANS, "Show Assessment(s)": the children with two or more approved assessments in
 * the filter, with the dates of the first and last one the report compares (20 a page, spec 001 §9).
 */
import { useReportLabels } from '../useReportLabels';
import { useTranslate } from 'react-admin';
import { ChoiceTable } from '../ChoiceTable';
import { FilteredEmpty, type ListFilter } from '../FilteredEmpty';
import { formatDate } from '../../shared/format';
import type { PairRow } from '../report-types';
import { useAssessmentTypeName } from '../useReportApi';

export const PairTable = ({
  filter,
  ...page
}: {
  rows: PairRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  filter: ListFilter;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const labels = useReportLabels();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.pairs.${key}`, options);
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  return (
    <ChoiceTable<PairRow>
      {...page}
      tableLabel={text('title')}
      regionLabel={text('region')}
      status={translate('cans.reports.manyCans.children', { count: page.total })}
      empty={<FilteredEmpty message={translate('cans.reports.manyCans.noChildren')} filter={filter} />}
      columns={[
        { header: labels.name('LocalAuthority', cohort('cin')), value: (row) => row.cin },
        { header: cohort('name'), value: (row) => row.fullName },
        ...(labels.shown('Assessor')
          ? [{ header: labels.name('Assessor', cohort('assessor')), value: (row: PairRow) => row.assessorName }]
          : []),
        ...(labels.shown('AGENCY') ? [{ header: labels.name('AGENCY', cohort('agency')), value: (row: PairRow) => row.agency ?? '' }] : []),
        { header: labels.name('INITIALIZED', cohort('type')), value: (row) => typeName(row.assessmentType) },
        { header: translate('cans.reports.manyCans.assessmentCount'), value: (row) => row.assessmentCount, align: 'right' },
        { header: text('first'), value: (row) => formatDate(row.firstDateOfAssessment) },
        { header: text('last'), value: (row) => formatDate(row.dateOfAssessment) },
      ]}
    />
  );
};
