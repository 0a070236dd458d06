import { Title, useGetIdentity } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import { AssessmentHomeLinks } from '../assessments/AssessmentHomeLinks';

export const Dashboard = () => {
  const { identity } = useGetIdentity();
  return (
    <>
      <Title title="Home" />
      <Card sx={{ mt: 2, maxWidth: 760 }}>
        <CardContent sx={{ p: 3 }}>
          <Typography component="h1" variant="h2" gutterBottom>
            {identity?.fullName ? `Welcome, ${identity.fullName}` : 'Welcome to CANS'}
          </Typography>
          <Typography variant="body1" color="text.secondary">
            This is the home of the Child and Adolescent Needs and Strengths platform. Assessments, reports and
            administration will arrive here as they become available.
          </Typography>
        </CardContent>
      </Card>
      <AssessmentHomeLinks />
    </>
  );
};
