/* A message the user acknowledges with OK: a guard of the page, or a refusal of the server with what it lists. */
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import type { SystemMessage } from './useEditorDialogs';

export const SystemMessageDialog = ({ message, onClose }: { message: SystemMessage | null; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={message !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="system-message-title">
      <DialogTitle id="system-message-title">{message?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message?.text}</DialogContentText>
        {message?.items && message.items.length > 0 && (
          <List dense>
            {message.items.map((item) => (
              <ListItem key={item} disableGutters>
                <ListItemText primary={item} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('cans.assessments.dialogs.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
