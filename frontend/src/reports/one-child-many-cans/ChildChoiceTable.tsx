/* Step 2 of One Child Many CANS, "Select one child": children with at least two approved assessments, 10 a page. */
import { useTranslate } from 'react-admin';
import { Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { formatDate } from '../../shared/format';
import type { ChildRow } from '../report-types';

export const ChildChoiceTable = ({
  rows,
  total,
  page,
  pageSize,
  onPage,
  chosen,
  onChoose,
}: {
  rows: ChildRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  chosen: ChildRow | null;
  onChoose: (row: ChildRow) => void;
}) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.manyCans.${key}`, options);
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  if (total === 0) return <Typography color="text.secondary">{text('noChildren')}</Typography>;
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {chosen ? text('chosenChild', { name: chosen.fullName, cin: chosen.cin }) : text('children', { count: total })}
      </Typography>
      <RadioGroup
        value={chosen?.id ?? ''}
        onChange={(event) => {
          const row = rows.find((r) => r.id === event.target.value);
          if (row) onChoose(row);
        }}
      >
        <ScrollRegion label={text('childrenRegion')}>
          <Table size="small" aria-label={text('childrenTitle')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">{translate('cans.reports.oneChild.select')}</TableCell>
                <TableCell>{cohort('cin')}</TableCell>
                <TableCell>{cohort('name')}</TableCell>
                <TableCell>{cohort('gender')}</TableCell>
                <TableCell>{cohort('agency')}</TableCell>
                <TableCell align="right">{text('assessmentCount')}</TableCell>
                <TableCell>{text('latest')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover selected={chosen?.id === row.id} onClick={() => onChoose(row)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Radio
                      value={row.id}
                      slotProps={{ input: { 'aria-label': text('selectChild', { name: row.fullName, cin: row.cin }) } }}
                    />
                  </TableCell>
                  <TableCell>{row.cin}</TableCell>
                  <TableCell>{row.fullName}</TableCell>
                  <TableCell>{row.gender ?? ''}</TableCell>
                  <TableCell>{row.agency ?? ''}</TableCell>
                  <TableCell align="right">{row.assessmentCount}</TableCell>
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
