/* CANS Preview (spec §2): the child and assessment read-only, with Cancel and Approve. */
import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { apiGet, errorMessage } from './api';
import { SummaryContent, type SummaryData } from './SummaryView';

export const PreviewDialog = ({ open, assessmentId, onCancel, onApprove }: { open: boolean; assessmentId: string; onCancel: () => void; onApprove: () => void }) => {
  const [data, setData] = useState<SummaryData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setData(null);
    setError(null);
    apiGet<SummaryData>(`/assessments/${encodeURIComponent(assessmentId)}/summary`)
      .then(setData)
      .catch((e) => setError(errorMessage(e)));
  }, [open, assessmentId]);
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="lg" fullWidth scroll="paper" aria-labelledby="preview-dialog-title">
      <DialogTitle id="preview-dialog-title">CANS Preview</DialogTitle>
      {/* The content scrolls: focusable so it can be scrolled by keyboard (axe scrollable-region-focusable). */}
      <DialogContent dividers tabIndex={0} aria-label="CANS Preview content">
        {error && <Alert severity="error">{error}</Alert>}
        {!data && !error && <CircularProgress aria-label="Loading preview" />}
        {data && <SummaryContent data={data} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color="success" onClick={onApprove} disabled={!data}>
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
};
