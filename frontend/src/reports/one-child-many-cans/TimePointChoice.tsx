/*
 * Step 3 of One Child Many CANS, "Choose time-points assessment(s)": the child's approved assessments in date order
 * with their time-point labels (page size 100, spec 001 §9), each chosen with a checkbox.
 */
import { useTranslate } from 'react-admin';
import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { formatDate } from '../../shared/format';
import type { TimePointRow } from '../report-types';
import { useAssessmentTypeName } from '../useReportApi';
import { useReportLabels } from '../useReportLabels';

export const TimePointChoice = ({
  rows,
  chosen,
  onChange,
}: {
  rows: TimePointRow[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) => {
  const translate = useTranslate();
  const typeName = useAssessmentTypeName();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.manyCans.${key}`, options);
  const cohort = (key: string) => translate(`cans.reports.cohort.${key}`);
  const labels = useReportLabels();
  const assessor = labels.shown('Assessor');
  const all = rows.length > 0 && rows.every((r) => chosen.includes(r.id));
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  if (rows.length === 0) return <Typography color="text.secondary">{text('noTimePoints')}</Typography>;
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {text('chosenTimePoints', { count: chosen.length, total: rows.length })}
      </Typography>
      <ScrollRegion label={text('timePointsRegion')}>
        <Table size="small" aria-label={text('timePointsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={chosen.length > 0 && !all}
                  onChange={() => onChange(all ? [] : rows.map((r) => r.id))}
                  slotProps={{ input: { 'aria-label': text('chooseAllTimePoints') } }}
                />
              </TableCell>
              <TableCell>{text('timePoint')}</TableCell>
              <TableCell>{labels.name('DateOfAssessment', cohort('dateOfAssessment'))}</TableCell>
              <TableCell>{labels.name('INITIALIZED', cohort('type'))}</TableCell>
              {assessor && <TableCell>{labels.name('Assessor', cohort('assessor'))}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover selected={chosen.includes(row.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={chosen.includes(row.id)}
                    onChange={() => toggle(row.id)}
                    slotProps={{
                      input: { 'aria-label': text('chooseTimePoint', { label: row.timePoint, date: formatDate(row.dateOfAssessment) }) },
                    }}
                  />
                </TableCell>
                <TableCell>{row.timePoint}</TableCell>
                <TableCell>{formatDate(row.dateOfAssessment)}</TableCell>
                <TableCell>{typeName(row.initialized)}</TableCell>
                {assessor && <TableCell>{row.assessorName}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </>
  );
};
