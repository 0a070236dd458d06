/*
 * Step 2 of Many Children One CANS, "Show Assessment(s)": the assessments of the filter (spec 001 §9: 30 a page).
 * The table scrolls inside its own region on a narrow screen.
 */
import { useTranslate } from 'react-admin';
import { ChoiceTable } from './ChoiceTable';
import { useAssessmentTypeName } from './useReportApi';
import { formatDate } from '../shared/format';
import type { CohortRow } from './report-types';

export const CohortTable = (props: {
  rows: CohortRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.cohort.${key}`, options);
  return (
    <ChoiceTable<CohortRow>
      {...props}
      tableLabel={text('title')}
      regionLabel={text('region')}
      status={text('totalShort', { count: props.total })}
      empty={text('empty')}
      columns={[
        { header: text('cin'), value: (row) => row.cin },
        { header: text('name'), value: (row) => row.fullName },
        { header: text('age'), value: (row) => row.age, align: 'right' },
        { header: text('assessor'), value: (row) => row.assessorName },
        { header: text('agency'), value: (row) => row.agency ?? '' },
        { header: text('type'), value: (row) => typeName(row.assessmentType) },
        { header: text('dateOfAssessment'), value: (row) => formatDate(row.dateOfAssessment) },
      ]}
    />
  );
};
