import { useTranslate } from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { EmailTemplatePreview } from './email-template-types';

/**
 * The mail as it would be sent, with sample values: the subject, the HTML in a sandboxed frame (no script, no
 * navigation, no access to the page) and the plain-text part.
 */
export const EmailTemplatePreviewDialog = ({ preview, onClose }: { preview: EmailTemplatePreview; onClose: () => void }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.administration.email_templates.${key}`);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const page =
    '<!doctype html><html><head><meta charset="utf-8"><style>' +
    'body{font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f;margin:12px;overflow-wrap:anywhere}' +
    `</style></head><body>${preview.html}</body></html>`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="email-template-preview-title">
      <DialogTitle id="email-template-preview-title">{text('preview_title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="caption" color="text.secondary" component="p">
          {text('preview_subject')}
        </Typography>
        <Typography id="email-template-preview-subject" sx={{ fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }}>
          {preview.subject}
        </Typography>
        <Box
          component="iframe"
          title={text('preview_html')}
          // An opaque origin: the mail cannot reach the page, its cookies or the API. Scripts are allowed only so
          // accessibility checkers can look inside; the mail has none (sanitised on the server, and the page's
          // Content Security Policy, which the frame inherits, forbids inline script).
          sandbox="allow-scripts"
          srcDoc={page}
          sx={{ width: '100%', height: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
        />
        <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
          {text('preview_text')}
        </Typography>
        <Box
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2', fontFamily: 'monospace', m: 0, mt: 0.5 }}
        >
          {preview.text}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
