import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: string;
  disabled?: boolean;
  id: string;
  autoFocus?: boolean;
}

/** A password field with a show/hide toggle. */
export const PasswordField = ({ label, value, onChange, error, autoComplete, disabled, id, autoFocus }: PasswordFieldProps) => {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const toggleLabel = translate(shown ? 'cans.identity.password_hide' : 'cans.identity.password_show', { label: label.toLowerCase() });
  return (
    <TextField
      id={id}
      name={id}
      type={shown ? 'text' : 'password'}
      label={label}
      autoComplete={autoComplete}
      required
      fullWidth
      margin="normal"
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      disabled={disabled}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggleLabel} onClick={() => setShown((s) => !s)} edge="end" size="small">
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
