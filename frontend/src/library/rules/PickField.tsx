import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import type { Choice } from '../library-tree';

interface PickFieldProps {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  error?: string;
  helper?: string;
  required?: boolean;
  disabled?: boolean;
  /** The label of an empty choice, when the field may stay empty. */
  noneLabel?: string;
}

/** A select of library items; a value that is not among the choices shows empty. */
export const PickField = ({ id, label, value, choices, onChange, error, helper, required, disabled, noneLabel }: PickFieldProps) => (
  <FormControl variant="outlined" fullWidth size="small" error={!!error} required={required} disabled={disabled}>
    <InputLabel id={`${id}-label`}>{label}</InputLabel>
    <Select
      labelId={`${id}-label`}
      id={id}
      label={label}
      value={choices.some((c) => c.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    >
      {noneLabel ? (
        <MenuItem value="">
          <em>{noneLabel}</em>
        </MenuItem>
      ) : null}
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.label}
        </MenuItem>
      ))}
    </Select>
    {error || helper ? <FormHelperText>{error ?? helper}</FormHelperText> : null}
  </FormControl>
);
