/*
 * The library add/edit dialog (spec 002 "Library add/edit dialog"): type radios (locked on edit), domain and
 * module pickers, name, abbreviation, age min-max, visible switch, caregiver's item (domains), a rich-text
 * description and, for questions, the descriptions of answers 0-4 and N/A. The API validates; its field
 * messages show under the fields.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import {
  errorMessageOf,
  fieldErrorsOf,
  flattenTree,
  libraryApi,
  LibraryItem,
  LibraryItemInput,
  LibraryItemType,
  LibraryTreeNode,
  Rating,
  RATINGS,
  ratingLabel,
} from './library-api';
import { libraryMessage, saveSuccess, typeLabel } from './library-messages';
import { RichTextEditor } from './RichTextEditor';

const TYPES: LibraryItemType[] = ['domain', 'module', 'question', 'text'];

interface FormState {
  type: LibraryItemType;
  domainId: string;
  moduleId: string;
  name: string;
  shortName: string;
  description: string;
  visible: boolean;
  caregiverItem: boolean;
  ageMin: string;
  ageMax: string;
  answers: Record<Rating, string>;
}

const emptyAnswers = (): Record<Rating, string> => ({ '0': '', '1': '', '2': '', '3': '', '4': '', NA: '' });

function initialState(item: LibraryItem | null, defaults: Partial<FormState>): FormState {
  if (!item) {
    return {
      type: 'question',
      domainId: '',
      moduleId: '',
      name: '',
      shortName: '',
      description: '',
      visible: true,
      caregiverItem: false,
      ageMin: '',
      ageMax: '',
      answers: emptyAnswers(),
      ...defaults,
    };
  }
  const answers = emptyAnswers();
  for (const rating of RATINGS) answers[rating] = item.answers?.[rating] ?? '';
  return {
    type: item.type,
    domainId: item.domainId ?? '',
    moduleId: item.moduleId ?? '',
    name: item.name ?? '',
    shortName: item.shortName ?? '',
    description: item.description ?? '',
    visible: item.visible,
    caregiverItem: item.caregiverItem,
    ageMin: item.ageMin === null ? '' : String(item.ageMin),
    ageMax: item.ageMax === null ? '' : String(item.ageMax),
    answers,
  };
}

/** '' → null; anything else as a number (the API tells whole numbers and range). */
const age = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export interface LibraryItemDialogProps {
  open: boolean;
  /** The item to edit, or null to add. */
  item: LibraryItem | null;
  /** Preselected values when adding (e.g. "add a question to this module"). */
  defaults?: Partial<Pick<FormState, 'type' | 'domainId' | 'moduleId'>>;
  domains: LibraryTreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

export const LibraryItemDialog = ({ open, item, defaults, domains, onClose, onSaved }: LibraryItemDialogProps) => {
  const notify = useNotify();
  const [form, setForm] = useState<FormState>(() => initialState(item, defaults ?? {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setForm(initialState(item, defaults ?? {}));
      setErrors({});
    }
    // Reset only when the dialog opens on another item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, item?.id]);

  const editing = item !== null;
  /** Drops the messages of fields the user changes (they were about the old value). */
  const clearErrors = (...fields: string[]) =>
    setErrors((current) => (fields.some((f) => f in current) ? Object.fromEntries(Object.entries(current).filter(([k]) => !fields.includes(k))) : current));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(key, ...(key === 'ageMin' || key === 'ageMax' ? ['ageMin', 'ageMax'] : []));
  };

  /** Modules of the chosen domain at any depth (a module cannot go inside itself or its own modules). */
  const moduleChoices = useMemo(() => {
    const domain = domains.find((d) => d.id === form.domainId);
    if (!domain) return [];
    const excluded = new Set<string>();
    if (item?.type === 'module') flattenTree([item as LibraryTreeNode]).forEach((n) => excluded.add(n.id));
    const choices: { id: string; label: string }[] = [];
    const walk = (modules: LibraryTreeNode[] | undefined, depth: number) => {
      for (const module of modules ?? []) {
        if (excluded.has(module.id)) continue;
        choices.push({ id: module.id, label: `${'— '.repeat(depth)}${module.name}` });
        walk(module.modules, depth + 1);
      }
    };
    walk(domain.modules, 0);
    return choices;
  }, [domains, form.domainId, item]);

  const save = async () => {
    const input: LibraryItemInput = {
      type: form.type,
      description: form.description,
      visible: form.visible,
      ageMin: age(form.ageMin),
      ageMax: age(form.ageMax),
      shortName: form.type === 'text' ? null : form.shortName.trim() || null,
      ...(form.type === 'text' ? {} : { name: form.name }),
      ...(form.type === 'domain'
        ? { caregiverItem: form.caregiverItem }
        : { domainId: form.domainId || null, moduleId: form.moduleId || null }),
      ...(form.type === 'question'
        ? {
            answers: Object.fromEntries(
              RATINGS.filter((r) => r !== '4' || form.answers['4'].trim() !== '').map((r) => [r, form.answers[r].trim() || null]),
            ),
          }
        : {}),
      ...(item ? { revision: item.revision } : {}),
    };
    setSaving(true);
    try {
      if (item) await libraryApi.update(item.id, input);
      else await libraryApi.add(input);
      notify(saveSuccess(form.type), { type: 'success' });
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, libraryMessage(v)])));
      else notify(libraryMessage(errorMessageOf(error)), { type: 'error', autoHideDuration: 5000 });
    } finally {
      setSaving(false);
    }
  };

  const err = (field: string) => errors[field];
  const isText = form.type === 'text';
  const title = `${editing ? 'Edit' : 'Add'} ${typeLabel(form.type)}`;

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="library-item-dialog-title">
      <DialogTitle id="library-item-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <FormControl disabled={editing} error={!!err('type')} sx={{ mb: 2 }}>
            <FormLabel id="library-type-label">Type</FormLabel>
            <RadioGroup row aria-labelledby="library-type-label" value={form.type} onChange={(e) => set('type', e.target.value as LibraryItemType)}>
              {TYPES.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio size="small" />} label={typeLabel(type)} />
              ))}
            </RadioGroup>
            {editing ? <FormHelperText>The type cannot be changed when editing.</FormHelperText> : null}
            {err('type') ? <FormHelperText>{err('type')}</FormHelperText> : null}
          </FormControl>

          <Grid container spacing={2}>
            {form.type !== 'domain' ? (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormControl variant="outlined" fullWidth size="small" required error={!!err('domainId')}>
                    <InputLabel id="library-domain-label">Domain</InputLabel>
                    <Select
                      labelId="library-domain-label"
                      label="Domain"
                      value={form.domainId}
                      onChange={(e) => {
                        setForm((f) => ({ ...f, domainId: e.target.value, moduleId: '' }));
                        clearErrors('domainId', 'moduleId');
                      }}
                    >
                      {domains.map((d) => (
                        <MenuItem key={d.id} value={d.id}>{d.name}</MenuItem>
                      ))}
                    </Select>
                    {err('domainId') ? <FormHelperText>{err('domainId')}</FormHelperText> : null}
                  </FormControl>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormControl variant="outlined" fullWidth size="small" error={!!err('moduleId')} disabled={!form.domainId}>
                    <InputLabel id="library-module-label">{form.type === 'module' ? 'Parent module' : 'Module'}</InputLabel>
                    <Select labelId="library-module-label" label={form.type === 'module' ? 'Parent module' : 'Module'} value={form.moduleId} onChange={(e) => set('moduleId', e.target.value)}>
                      <MenuItem value="">
                        <em>None (directly in the domain)</em>
                      </MenuItem>
                      {moduleChoices.map((m) => (
                        <MenuItem key={m.id} value={m.id}>{m.label}</MenuItem>
                      ))}
                    </Select>
                    <FormHelperText>{err('moduleId') ?? 'Optional'}</FormHelperText>
                  </FormControl>
                </Grid>
              </>
            ) : null}

            {!isText ? (
              <>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    label="Name"
                    required
                    fullWidth
                    size="small"
                    value={form.name}
                    onChange={(e) => set('name', e.target.value)}
                    error={!!err('name')}
                    helperText={err('name')}
                    autoFocus={!editing}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label="Short name"
                    fullWidth
                    size="small"
                    value={form.shortName}
                    onChange={(e) => set('shortName', e.target.value)}
                    error={!!err('shortName')}
                    helperText={err('shortName') ?? 'Abbreviation used in charts'}
                  />
                </Grid>
              </>
            ) : null}

            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField
                label="Minimum age"
                type="number"
                fullWidth
                size="small"
                value={form.ageMin}
                onChange={(e) => set('ageMin', e.target.value)}
                error={!!err('ageMin')}
                helperText={err('ageMin') ?? 'Years, 0–22'}
                slotProps={{ htmlInput: { min: 0, max: 22, step: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField
                label="Maximum age"
                type="number"
                fullWidth
                size="small"
                value={form.ageMax}
                onChange={(e) => set('ageMax', e.target.value)}
                error={!!err('ageMax')}
                helperText={err('ageMax') ?? 'Years, 0–22'}
                slotProps={{ htmlInput: { min: 0, max: 22, step: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, pt: { sm: 0.5 } }}>
              <FormControlLabel control={<Switch checked={form.visible} onChange={(e) => set('visible', e.target.checked)} />} label="Visible" />
              {form.type === 'domain' ? (
                <FormControlLabel
                  control={<Switch checked={form.caregiverItem} onChange={(e) => set('caregiverItem', e.target.checked)} />}
                  label="Caregiver's item"
                />
              ) : null}
            </Grid>

            <Grid size={12}>
              <RichTextEditor
                id="library-description"
                label="Description"
                required
                value={form.description}
                onChange={(html) => set('description', html)}
                error={err('description')}
              />
            </Grid>
          </Grid>

          {form.type === 'question' ? (
            <Box sx={{ mt: 3 }}>
              <Divider sx={{ mb: 2 }} />
              <Typography variant="subtitle2" gutterBottom>
                Answer descriptions
              </Typography>
              <Grid container spacing={2}>
                {RATINGS.map((rating) => (
                  <Grid key={rating} size={{ xs: 12, sm: 6 }}>
                    <TextField
                      label={`Answer ${ratingLabel(rating)}`}
                      fullWidth
                      size="small"
                      multiline
                      minRows={2}
                      value={form.answers[rating]}
                      onChange={(e) => {
                        setForm((f) => ({ ...f, answers: { ...f.answers, [rating]: e.target.value } }));
                        clearErrors(`answers.${rating}`);
                      }}
                      error={!!err(`answers.${rating}`)}
                      helperText={err(`answers.${rating}`) ?? (rating === '4' ? 'Optional: leave empty when the question has no answer 4' : undefined)}
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          ) : null}
          {Object.keys(errors).length ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              Please correct the highlighted fields.
            </Alert>
          ) : null}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
