/* The report box (spec 001 §2 "Report box linking to the four reports", §6: it needs Report_Assessment). */
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { routeOf } from '../providers/route-access';
import { usePrivilege } from '../providers/usePrivilege';

/** Spec 001 §2 "Report routes". */
export const REPORT_LINKS = [
  { path: '/report/oneChildOneCANS', key: 'oneChildOneCans' },
  { path: '/report/manyChildOneCANS', key: 'manyChildOneCans' },
  { path: '/report/oneChildManyCANS', key: 'oneChildManyCans' },
  { path: '/report/manyChildManyCANS', key: 'manyChildManyCans' },
] as const;

/** Only the reports whose pages the app has: a link never leads to the 404 page (the wizards come one by one). */
const AVAILABLE_REPORTS = REPORT_LINKS.filter((report) => routeOf(report.path) !== undefined);

/** The home page's box (an h2 among the home cards), or the whole of the /report page (its h1). */
export const ReportLinks = ({ heading = 'h2' }: { heading?: 'h1' | 'h2' }) => {
  const translate = useTranslate();
  const canReport = usePrivilege('Report_Assessment');
  if (!canReport || AVAILABLE_REPORTS.length === 0) return null;
  return (
    <Card component="nav" aria-labelledby="home-reports-title" sx={{ flex: '1 1 260px', minWidth: 0 }}>
      <CardContent>
        <Typography id="home-reports-title" variant="h6" component={heading}>
          {translate('cans.dashboard.reports.title')}
        </Typography>
        <List dense>
          {AVAILABLE_REPORTS.map((report) => (
            <ListItem key={report.path} disablePadding>
              <ListItemButton component={RouterLink} to={report.path}>
                <ListItemText primary={translate(`cans.dashboard.reports.${report.key}`)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};
