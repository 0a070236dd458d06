/*
 * The supervisor table (issue 13, as the California CANS application has it): per worker the caller supervises,
 * total children, in progress, pending approval, completed, reassessments due within 30 days, follow up and overdue
 * (the overdue screen's tabs and the home cards, one definition each); each number opens the assessment list with the
 * filter the server answered for it, so the list shows exactly those rows.
 */
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useApiQuery } from '../providers/useApi';
import { usePrivilege } from '../providers/usePrivilege';
import { formatDate } from '../shared/format';
import { ScrollRegion } from '../layout/ScrollRegion';
import { filteredListPath, type CaseloadColumn, type SupervisorCaseloads as Caseloads } from './dashboard-types';

const COLUMNS: CaseloadColumn[] = ['children', 'inProgress', 'pendingApproval', 'completed', 'dueSoon', 'followUp', 'overdue'];

/** The day after a 'yyyy-MM-dd' day: "due within 30 days" starts tomorrow (due today is Follow up). */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const SupervisorCaseloads = () => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.dashboard.supervisees.${key}`, options);
  const canView = usePrivilege('Assessment_View');
  const { data } = useApiQuery<Caseloads>(canView ? '/assessment-counts/supervisees' : null);
  if (!data || data.workers.length === 0) return null;
  const definitions = {
    followUp: translate('cans.assessments.home.followUpMeans', { days: data.overdueAfterDays }),
    overdue: translate('cans.assessments.home.overdueMeans', { days: data.overdueAfterDays }),
  };
  return (
    <Card component="section" aria-labelledby="home-supervisees-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="home-supervisees-title" variant="h6" component="h2">
          {text('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text('hint', { from: formatDate(nextDay(data.today)), to: formatDate(data.dueUntil) })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {definitions.followUp} {definitions.overdue}
        </Typography>
        <ScrollRegion label={text('region')}>
          <Table size="small" aria-labelledby="home-supervisees-title">
            <TableHead>
              <TableRow>
                <TableCell component="th">{text('worker')}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} component="th" align="right">
                    {column === 'followUp' || column === 'overdue' ? (
                      <Tooltip title={definitions[column]}>
                        <span>{text(column)}</span>
                      </Tooltip>
                    ) : (
                      text(column)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.workers.map((worker) => (
                <TableRow key={worker.id}>
                  <TableCell component="th" scope="row">
                    {worker.name}
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align="right">
                      <Link
                        component={RouterLink}
                        to={filteredListPath(worker.filters[column])}
                        aria-label={text('open', { count: worker[column], column: text(column), worker: worker.name })}
                        sx={{ fontWeight: 600, display: 'inline-block', minWidth: 24, py: 0.5 }}
                      >
                        {worker[column]}
                      </Link>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </CardContent>
    </Card>
  );
};
