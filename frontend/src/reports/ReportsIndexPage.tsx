/*
 * /report (spec 002: the sidebar's Reports entry for Report_Assessment): the four report wizards, as the home page's
 * report box lists them, on a page of their own.
 */
import { Title, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { ReportLinks } from '../dashboard/ReportLinks';

export const ReportsIndexPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={translate('cans.reports.index.title')} />
      <ReportLinks heading="h1" />
    </Box>
  );
};
