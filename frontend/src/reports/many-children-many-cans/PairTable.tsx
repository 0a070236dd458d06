/*
 * Step 2 of Many Children Many CANS, "Show Assessment(s)": the children with two or more approved assessments in
 * the filter, with the dates of the first and last one the report compares (20 a page, spec 001 §9).
 */
import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { formatDate } from '../../shared/format';
import type { PairRow } from '../report-types';
import { useAssessmentTypeName } from '../useReportApi';

export const PairTable = ({
  rows,
  total,
  page,
  pageSize,
  onPage,
}: {
  rows: PairRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.pairs.${key}`, options);
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  if (total === 0) return <Typography color="text.secondary">{translate('cans.reports.manyCans.noChildren')}</Typography>;
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {translate('cans.reports.manyCans.children', { count: total })}
      </Typography>
      <ScrollRegion label={text('region')}>
        <Table size="small" aria-label={text('title')}>
          <TableHead>
            <TableRow>
              <TableCell>{cohort('cin')}</TableCell>
              <TableCell>{cohort('name')}</TableCell>
              <TableCell>{cohort('assessor')}</TableCell>
              <TableCell>{cohort('agency')}</TableCell>
              <TableCell>{cohort('type')}</TableCell>
              <TableCell align="right">{translate('cans.reports.manyCans.assessmentCount')}</TableCell>
              <TableCell>{text('first')}</TableCell>
              <TableCell>{text('last')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.cin}</TableCell>
                <TableCell>{row.fullName}</TableCell>
                <TableCell>{row.assessorName}</TableCell>
                <TableCell>{row.agency ?? ''}</TableCell>
                <TableCell>{typeName(row.assessmentType)}</TableCell>
                <TableCell align="right">{row.assessmentCount}</TableCell>
                <TableCell>{formatDate(row.firstDateOfAssessment)}</TableCell>
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
