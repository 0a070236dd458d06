import { Box } from '@mui/material';
import { sanitizeHtml } from '../../shared/sanitize-html';

/** Help text as HTML, sanitised in the page too (the server already did). */
export const HelpContent = ({ html }: { html: string }) => (
  <Box
    sx={{ '& p:first-of-type': { mt: 0 }, '& p': { mb: 1.5 }, overflowWrap: 'anywhere', typography: 'body2' }}
    dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
  />
);
