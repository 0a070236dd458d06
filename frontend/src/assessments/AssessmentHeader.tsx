/*
 * The editor's header: the page title with the child's name, the status and who changed it when, the toolbar; under
 * it the reasons of a return or close the worker should read. Sticky from 600 px up; on a phone it would take a third
 * of the screen, so there the questionnaire's domain row is what stays (DomainNavigator).
 */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Paper, Stack, Typography, useScrollTrigger } from '@mui/material';
import { formatDateTime } from '../shared/format';
import type { AssessmentView } from './assessment-types';
import { AssessmentStatusChip } from './AssessmentStatusChip';

export const AssessmentHeader = ({ title, view, toolbar }: { title: string; view: AssessmentView | null; toolbar: ReactNode }) => {
  const translate = useTranslate();
  const childName = view?.child ? `${view.child.firstName} ${view.child.lastName}`.trim() : '';
  // Right under react-admin's (dense) app bar while it shows, at the top once it has slid away (the same trigger).
  const appBarHidden = useScrollTrigger();
  return (
    <Paper
      variant="outlined"
      sx={{
        position: { xs: 'static', sm: 'sticky' },
        top: appBarHidden ? 0 : 48,
        transition: 'top 225ms',
        zIndex: 5,
        mt: 2,
        mb: 2,
        px: 2,
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography variant="h5" component="h1">
          {title}
          {childName && (
            <Typography component="span" variant="h5" color="text.secondary" sx={{ fontWeight: 400 }}>
              {' '}
              · {childName}
            </Typography>
          )}
        </Typography>
        {view && (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
            <AssessmentStatusChip code={view.statusCode} label={view.statusLabel} />
            <Typography variant="body2" color="text.secondary">
              {translate('cans.assessments.page.ownerLine', { owner: view.ownerName, at: formatDateTime(view.updatedAt) })}
              {view.includedInReports === false && view.statusCode === 'a' ? translate('cans.assessments.page.excludedFromReports') : ''}
            </Typography>
          </Stack>
        )}
      </Box>
      {toolbar}
    </Paper>
  );
};

/** Returned: the return reasons; Closed: the close reasons (spec 000 §2). */
export const ReasonsAlert = ({ view }: { view: AssessmentView | null }) => {
  const translate = useTranslate();
  const returned = view?.statusCode === 'r';
  const reasons = (view?.reasons ?? []).filter(
    (r) => (returned && r.kind === 'return') || (view?.statusCode === 'e' && r.kind === 'close'),
  );
  if (reasons.length === 0) return null;
  return (
    <Alert severity={returned ? 'warning' : 'info'} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {translate(returned ? 'cans.assessments.page.returnedComments' : 'cans.assessments.page.closeComments')}
      </Typography>
      {reasons.map((reason, index) => (
        <Typography key={index} variant="body2" sx={{ mt: 0.5 }}>
          {reason.reason}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            — {reason.byName}, {formatDateTime(reason.at)}
          </Typography>
        </Typography>
      ))}
    </Alert>
  );
};
