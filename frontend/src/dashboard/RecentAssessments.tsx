/*
 * Recent Assessments (spec 001 §2, §9: page size 10; §6: it needs Assessment_View): the ten assessments the user may
 * see that were modified last, from the assessment list API; a row (or its PID link) opens the assessment.
 */
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Card, CardContent, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { usePrivilege } from '../providers/usePrivilege';
import { formatDate } from '../shared/format';
import { ScrollRegion } from '../layout/ScrollRegion';
import { AssessmentStatusChip } from '../assessments/AssessmentStatusChip';
import { assessmentPaths } from '../assessments/assessment-paths';
import type { AssessmentRow } from '../assessments/assessment-types';
import { labelByKey, labelOf, useAssessmentOptions } from '../assessments/child-fields';

export const RECENT_PAGE_SIZE = 10;

const openPath = (row: AssessmentRow) => (row.actions?.edit ? assessmentPaths.edit(row.id) : assessmentPaths.view(row.id));

export const RecentAssessments = () => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.dashboard.recent.${key}`, options);
  const canView = usePrivilege('Assessment_View');
  const navigate = useNavigate();
  // The label configuration names the PID, assessor and date columns, and may hide the assessor.
  const options = useAssessmentOptions();
  const assessor = labelByKey(options, 'Assessor', text('assessor'));
  const headers: Record<string, string> = {
    cin: labelOf(options, 'cin').label,
    assessor: assessor.label,
    dateOfAssessment: labelOf(options, 'dateOfAssessment').label,
  };
  const columns = ['cin', 'fullName', 'assessor', 'dateOfAssessment', 'updatedAt', 'status'].filter(
    (c) => c !== 'assessor' || assessor.visible,
  );
  const { data, isPending } = useGetList<AssessmentRow>(
    'assessments',
    { pagination: { page: 1, perPage: RECENT_PAGE_SIZE }, sort: { field: 'lud', order: 'DESC' } },
    { enabled: canView },
  );
  if (!canView) return null;
  return (
    <Card component="section" aria-labelledby="home-recent-title" sx={{ flex: '3 1 480px', minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" gap={1}>
          <Typography id="home-recent-title" variant="h6" component="h2">
            {text('title')}
          </Typography>
          <Button component={RouterLink} to={assessmentPaths.list} size="small">
            {text('viewAll')}
          </Button>
        </Stack>
        {!isPending && (data ?? []).length === 0 ? (
          <Typography color="text.secondary">{text('empty')}</Typography>
        ) : (
          <ScrollRegion label={text('region')}>
            <Table size="small" aria-labelledby="home-recent-title">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column} component="th">
                      {headers[column] ?? text(column)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(data ?? []).map((row) => (
                  <TableRow key={row.id} hover onClick={() => navigate(openPath(row))} sx={{ cursor: 'pointer' }}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Link
                        component={RouterLink}
                        to={openPath(row)}
                        aria-label={`${row.cin} ${text('open', { name: row.fullName })}`}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {row.cin}
                      </Link>
                    </TableCell>
                    <TableCell>{row.fullName}</TableCell>
                    {assessor.visible && <TableCell>{row.ownerName}</TableCell>}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dateOfAssessment)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.updatedAt)}</TableCell>
                    <TableCell>
                      <AssessmentStatusChip code={row.statusCode} label={row.statusLabel} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
};
