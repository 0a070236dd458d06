/* What a past view of an assessment (as it was, compared) shows before its answer: the server's refusal, or a spinner. */
import { Alert, Box, CircularProgress } from '@mui/material';
import type { ApiError } from '../../providers/api-error';
import { AssessmentTabs } from '../AssessmentTabs';

export const PastViewPending = ({ id, error, label }: { id: string; error: ApiError | null; label: string }) =>
  error ? (
    <Box sx={{ mt: 2 }}>
      <AssessmentTabs id={id} current="history" />
      <Alert severity="error" sx={{ mt: 2 }}>
        {error.message}
      </Alert>
    </Box>
  ) : (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
