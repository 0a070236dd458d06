/*
 * System Notification (spec 001 §2, spec 002 "Notification editor"), drawn by the layout on every page: on the first
 * load of a session, when the notification has content, a dialog shows it once, wherever the user lands;
 * sessionStorage remembers that the session's first load has been served until the tab closes.
 */
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { sanitizeHtml } from '../../shared/sanitize-html';

const SHOWN_KEY = 'cans.systemNotification.shown';

const alreadyShown = () => {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false; // storage blocked: show it (once per page load)
  }
};

export const SystemNotificationDialog = () => {
  const translate = useTranslate();
  const [pending] = useState(() => !alreadyShown());
  const [closed, setClosed] = useState(false);
  const { data } = useApiQuery<{ content: string | null }>(pending ? '/system-notification' : null, { staleTime: Infinity });
  // Decided by the session's first answer: a notification saved later (the administrator's own save refreshes this
  // query) waits for the next session instead of opening over the page someone is working on.
  const [firstAnswer, setFirstAnswer] = useState<{ content: string | null } | null>(null);
  if (data && firstAnswer === null) setFirstAnswer(data);
  const content = firstAnswer?.content?.trim() ? sanitizeHtml(firstAnswer.content) : '';
  const open = pending && !closed && content !== '';
  useEffect(() => {
    if (firstAnswer === null) return;
    try {
      sessionStorage.setItem(SHOWN_KEY, '1');
    } catch {
      // storage blocked: nothing to remember
    }
  }, [firstAnswer]);
  return (
    <Dialog open={open} onClose={() => setClosed(true)} maxWidth="sm" fullWidth aria-labelledby="system-notification-title">
      <DialogTitle id="system-notification-title">{translate('cans.dashboard.notification.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ '& p:first-of-type': { mt: 0 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: content }} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={() => setClosed(true)} autoFocus>
          {translate('cans.dashboard.notification.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
