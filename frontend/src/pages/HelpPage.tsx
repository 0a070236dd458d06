import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { PublicFrame } from '../identity/public/PublicFrame';
import { HelpContent } from '../administration/help/HelpContent';
import { useHelp } from '../administration/help/useHelp';

/**
 * Spec 002 §2: the help panel, reachable without signing in (/help?path=…: the help of that page; the sign-in
 * page's by default). Signed-in users open the help of the page they are on from the app bar instead.
 */
export const HelpPage = () => {
  const [params] = useSearchParams();
  const help = useHelp(params.get('path') || '/login');
  return (
    <PublicFrame title="Help" icon={<HelpOutlineOutlined fontSize="small" />} width={640}>
      <Stack spacing={2}>
        {help.isPending && <CircularProgress size={24} aria-label="Loading help" />}
        {help.error && <Alert severity="error">{help.error.message}</Alert>}
        {help.data && <HelpContent html={help.data.content} />}
        <Box>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to home
          </Button>
        </Box>
      </Stack>
    </PublicFrame>
  );
};
