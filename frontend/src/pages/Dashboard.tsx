/*
 * The home dashboard (spec 001 §2 "Home dashboard", issue 13): the count cards with the period radio, the monthly
 * charts, the supervisor table, Recent Assessments, the report box and the mobile dialog (the System Notification is the layout's: every page).
 */
import { Title, useGetIdentity } from 'react-admin';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { AssessmentHomeLinks } from '../assessments/AssessmentHomeLinks';
import { usePrivilege } from '../providers/usePrivilege';
import { MonthlyCharts } from '../dashboard/MonthlyCharts';
import { SupervisorCaseloads } from '../dashboard/SupervisorCaseloads';
import { RecentAssessments } from '../dashboard/RecentAssessments';
import { ReportLinks } from '../dashboard/ReportLinks';
import { MobileAppButton } from '../mobile/MobileAppButton';

export const Dashboard = () => {
  const { identity } = useGetIdentity();
  const canView = usePrivilege('Assessment_View');
  return (
    <>
      <Title title="Home" />
      <Card sx={{ mt: 2, maxWidth: 760 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography component="h1" variant="h2" gutterBottom>
            {identity?.fullName ? `Welcome, ${identity.fullName}` : 'Welcome to CANS'}
          </Typography>
          <Typography variant="body1" color="text.secondary">
            Child and Adolescent Needs and Strengths assessments: your cases at a glance. Each count below opens the matching list.
          </Typography>
          <MobileAppButton />
        </CardContent>
      </Card>
      <AssessmentHomeLinks />
      {canView && <MonthlyCharts />}
      <SupervisorCaseloads />
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="flex-start" sx={{ mt: 3, mb: 3 }}>
        <RecentAssessments />
        <ReportLinks />
      </Stack>
    </>
  );
};
