/* Step 2 of One Child Many CANS, "Select one child": children with at least two approved assessments, 10 a page. */
import { useTranslate } from 'react-admin';
import { ChoiceTable } from '../ChoiceTable';
import { FilteredEmpty, type ListFilter } from '../FilteredEmpty';
import { formatDate } from '../../shared/format';
import type { ChildRow } from '../report-types';
import { useReportLabels } from '../useReportLabels';

export const ChildChoiceTable = ({
  chosen,
  onChoose,
  filter,
  ...page
}: {
  rows: ChildRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  chosen: ChildRow | null;
  onChoose: (row: ChildRow) => void;
  filter: ListFilter;
}) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.manyCans.${key}`, options);
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  const { genderName } = useReportLabels();
  return (
    <ChoiceTable<ChildRow>
      {...page}
      tableLabel={text('childrenTitle')}
      regionLabel={text('childrenRegion')}
      status={chosen ? text('chosenChild', { name: chosen.fullName, cin: chosen.cin }) : text('children', { count: page.total })}
      empty={<FilteredEmpty message={text('noChildren')} filter={filter} />}
      choice={{
        kind: 'radio',
        header: translate('cans.reports.oneChild.select'),
        chosenId: chosen?.id ?? null,
        onChoose,
        rowLabel: (row) => text('selectChild', { name: row.fullName, cin: row.cin }),
      }}
      columns={[
        { header: cohort('cin'), value: (row) => row.cin },
        { header: cohort('name'), value: (row) => row.fullName },
        { header: cohort('gender'), value: (row) => genderName(row.gender) },
        { header: cohort('agency'), value: (row) => row.agency ?? '' },
        { header: text('assessmentCount'), value: (row) => row.assessmentCount, align: 'right' },
        { header: text('latest'), value: (row) => formatDate(row.dateOfAssessment) },
      ]}
    />
  );
};
