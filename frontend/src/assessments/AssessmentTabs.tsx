/*
 * The assessment's two pages as tabs: the assessment itself (the editor, read-only where the server says so) and its
 * history (every change, who saw it, the assessment as it was). Tabs are links, so each page has its own address.
 */
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { assessmentPaths } from './assessment-paths';

export const AssessmentTabs = ({ id, current }: { id: string; current: 'assessment' | 'history' }) => {
  const translate = useTranslate();
  return (
    <Tabs value={current} aria-label={translate('cans.assessments.tabs.label')} sx={{ mt: 1, minHeight: 40 }}>
      <Tab
        value="assessment"
        label={translate('cans.assessments.tabs.assessment')}
        component={RouterLink}
        to={assessmentPaths.edit(id)}
        sx={{ minHeight: 40 }}
      />
      <Tab
        value="history"
        label={translate('cans.assessments.tabs.history')}
        component={RouterLink}
        to={assessmentPaths.history(id)}
        sx={{ minHeight: 40 }}
      />
    </Tabs>
  );
};
