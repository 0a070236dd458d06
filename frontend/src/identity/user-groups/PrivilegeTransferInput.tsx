import { useState } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import {
  Box,
  Button,
  Checkbox,
  FormHelperText,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { useApiQuery } from '../../providers/useApi';
import type { PrivilegeOption } from '../identity-model';

const NO_PRIVILEGES: PrivilegeOption[] = [];

/** One side of the transfer: checkable privileges with their descriptions. */
const PrivilegeColumn = ({
  title,
  items,
  checked,
  onToggle,
}: {
  title: string;
  items: PrivilegeOption[];
  checked: Set<string>;
  onToggle: (id: string) => void;
}) => (
  <Paper variant="outlined" sx={{ flex: 1, minWidth: 240 }}>
    <Typography variant="subtitle2" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
      {title} ({items.length})
    </Typography>
    <List dense aria-label={title} sx={{ height: 300, overflow: 'auto' }}>
      {items.map((p) => {
        const inputId = `privilege-${title.replace(/\W+/g, '-')}-${p.id}`;
        return (
          <ListItem key={p.id} dense sx={{ py: 0, alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <Checkbox
                edge="start"
                size="small"
                checked={checked.has(p.id)}
                onChange={() => onToggle(p.id)}
                slotProps={{ input: { id: inputId, 'aria-label': p.id } }}
              />
            </ListItemIcon>
            <ListItemText
              primary={
                <label htmlFor={inputId} style={{ cursor: 'pointer' }}>
                  {p.id}
                </label>
              }
              secondary={p.description}
              slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
              sx={{ my: 0.75 }}
            />
          </ListItem>
        );
      })}
    </List>
  </Paper>
);

/** Spec §5: privileges through a two-list transfer, 'Access Privileges' and 'Selected'; the server requires one. */
export const PrivilegeTransferInput = ({ source = 'privileges' }: { source?: string }) => {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source, defaultValue: [] });
  const { data: all = NO_PRIVILEGES } = useApiQuery<PrivilegeOption[]>('/privileges');
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const available = all.filter((p) => !selected.includes(p.id));
  const chosen = all.filter((p) => selected.includes(p.id));
  const toggle = (id: string) =>
    setChecked((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const move = (ids: string[], add: boolean) => {
    field.onChange(add ? [...selected, ...ids] : selected.filter((id) => !ids.includes(id)));
    field.onBlur();
    setChecked((c) => new Set([...c].filter((id) => !ids.includes(id))));
  };
  const text = (key: string) => translate(`cans.identity.user_groups.privileges.${key}`);
  const availableTitle = text('available');
  const chosenTitle = text('selected');
  const showError = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted || fieldState.error.type === 'server');
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Typography variant="subtitle1" sx={{ mt: 2, mb: 1 }}>
        {text('heading')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <PrivilegeColumn title={availableTitle} items={available} checked={checked} onToggle={toggle} />
        <Stack spacing={1}>
          <Tooltip title={text('add_hint')}>
            <span>
              <Button
                variant="outlined"
                size="small"
                aria-label={text('add_label')}
                endIcon={<KeyboardArrowRight />}
                disabled={!available.some((p) => checked.has(p.id))}
                onClick={() =>
                  move(
                    available.filter((p) => checked.has(p.id)).map((p) => p.id),
                    true,
                  )
                }
              >
                {text('add')}
              </Button>
            </span>
          </Tooltip>
          <Tooltip title={text('remove_hint')}>
            <span>
              <Button
                variant="outlined"
                size="small"
                aria-label={text('remove_label')}
                startIcon={<KeyboardArrowLeft />}
                disabled={!chosen.some((p) => checked.has(p.id))}
                onClick={() =>
                  move(
                    chosen.filter((p) => checked.has(p.id)).map((p) => p.id),
                    false,
                  )
                }
              >
                {text('remove')}
              </Button>
            </span>
          </Tooltip>
        </Stack>
        <PrivilegeColumn title={chosenTitle} items={chosen} checked={checked} onToggle={toggle} />
      </Stack>
      <FormHelperText error={showError} role={showError ? 'alert' : undefined} sx={{ mx: 0 }}>
        {/* The server's message; ValidationError shows a message react-admin keeps serialised for translation as text. */}
        {showError && fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : text('hint')}
      </FormHelperText>
    </Box>
  );
};
