import type { KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Stack, TextField } from '@mui/material';

/**
 * The inline rename of a table row (spec 002 §4 "A label row toggles between view and edit. Cancel restores the
 * previous display name"; the option lists alike): the name being typed, Ok (or Enter) to save, Cancel (or Escape)
 * to go back to the saved name. The row holds the draft and decides what Ok saves.
 */
export const InlineNameEdit = ({
  id,
  label,
  draft,
  onDraftChange,
  onOk,
  onCancel,
  error,
  pending,
  maxLength,
  whilePending,
}: {
  id: string;
  label: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  onOk: () => void;
  onCancel: () => void;
  error?: string;
  pending: boolean;
  maxLength: number;
  /** How the field waits for the save: read-only keeps the focus (and Escape with it), disabled greys it out. */
  whilePending: 'readOnly' | 'disabled';
}) => {
  const translate = useTranslate();
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onOk();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <Box>
      <TextField
        id={id}
        label={label}
        value={draft}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={keys}
        error={!!error}
        helperText={error}
        disabled={whilePending === 'disabled' && pending}
        autoFocus
        fullWidth
        size="small"
        margin="dense"
        slotProps={{ htmlInput: { maxLength, readOnly: whilePending === 'readOnly' && pending } }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="contained" onClick={onOk} disabled={pending}>
          {translate('cans.administration.inline_edit.ok')}
        </Button>
        <Button size="small" onClick={onCancel} disabled={pending}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Box>
  );
};
