/*
 * Step 2 of One Child One CANS, "Select one child": the assessments of the filter, 10 a page (spec 001 §9), one
 * chosen with a radio button (arrow keys move the choice within the page, as radio groups do).
 */
import { useTranslate } from 'react-admin';
import { Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { useAssessmentTypeName } from '../useReportApi';
import { formatDate } from '../../shared/format';
import type { CohortRow } from '../report-types';

export const CaseChoiceTable = ({
  rows,
  total,
  page,
  pageSize,
  onPage,
  chosen,
  onChoose,
}: {
  rows: CohortRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  chosen: CohortRow | null;
  onChoose: (row: CohortRow) => void;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const cohort = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.cohort.${key}`, options);
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.oneChild.${key}`, options);
  if (total === 0) return <Typography color="text.secondary">{cohort('empty')}</Typography>;
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {chosen
          ? text('chosen', { name: chosen.fullName, cin: chosen.cin, date: formatDate(chosen.dateOfAssessment) })
          : cohort('totalShort', { count: total })}
      </Typography>
      <RadioGroup
        value={chosen?.id ?? ''}
        onChange={(event) => {
          const row = rows.find((r) => r.id === event.target.value);
          if (row) onChoose(row);
        }}
      >
        <ScrollRegion label={text('region')}>
          <Table size="small" aria-label={text('listTitle')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">{text('select')}</TableCell>
                <TableCell>{cohort('cin')}</TableCell>
                <TableCell>{cohort('name')}</TableCell>
                <TableCell>{cohort('assessor')}</TableCell>
                <TableCell>{cohort('agency')}</TableCell>
                <TableCell>{cohort('type')}</TableCell>
                <TableCell>{cohort('dateOfAssessment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover selected={chosen?.id === row.id} onClick={() => onChoose(row)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Radio
                      value={row.id}
                      slotProps={{
                        input: {
                          'aria-label': text('selectCase', { name: row.fullName, cin: row.cin, date: formatDate(row.dateOfAssessment) }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>{row.cin}</TableCell>
                  <TableCell>{row.fullName}</TableCell>
                  <TableCell>{row.assessorName}</TableCell>
                  <TableCell>{row.agency ?? ''}</TableCell>
                  <TableCell>{typeName(row.assessmentType)}</TableCell>
                  <TableCell>{formatDate(row.dateOfAssessment)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </RadioGroup>
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
