import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HelpContent } from './HelpContent';
import { useHelp } from './useHelp';

/** The help being read: loading, its error, or its text (both help dialogs show it so). */
export const HelpDialogContent = ({ help }: { help: ReturnType<typeof useHelp> }) => {
  const translate = useTranslate();
  return (
    <DialogContent>
      {help.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {help.error && <Alert severity="error">{help.error.message}</Alert>}
      {help.data && <HelpContent html={help.data.content} />}
    </DialogContent>
  );
};

/**
 * The help of a page, to read, in a dialog over that page (spec 002 §2 "/help shows a help dialog and does not
 * navigate"): the sign-in page's Help and a visit to /help open it; signed-in users have the app bar's HelpButton.
 */
export const HelpDialog = ({ pagePath, onClose }: { pagePath: string; onClose: () => void }) => {
  const translate = useTranslate();
  const help = useHelp(pagePath);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="help-dialog-title">
      <DialogTitle id="help-dialog-title">{translate('cans.administration.help.title')}</DialogTitle>
      <HelpDialogContent help={help} />
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
