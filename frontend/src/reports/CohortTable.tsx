/*
 * Step 2 of Many Children One CANS, "Show Assessment(s)": the assessments of the filter (spec 001 §9: 30 a page).
 * The table scrolls inside its own region on a narrow screen.
 */
import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../layout/ScrollRegion';
import { useAssessmentTypeName } from './useReportApi';
import { formatDate } from '../shared/format';
import type { CohortRow } from './report-types';

export const CohortTable = ({
  rows,
  total,
  page,
  pageSize,
  onPage,
}: {
  rows: CohortRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.cohort.${key}`, options);
  if (total === 0) return <Typography color="text.secondary">{text('empty')}</Typography>;
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {text('totalShort', { count: total })}
      </Typography>
      <ScrollRegion label={text('region')}>
        <Table size="small" aria-label={text('title')}>
          <TableHead>
            <TableRow>
              <TableCell>{text('cin')}</TableCell>
              <TableCell>{text('name')}</TableCell>
              <TableCell align="right">{text('age')}</TableCell>
              <TableCell>{text('assessor')}</TableCell>
              <TableCell>{text('agency')}</TableCell>
              <TableCell>{text('type')}</TableCell>
              <TableCell>{text('dateOfAssessment')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.cin}</TableCell>
                <TableCell>{row.fullName}</TableCell>
                <TableCell align="right">{row.age}</TableCell>
                <TableCell>{row.assessorName}</TableCell>
                <TableCell>{row.agency ?? ''}</TableCell>
                <TableCell>{typeName(row.assessmentType)}</TableCell>
                <TableCell>{formatDate(row.dateOfAssessment)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, next) => onPage(next)}
        labelDisplayedRows={({ from, to, count }) => translate('cans.reports.pageOf', { from, to, total: count })}
      />
    </>
  );
};
