import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { PublicFrame } from '../identity/public/PublicFrame';

/** Spec 002 §2: the help panel, reachable without signing in (/help). */
export const HelpPage = () => (
  <PublicFrame title="Help" icon={<HelpOutlineOutlined fontSize="small" />} width={640}>
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        Signing in
      </Typography>
      <Typography variant="body2">
        Sign in with your username, email or phone number and your password, then confirm the 6-digit code sent to your email or phone.
        Forgot your password?{' '}
        <Link component={RouterLink} to="/resetPassword">
          Reset it here
        </Link>
        .
      </Typography>
      <Typography component="h2" variant="h6">
        Assessments
      </Typography>
      <Typography variant="body2">
        Assessments lists your cases; New Assessment starts one. Rate each question with one of the answers it offers, add a comment where
        needed, then Complete sends the assessment to your supervisor for approval.
      </Typography>
      <Typography component="h2" variant="h6">
        Need more help?
      </Typography>
      <Typography variant="body2">Please contact your supervisor or your system administrator.</Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="outlined">
          Back to home
        </Button>
      </Box>
    </Stack>
  </PublicFrame>
);
