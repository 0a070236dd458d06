/*
 * Caregivers card (spec 000 §2 "Caregivers card"): First Name, Last Name, Relationship with Edit / Delete (or View
 * when read-only) and the Add Caregiver dialog with the two-level relationship pick (Parent/Guardian or Substitute
 * Caregiver, then the role).
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { ApiError, errorMessage, formatPhone, visuallyHidden, type AssessmentOptions, type Caregiver, type CaregiverDetails } from './api';
import { choicesOf } from './child-fields';
import { ConfirmDialog } from './dialogs';

const EMPTY: CaregiverDetails = {
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

export const relationshipText = (caregiver: Pick<Caregiver, 'relationship'>): string =>
  caregiver.relationship ? `${caregiver.relationship.role} (${caregiver.relationship.group})` : '';

const validate = (value: CaregiverDetails): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!value.firstName.trim()) errors.firstName = 'First name is required.';
  if (!value.lastName.trim()) errors.lastName = 'Last name is required.';
  if (!value.relationship?.group || !value.relationship.role) errors.relationship = 'Relationship to Child is required.';
  if (value.phone && value.phone.replace(/\D/g, '').length > 0 && value.phone.length > 50) errors.phone = 'Phone cannot be longer than 50 characters.';
  return errors;
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

const CaregiverDialog = ({
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
  const [value, setValue] = useState<CaregiverDetails>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(initial);
      setErrors({});
      setFailure(null);
    }
  }, [open, initial]);
  const readOnly = mode === 'view';
  const groups = Object.keys(options.caregiverRelationships ?? {});
  const roles = value.relationship?.group ? (options.caregiverRelationships[value.relationship.group] ?? []) : [];
  const set = <K extends keyof CaregiverDetails>(key: K, next: CaregiverDetails[K]) => setValue((v) => ({ ...v, [key]: next }));

  const save = async () => {
    const found = validate(value);
    setErrors(found);
    if (Object.keys(found).length) return;
    // Spec: saving a caregiver is blocked while a save is in progress.
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(payload(value));
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length) {
        const mapped: Record<string, string> = {};
        for (const [k, m] of Object.entries(e.fieldErrors)) mapped[k.replace(/^caregiver\./, '').replace(/^relationship\..*/, 'relationship')] = m;
        setErrors(mapped);
      }
      setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const text = (key: 'firstName' | 'lastName' | 'phone' | 'address' | 'city' | 'zip' | 'county' | 'cin', label: string, extra: { required?: boolean; hint?: string } = {}) => (
    <TextField
      label={label}
      value={readOnly && key === 'phone' ? formatPhone(value.phone) : (value[key] ?? '')}
      onChange={(e) => set(key, e.target.value)}
      required={extra.required}
      error={!!errors[key]}
      helperText={errors[key] ?? extra.hint ?? ' '}
      disabled={readOnly}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ htmlInput: { maxLength: 50, 'aria-label': label } }}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="caregiver-dialog-title">
      <DialogTitle id="caregiver-dialog-title">{mode === 'add' ? 'Add Caregiver' : mode === 'edit' ? 'Edit Caregiver' : 'Caregiver'}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {text('firstName', 'First Name', { required: true })}
          {text('lastName', 'Last Name', { required: true })}
          <TextField
            select
            label="Relationship"
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
            label="Role"
            value={value.relationship?.role ?? ''}
            onChange={(e) => set('relationship', value.relationship ? { ...value.relationship, role: e.target.value } : null)}
            required
            error={!!errors.relationship && !!value.relationship?.group}
            helperText={value.relationship?.group ? ' ' : 'Choose the relationship first'}
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
            label="Gender"
            value={value.gender ?? ''}
            onChange={(e) => set('gender', e.target.value || null)}
            disabled={readOnly}
            size="small"
            margin="dense"
            fullWidth
            helperText=" "
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {choicesOf(options.genders).map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          {text('phone', 'Phone', { hint: 'xxx-xxx-xxxx' })}
          <Box sx={{ gridColumn: '1 / -1' }}>{text('address', 'Address')}</Box>
          {text('city', 'City')}
          {text('county', 'County')}
          {text('zip', 'Zip')}
          {text('cin', 'PID')}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={save} disabled={saving}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

export const CaregiversCard = ({
  caregivers,
  options,
  readOnly,
  childSaved,
  onSave,
  onDelete,
  onNeedChild,
}: {
  caregivers: Caregiver[];
  options: AssessmentOptions;
  readOnly: boolean;
  childSaved: boolean;
  onSave: (caregiverId: string | null, value: CaregiverDetails) => Promise<void>;
  onDelete: (caregiverId: string) => Promise<void>;
  /** Spec: adding or editing a caregiver needs a saved child (Please save child information.). */
  onNeedChild: () => void;
}) => {
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit' | 'view'; caregiver: Caregiver | null } | null>(null);
  const [deleting, setDeleting] = useState<Caregiver | null>(null);
  const initial = dialog?.caregiver ? { ...EMPTY, ...dialog.caregiver } : EMPTY;
  const open = (mode: 'add' | 'edit' | 'view', caregiver: Caregiver | null) => {
    if (mode !== 'view' && !childSaved) {
      onNeedChild();
      return;
    }
    setDialog({ mode, caregiver });
  };
  const missingRelationship = caregivers.some((c) => !c.relationship);
  return (
    <Card>
      <CardHeader
        title="Caregivers"
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          !readOnly && (
            <Button startIcon={<AddIcon />} onClick={() => open('add', null)} size="small">
              Add Caregiver
            </Button>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {missingRelationship && !readOnly && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Please add the caregiver relationship for the current child or you can remove unwanted caregivers.
          </Alert>
        )}
        {caregivers.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            No Data
          </Typography>
        ) : (
          // Narrow columns and phones: the table wraps its words and, if still too wide, scrolls inside its own
          // (keyboard-focusable) region instead of widening the page.
          <Box role="region" aria-label="Caregivers table" tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" aria-label="Caregivers" sx={{ '& th': { fontWeight: 600 }, '& td': { overflowWrap: 'anywhere' }, '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>First Name</TableCell>
                <TableCell>Last Name</TableCell>
                <TableCell>Relationship</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {caregivers.map((caregiver) => {
                const name = `${caregiver.firstName} ${caregiver.lastName}`;
                return (
                  <TableRow key={caregiver.caregiverId} hover>
                    <TableCell>{caregiver.firstName}</TableCell>
                    <TableCell>{caregiver.lastName}</TableCell>
                    <TableCell>
                      {caregiver.relationship ? (
                        relationshipText(caregiver)
                      ) : (
                        <Typography component="span" variant="body2" color="warning.main">
                          Not set
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {readOnly ? (
                        <Tooltip title="View">
                          <IconButton size="small" aria-label={`View caregiver ${name}`} onClick={() => open('view', caregiver)}>
                            <VisibilityOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : (
                        <>
                          <Tooltip title="Edit">
                            <IconButton size="small" aria-label={`Edit caregiver ${name}`} onClick={() => open('edit', caregiver)}>
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title="Delete">
                            <IconButton size="small" aria-label={`Delete caregiver ${name}`} onClick={() => setDeleting(caregiver)} sx={{ color: 'error.main' }}>
                              <DeleteOutline fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          </Box>
        )}
      </CardContent>
      <CaregiverDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'add'}
        initial={initial}
        options={options}
        onClose={() => setDialog(null)}
        onSave={async (value) => {
          await onSave(dialog?.caregiver?.caregiverId ?? null, value);
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={`Delete caregiver ${deleting?.firstName ?? ''} ${deleting?.lastName ?? ''}?`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting.caregiverId);
          setDeleting(null);
        }}
      />
    </Card>
  );
};
