/*
 * The caregiver dialog (spec 000 §2): add, edit or view one caregiver, with the two-level relationship pick
 * (Parent/Guardian or Substitute Caregiver, then the role). The server judges what is saved; its field messages are
 * shown on the fields and its sentence above them.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { errorMessage, toApiError } from '../providers/api-error';
import { formatPhone } from '../shared/format';
import type { AssessmentOptions, CaregiverDetails } from './assessment-types';
import { choicesOf } from './child-fields';

export const EMPTY_CAREGIVER: CaregiverDetails = {
  firstName: '',
  lastName: '',
  relationship: null,
  gender: null,
  phone: '',
  address: '',
  city: '',
  zip: '',
  county: '',
  cin: '',
};

const payload = (value: CaregiverDetails): CaregiverDetails => {
  const text = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return {
    firstName: value.firstName.trim(),
    lastName: value.lastName.trim(),
    relationship: value.relationship,
    gender: value.gender || null,
    phone: text(value.phone),
    address: text(value.address),
    city: text(value.city),
    zip: text(value.zip),
    county: text(value.county),
    cin: text(value.cin),
  };
};

export const CaregiverDialog = ({
  open,
  mode,
  initial,
  options,
  onClose,
  onSave,
}: {
  open: boolean;
  mode: 'add' | 'edit' | 'view';
  initial: CaregiverDetails;
  options: AssessmentOptions;
  onClose: () => void;
  onSave: (value: CaregiverDetails) => Promise<void>;
}) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`cans.assessments.caregivers.${key}`);
  const [value, setValue] = useState<CaregiverDetails>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Opening the dialog (or opening it on another caregiver) starts from that caregiver, without stale messages.
  const [shown, setShown] = useState({ open, initial });
  if (shown.open !== open || shown.initial !== initial) {
    setShown({ open, initial });
    if (open) {
      setValue(initial);
      setErrors({});
      setFailure(null);
    }
  }
  const readOnly = mode === 'view';
  const groups = Object.keys(options.caregiverRelationships ?? {});
  const roles = value.relationship?.group ? (options.caregiverRelationships[value.relationship.group] ?? []) : [];
  const set = <K extends keyof CaregiverDetails>(key: K, next: CaregiverDetails[K]) => setValue((v) => ({ ...v, [key]: next }));

  // The server judges the caregiver (names and relationship required, spec 000 §5); its messages go on the fields.
  const save = async () => {
    // Spec: saving a caregiver is blocked while a save is in progress.
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(payload(value));
      setErrors({});
    } catch (e) {
      const mapped: Record<string, string> = {};
      for (const [k, m] of Object.entries(toApiError(e).fieldErrors))
        mapped[k.replace(/^caregiver\./, '').replace(/^relationship\..*/, 'relationship')] = m;
      setErrors(mapped);
      setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const text = (
    key: 'firstName' | 'lastName' | 'phone' | 'address' | 'city' | 'zip' | 'county' | 'cin',
    extra: { required?: boolean; hint?: string } = {},
  ) => (
    <TextField
      label={label(key)}
      value={readOnly && key === 'phone' ? formatPhone(value.phone) : (value[key] ?? '')}
      onChange={(e) => set(key, e.target.value)}
      required={extra.required}
      error={!!errors[key]}
      helperText={errors[key] ?? extra.hint ?? ' '}
      disabled={readOnly}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ htmlInput: { maxLength: 50, 'aria-label': label(key) } }}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="caregiver-dialog-title">
      <DialogTitle id="caregiver-dialog-title">{label(`title.${mode}`)}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {text('firstName', { required: true })}
          {text('lastName', { required: true })}
          <TextField
            select
            label={label('relationship')}
            value={value.relationship?.group ?? ''}
            onChange={(e) => set('relationship', e.target.value ? { group: e.target.value, role: '' } : null)}
            required
            error={!!errors.relationship}
            helperText={errors.relationship ?? ' '}
            disabled={readOnly}
            size="small"
            margin="dense"
            fullWidth
          >
            {groups.map((group) => (
              <MenuItem key={group} value={group}>
                {group}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={label('role')}
            value={value.relationship?.role ?? ''}
            onChange={(e) => set('relationship', value.relationship ? { ...value.relationship, role: e.target.value } : null)}
            required
            error={!!errors.relationship && !!value.relationship?.group}
            helperText={value.relationship?.group ? ' ' : label('chooseRelationshipFirst')}
            disabled={readOnly || !value.relationship?.group}
            size="small"
            margin="dense"
            fullWidth
          >
            {roles.map((role) => (
              <MenuItem key={role} value={role}>
                {role}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={label('gender')}
            value={value.gender ?? ''}
            onChange={(e) => set('gender', e.target.value || null)}
            disabled={readOnly}
            size="small"
            margin="dense"
            fullWidth
            helperText=" "
          >
            <MenuItem value="">
              <em>{label('none')}</em>
            </MenuItem>
            {choicesOf(options.genders).map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          {text('phone', { hint: label('phoneHint') })}
          <Box sx={{ gridColumn: '1 / -1' }}>{text('address')}</Box>
          {text('city')}
          {text('county')}
          {text('zip')}
          {text('cin')}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={save} disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
