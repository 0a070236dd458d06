/* Share Assessment To: sibling users with select-all (spec §2). */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
} from '@mui/material';
import { useApiMutation, useApiQuery } from '../providers/useApi';
import type { AssessmentView, SiblingUserOptions } from './assessment-types';
import { assessmentApiPath } from './assessment-paths';
import { keptSharesOf, siblingUsersOf, userName } from './sibling-users';

export const ShareDialog = ({
  assessmentId,
  open,
  onClose,
  onShared,
}: {
  assessmentId: string;
  open: boolean;
  onClose: () => void;
  onShared: (view: AssessmentView | null) => void;
}) => {
  const translate = useTranslate();
  const options = useApiQuery<SiblingUserOptions>(open ? assessmentApiPath(assessmentId, 'share-options') : null);
  const current = useApiQuery<AssessmentView>(open ? assessmentApiPath(assessmentId) : null);
  // What the user ticked; until then, who the assessment is shared with now.
  const [picked, setPicked] = useState<string[] | null>(null);
  const share = useApiMutation<string[], AssessmentView | null>(async (send, userIds) => {
    // Against the latest revision: sharing changes who may see the assessment, never what it holds.
    const latest = await send<AssessmentView>('GET', assessmentApiPath(assessmentId));
    return send<AssessmentView | null>('POST', assessmentApiPath(assessmentId, 'share'), { userIds, revision: latest.revision });
  });

  const users = siblingUsersOf(options.data);
  const kept = keptSharesOf(options.data);
  const selected = picked ?? current.data?.sharedWith ?? [];
  const error = options.error ?? current.error ?? share.error;
  const all = users !== null && users.length > 0 && users.every((u) => selected.includes(u.id));
  const toggle = (id: string) => {
    if (kept.includes(id)) return;
    setPicked(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  };
  const toggleAll = () =>
    setPicked(all ? selected.filter((id) => kept.includes(id)) : [...new Set([...selected, ...(users ?? []).map((u) => u.id)])]);
  const close = () => {
    setPicked(null);
    share.reset();
    onClose();
  };
  const save = () =>
    share.mutate(selected, {
      onSuccess: (updated) => {
        setPicked(null);
        onShared(updated);
      },
    });

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">{translate('cans.assessments.share.title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        {users === null && !error && <CircularProgress size={24} aria-label={translate('cans.assessments.share.loading')} />}
        {users !== null && users.length === 0 && <DialogContentText>{translate('cans.assessments.share.nobody')}</DialogContentText>}
        {users !== null && users.length > 0 && (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  checked={all}
                  indeterminate={!all && selected.length > 0}
                  // MUI marks the mixed state with aria-checked="mixed"; the native input must agree (axe).
                  inputRef={(input: HTMLInputElement | null) => {
                    if (input) input.indeterminate = !all && selected.length > 0;
                  }}
                  onChange={toggleAll}
                />
              }
              label={translate('cans.assessments.share.selectAll')}
            />
            <List dense disablePadding>
              {users.map((user) => (
                <ListItem key={user.id} disablePadding sx={{ pl: 2 }}>
                  <FormControlLabel
                    control={
                      <Checkbox checked={selected.includes(user.id)} disabled={kept.includes(user.id)} onChange={() => toggle(user.id)} />
                    }
                    label={userName(user)}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={share.isPending || users === null}>
          {translate('cans.assessments.share.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
