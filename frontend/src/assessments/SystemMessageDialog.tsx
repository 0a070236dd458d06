/* A message the user acknowledges with OK: a guard of the page, or a refusal of the server with what it lists. */
import { useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { SystemMessage, SystemMessageItem } from './useEditorDialogs';

const itemOf = (item: string | SystemMessageItem): SystemMessageItem => (typeof item === 'string' ? { text: item } : item);

export const SystemMessageDialog = ({ message, onClose }: { message: SystemMessage | null; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={message !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="system-message-title">
      <DialogTitle id="system-message-title">{message?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message?.text}</DialogContentText>
        {message?.items && message.items.length > 0 && (
          <List dense>
            {message.items.map(itemOf).map(({ text, onSelect }) => (
              <ListItem key={text} disableGutters>
                <ListItemText
                  primary={
                    onSelect ? (
                      // A link-looking button: it opens what the line names and closes the message.
                      <Link
                        component="button"
                        type="button"
                        variant="body2"
                        sx={{ textAlign: 'left' }}
                        onClick={() => {
                          onClose();
                          onSelect();
                        }}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )
                  }
                />
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
