/*
 * The text fields of a setting form (Email Server, SFTP Server): each bound to its value in the form, showing the
 * server's 400 message for it in place of its hint; what the server refused without naming a field is the form's
 * failure (shown by SettingForm).
 */
import { TextField } from '@mui/material';
import type { ApiError } from '../../providers/api-error';

export function settingFields<TForm extends Record<string, string | number>>(
  idPrefix: string,
  form: TForm,
  setForm: (next: TForm) => void,
  error: ApiError | null,
  label: (key: string) => string,
) {
  const fieldError = (name: string): string | undefined => error?.fieldErrors[name];
  const field = (name: keyof TForm & string, labelKey: string, { helperText, ...extra }: Record<string, unknown> = {}) => (
    <TextField
      id={`${idPrefix}-${name}`}
      label={label(labelKey)}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      error={!!fieldError(name)}
      helperText={fieldError(name) ?? (helperText as string | undefined)}
      fullWidth
      {...extra}
    />
  );
  const otherFailure = error && Object.keys(error.fieldErrors).length === 0 ? error.message : null;
  return { field, fieldError, otherFailure };
}
