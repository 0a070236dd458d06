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
            Child and Adolescent Needs and Strengths assessments: your cases at a glance. Each count below opens the matching list.
          </Typography>
        </CardContent>
      </Card>
      <AssessmentHomeLinks />
    </>
  );
};
