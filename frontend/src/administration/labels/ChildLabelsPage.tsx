import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { InlineNameEdit } from '../InlineNameEdit';
import { useChildLabels, useSaveChildLabel, type ChildLabelRow } from './useChildLabels';

const t = (key: string) => `cans.administration.child_labels.${key}`;

/** Long field names (DAYSOFNEXTASSESSMENT) and display names wrap inside their cell: the table never scrolls sideways. */
const wrapping = { overflowWrap: 'anywhere', verticalAlign: 'top' } as const;

/**
 * Child Info Label Configuration (spec 002 §2, route /setting/label, privilege Label_Config): Field Name, Display Name
 * (inline edit with Ok and Cancel; Cancel restores the previous name) and an Enabled switch, locked on for the fields
 * the child form requires. Each change is saved at once; the server says whether it was.
 */
export const ChildLabelsPage = () => {
  const translate = useTranslate();
  const labels = useChildLabels();
  return (
    <>
      <Title title={translate(t('title'))} />
      <Card sx={{ mt: 2, maxWidth: 960 }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Typography component="h1" variant="h2" gutterBottom>
            {translate(t('title'))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(t('hint'))}
          </Typography>
          {labels.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
          {labels.error && <Alert severity="error">{labels.error.message}</Alert>}
          {labels.data && (
            <Table size="small" sx={{ tableLayout: 'fixed', width: '100%' }} aria-label={translate(t('title'))}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '34%', fontWeight: 600 }}>{translate(t('field_name'))}</TableCell>
                  <TableCell sx={{ width: '42%', fontWeight: 600 }}>{translate(t('display_name'))}</TableCell>
                  <TableCell sx={{ width: '24%', fontWeight: 600 }}>{translate(t('enabled'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {labels.data.map((row) => (
                  <LabelRow key={row.fieldName} row={row} />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
};

/** One label: view ↔ edit of its display name, and its switch. */
const LabelRow = ({ row }: { row: ChildLabelRow }) => {
  const translate = useTranslate();
  // null: viewing; text: the name being typed.
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSaveChildLabel({ onSaved: () => setDraft(null) });
  // Cancel: back to the name as saved, and the refusal of a name that was not saved goes too.
  const close = () => {
    setDraft(null);
    save.reset();
  };
  const fieldError = save.error?.fieldErrors.displayName;
  const lockedId = `label-${row.fieldName}-locked`;
  const inputId = `label-${row.fieldName}-display-name`;

  const ok = () => draft !== null && save.mutate({ fieldName: row.fieldName, displayName: draft, status: row.status });

  return (
    <TableRow>
      <TableCell sx={wrapping}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.fieldName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(t('default_name'), { name: row.defaultDisplayName })}
        </Typography>
      </TableCell>
      <TableCell sx={wrapping}>
        {draft === null ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flex: '1 1 6rem', minWidth: 0 }}>
              {row.displayName}
            </Typography>
            <Button
              size="small"
              startIcon={<EditOutlined />}
              onClick={() => setDraft(row.displayName)}
              aria-label={translate(t('edit_one'), { name: row.fieldName })}
              sx={{ minWidth: 0 }}
            >
              {translate('ra.action.edit')}
            </Button>
          </Stack>
        ) : (
          <InlineNameEdit
            id={inputId}
            label={translate(t('display_name'))}
            draft={draft}
            onDraftChange={setDraft}
            onOk={ok}
            onCancel={close}
            error={fieldError}
            pending={save.isPending}
            maxLength={1000}
            whilePending="readOnly"
          />
        )}
      </TableCell>
      {/* Whole words here: the caption's words are short enough for the narrow column. */}
      <TableCell sx={{ verticalAlign: 'top' }}>
        <EnabledSwitch row={row} describedBy={row.necessary ? lockedId : undefined} />
        {row.necessary && (
          <Typography id={lockedId} variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LockOutlined sx={{ fontSize: 14 }} aria-hidden />
            {translate(t('locked'))}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
};

/** Saves the row's status at once, with the name as saved (a name being edited is not saved by the switch). */
const EnabledSwitch = ({ row, describedBy }: { row: ChildLabelRow; describedBy?: string }) => {
  const translate = useTranslate();
  const save = useSaveChildLabel();
  return (
    <Switch
      checked={row.status === 1}
      disabled={row.necessary || save.isPending}
      onChange={(event) => save.mutate({ fieldName: row.fieldName, displayName: row.displayName, status: event.target.checked ? 1 : 0 })}
      slotProps={{
        input: {
          role: 'switch',
          'aria-label': translate(t('enabled_one'), { name: row.fieldName }),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      }}
    />
  );
};
