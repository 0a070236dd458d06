/*
 * The library add/edit dialog (spec 002 "Library add/edit dialog"): type radios (locked on edit), domain and
 * module pickers, name, abbreviation, age min-max, visible switch, caregiver's item (domains), a rich-text
 * description and, for questions, the descriptions of answers 0-4 and N/A.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Switch,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichTextEditor } from '../RichTextEditor';
import { LIBRARY_ITEM_TYPES, type LibraryItem, type LibraryItemType, type LibraryTreeNode } from '../library-types';
import { AnswerDescriptionFields } from './AnswerDescriptionFields';
import { PlacementFields } from './PlacementFields';
import { useLibraryItemForm, type LibraryItemDefaults } from './useLibraryItemForm';

/** What the dialog opens on: an item to edit, or null with the preselected values of a new one. */
export interface LibraryItemDialogTarget {
  item: LibraryItem | null;
  defaults?: LibraryItemDefaults;
}

export interface LibraryItemDialogProps extends LibraryItemDialogTarget {
  open: boolean;
  domains: LibraryTreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

const isItemType = (value: string): value is LibraryItemType => (LIBRARY_ITEM_TYPES as readonly string[]).includes(value);

/** Mounted afresh for each opening (the page keys it), so the form starts from the item it opens on. */
export const LibraryItemDialog = ({ open, item, defaults, domains, onClose, onSaved }: LibraryItemDialogProps) => {
  const translate = useTranslate();
  const { form, errors, set, setDomain, setAnswer, moduleChoices, save, saving } = useLibraryItemForm(
    item,
    defaults ?? {},
    domains,
    onSaved,
  );
  const editing = item !== null;
  const isText = form.type === 'text';
  const typeName = (type: LibraryItemType) => translate(`cans.library.types.${type}`);

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="library-item-dialog-title">
      <DialogTitle id="library-item-dialog-title">{`${editing ? 'Edit' : 'Add'} ${typeName(form.type)}`}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <FormControl disabled={editing} error={!!errors.type} sx={{ mb: 2 }}>
            <FormLabel id="library-type-label">{translate('cans.library.item.type')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="library-type-label"
              value={form.type}
              onChange={(e) => {
                if (isItemType(e.target.value)) set('type', e.target.value);
              }}
            >
              {LIBRARY_ITEM_TYPES.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio size="small" />} label={typeName(type)} />
              ))}
            </RadioGroup>
            {editing ? <FormHelperText>{translate('cans.library.item.type_fixed')}</FormHelperText> : null}
            {errors.type ? <FormHelperText>{errors.type}</FormHelperText> : null}
          </FormControl>

          <Grid container spacing={2}>
            {form.type !== 'domain' ? (
              <PlacementFields
                type={form.type}
                domainId={form.domainId}
                moduleId={form.moduleId}
                domains={domains}
                moduleChoices={moduleChoices}
                onDomainChange={setDomain}
                onModuleChange={(moduleId) => set('moduleId', moduleId)}
                errors={errors}
              />
            ) : null}

            {!isText ? (
              <>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    label={translate('cans.library.item.name')}
                    required
                    fullWidth
                    size="small"
                    value={form.name}
                    onChange={(e) => set('name', e.target.value)}
                    error={!!errors.name}
                    helperText={errors.name}
                    autoFocus={!editing}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label={translate('cans.library.item.short_name')}
                    fullWidth
                    size="small"
                    value={form.shortName}
                    onChange={(e) => set('shortName', e.target.value)}
                    error={!!errors.shortName}
                    helperText={errors.shortName ?? translate('cans.library.item.short_name_hint')}
                  />
                </Grid>
              </>
            ) : null}

            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField
                label={translate('cans.library.item.min_age')}
                type="number"
                fullWidth
                size="small"
                value={form.ageMin}
                onChange={(e) => set('ageMin', e.target.value)}
                error={!!errors.ageMin}
                helperText={errors.ageMin ?? 'Years, 0–22'}
                slotProps={{ htmlInput: { min: 0, max: 22, step: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextField
                label={translate('cans.library.item.max_age')}
                type="number"
                fullWidth
                size="small"
                value={form.ageMax}
                onChange={(e) => set('ageMax', e.target.value)}
                error={!!errors.ageMax}
                helperText={errors.ageMax ?? 'Years, 0–22'}
                slotProps={{ htmlInput: { min: 0, max: 22, step: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, pt: { sm: 0.5 } }}>
              <FormControlLabel
                control={<Switch checked={form.visible} onChange={(e) => set('visible', e.target.checked)} />}
                label={translate('cans.library.item.visible')}
              />
              {form.type === 'domain' ? (
                <FormControlLabel
                  control={<Switch checked={form.caregiverItem} onChange={(e) => set('caregiverItem', e.target.checked)} />}
                  label={translate('cans.library.item.caregiver_item')}
                />
              ) : null}
            </Grid>

            <Grid size={12}>
              <RichTextEditor
                id="library-description"
                label={translate('cans.library.item.description')}
                required
                value={form.description}
                onChange={(html) => set('description', html)}
                error={errors.description}
              />
            </Grid>
          </Grid>

          {form.type === 'question' ? <AnswerDescriptionFields answers={form.answers} onChange={setAnswer} errors={errors} /> : null}
          {Object.keys(errors).length ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translate('cans.library.correct_fields')}
            </Alert>
          ) : null}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
