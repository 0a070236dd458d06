import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { RichTextEditor } from '../../library/RichTextEditor';
import { usePrivilege } from '../../providers/usePrivilege';
import { useApiMutation, useRefreshApi } from '../../providers/useApi';
import { HelpDialogContent } from './HelpDialog';
import { helpPath, useHelp } from './useHelp';

/** The help editor, in place of the text (Customize_Manage). */
const HelpEditor = ({ pagePath, initial, onDone }: { pagePath: string; initial: string; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshApi();
  const [content, setContent] = useState(initial);
  const save = useApiMutation((send, value: string) => send<{ message: string }>('PUT', '/help', { path: pagePath, content: value }), {
    onSuccess: async (answer) => {
      notify(answer.message, { type: 'success' });
      await refresh(helpPath(pagePath));
      onDone();
    },
  });
  return (
    <>
      <DialogContent>
        <RichTextEditor id="help-content" label={translate('cans.administration.help.content')} value={content} onChange={setContent} />
        {save.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {Object.values(save.error.fieldErrors).join(' ') || save.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(content)}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </>
  );
};

/**
 * The app bar's Help (spec 002 §2 "/help shows a help dialog and does not navigate"): the help of the current page;
 * users with Customize_Manage edit it in place.
 */
export const HelpButton = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const canEdit = usePrivilege('Customize_Manage');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const help = useHelp(open ? pathname : null);
  const close = () => {
    setOpen(false);
    setEditing(false);
  };
  return (
    <>
      <Tooltip title={translate('cans.administration.help.open')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('cans.administration.help.open')}>
          <HelpOutlineOutlined />
        </IconButton>
      </Tooltip>
      {open && (
        <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="help-dialog-title">
          <DialogTitle id="help-dialog-title">{translate('cans.administration.help.title')}</DialogTitle>
          {editing && help.data ? (
            <HelpEditor pagePath={pathname} initial={help.data.content} onDone={() => setEditing(false)} />
          ) : (
            <>
              <HelpDialogContent help={help} />
              <DialogActions>
                {canEdit && help.data && <Button onClick={() => setEditing(true)}>{translate('ra.action.edit')}</Button>}
                <Button variant="contained" onClick={close}>
                  {translate('ra.action.close')}
                </Button>
              </DialogActions>
            </>
          )}
        </Dialog>
      )}
    </>
  );
};
