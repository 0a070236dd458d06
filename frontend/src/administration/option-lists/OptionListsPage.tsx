import { useState, type FormEvent } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { visuallyHidden } from '../../shared/visually-hidden';
import { InlineNameEdit } from '../InlineNameEdit';
import { useOptionChange, useOptionLists, type OptionItem, type OptionList } from './useOptionLists';

const t = (key: string) => `cans.administration.option_lists.${key}`;
/** As the server allows (OPTION_VALUE_MAX_LENGTH). */
const NAME_MAX_LENGTH = 200;
/** Ids of the defaults are their names ('Emergency protection order'): they wrap inside their cell. */
const wrapping = { overflowWrap: 'anywhere', verticalAlign: 'top' } as const;

/**
 * Option value lists (spec 002 §2, route /setting/optionValue, privilege Label_Config): Initialized and Foster Care
 * Status, each a list of items (id, name) with Add, inline rename (Ok / Cancel) and Delete. The server decides and
 * says why an option stays (assessments use it, or it is the last one).
 */
export const OptionListsPage = () => {
  const translate = useTranslate();
  const lists = useOptionLists();
  return (
    <>
      <Title title={translate(t('title'))} />
      <Box sx={{ mt: 2, maxWidth: 1200 }}>
        <Typography component="h1" variant="h2" gutterBottom>
          {translate(t('title'))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(t('hint'))}
        </Typography>
        {lists.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
        {lists.error && <Alert severity="error">{lists.error.message}</Alert>}
        {lists.data && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            {lists.data.map((list) => (
              <OptionListCard key={list.key} list={list} />
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
};

/** One list: its items, the add field, and the delete confirmation with the server's refusal. */
const OptionListCard = ({ list }: { list: OptionList }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<OptionItem | null>(null);
  const add = useOptionChange(list.key, {
    onDone: (answer) => {
      notify(answer.message, { type: 'success' });
      setNewName('');
    },
  });
  const remove = useOptionChange(list.key, { onDone: (answer) => notify(answer.message, { type: 'success' }) });
  const headingId = `option-list-${list.key}-title`;
  const addError = add.error?.fieldErrors.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    add.mutate({ kind: 'add', name: newName });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    add.reset();
    remove.mutate({ kind: 'delete', id: deleting.id }, { onSettled: () => setDeleting(null) });
  };

  return (
    <Card sx={{ flex: 1, minWidth: 0 }} component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {list.title}
        </Typography>
        <Table size="small" sx={{ tableLayout: 'fixed', width: '100%' }} aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '28%', fontWeight: 600 }}>{translate(t('id'))}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{translate(t('name'))}</TableCell>
              <TableCell sx={{ width: '6.5rem', fontWeight: 600 }}>
                <Box component="span" sx={visuallyHidden}>
                  {translate(t('actions'))}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((item) => (
              <OptionRow key={item.id} list={list.key} item={item} onDelete={() => setDeleting(item)} />
            ))}
          </TableBody>
        </Table>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => remove.reset()}>
            {remove.error.message}
          </Alert>
        )}
        {add.error && !addError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {add.error.message}
          </Alert>
        )}
        <Stack
          component="form"
          onSubmit={submit}
          noValidate
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            id={`option-list-${list.key}-new`}
            label={translate(t('new_option'), { list: list.title })}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            error={!!addError}
            helperText={addError}
            disabled={add.isPending}
            required
            fullWidth
            size="small"
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
          <Box>
            <Button type="submit" variant="contained" startIcon={<AddOutlined />} disabled={add.isPending} sx={{ whiteSpace: 'nowrap' }}>
              {translate(t('add'))}
            </Button>
          </Box>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title={translate(t('delete_title'))}
        content={translate(t('delete_confirm'), { name: deleting?.name ?? '', list: list.title })}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
};

/** One item: view ↔ inline rename (Ok saves, Cancel or Escape restores the saved name). */
const OptionRow = ({ list, item, onDelete }: { list: OptionList['key']; item: OptionItem; onDelete: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  // null: viewing; text: the name being typed.
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useOptionChange(list, {
    onDone: (answer) => {
      notify(answer.message, { type: 'success' });
      setDraft(null);
    },
  });
  const close = () => {
    setDraft(null);
    rename.reset();
  };
  const ok = () => draft !== null && rename.mutate({ kind: 'rename', id: item.id, name: draft });
  const fieldError = rename.error?.fieldErrors.name ?? (rename.error ? rename.error.message : undefined);
  const renameLabel = translate(t('rename_one'), { name: item.name });
  const deleteLabel = translate(t('delete_one'), { name: item.name });

  return (
    <TableRow>
      <TableCell sx={wrapping}>{item.id}</TableCell>
      <TableCell sx={wrapping}>
        {draft === null ? (
          item.name
        ) : (
          <InlineNameEdit
            id={`option-${list}-${item.id}-name`}
            label={translate(t('name'))}
            draft={draft}
            onDraftChange={setDraft}
            onOk={ok}
            onCancel={close}
            error={fieldError}
            pending={rename.isPending}
            maxLength={NAME_MAX_LENGTH}
            whilePending="disabled"
          />
        )}
      </TableCell>
      <TableCell sx={{ ...wrapping, whiteSpace: 'nowrap', px: 0.5 }}>
        <Tooltip title={renameLabel}>
          <span>
            <IconButton aria-label={renameLabel} onClick={() => setDraft(item.name)} disabled={draft !== null} size="small">
              <EditOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={deleteLabel}>
          <IconButton aria-label={deleteLabel} onClick={onDelete} size="small" color="error">
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
};
