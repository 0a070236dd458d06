/* CANS Preview (spec §2): the child and assessment read-only, with Cancel and Approve. */
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiQuery } from '../providers/useApi';
import { assessmentApiPath } from './assessment-paths';
import { SummaryContent } from './SummaryView';
import type { SummaryData } from './summary-types';

export const PreviewDialog = ({
  open,
  assessmentId,
  onCancel,
  onApprove,
}: {
  open: boolean;
  assessmentId: string;
  onCancel: () => void;
  onApprove: () => void;
}) => {
  const translate = useTranslate();
  // Read afresh each time it opens (gcTime 0): the supervisor approves what the assessment holds now.
  const { data, error } = useApiQuery<SummaryData>(open ? assessmentApiPath(assessmentId, 'summary') : null, { gcTime: 0, retry: false });
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="lg" fullWidth scroll="paper" aria-labelledby="preview-dialog-title">
      <DialogTitle id="preview-dialog-title">{translate('cans.assessments.preview.title')}</DialogTitle>
      {/* The content scrolls: focusable so it can be scrolled by keyboard (axe scrollable-region-focusable). */}
      <DialogContent dividers tabIndex={0} aria-label={translate('cans.assessments.preview.content')}>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <CircularProgress aria-label={translate('cans.assessments.preview.loading')} />}
        {data && <SummaryContent data={data} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="success" onClick={onApprove} disabled={!data}>
          {translate('cans.assessments.toolbar.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
