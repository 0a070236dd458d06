import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import { PasswordField } from '../public/PasswordField';
import { HelpDialog } from '../../administration/help/HelpDialog';
import type { useSignIn } from './useSignIn';

/** The password step's form: login name, password, the Confidentiality Statement and Remember this device. */
export const SignInForm = ({ signIn }: { signIn: ReturnType<typeof useSignIn> }) => {
  const translate = useTranslate();
  const errorId = useId();
  const { form, setForm, fieldErrors, error, submitting, prefilled } = signIn;
  const text = (key: string) => translate(`cans.identity.sign_in.${key}`);
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <>
      {helpOpen && <HelpDialog pagePath="/login" onClose={() => setHelpOpen(false)} />}
      {error && (
        <Alert id={errorId} severity="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={signIn.submit} aria-label={text('title')} aria-describedby={error ? errorId : undefined}>
        <TextField
          id="login"
          name="login"
          label={text('login')}
          autoComplete="username"
          autoFocus={!prefilled}
          required
          fullWidth
          margin="normal"
          value={form.login}
          error={!!fieldErrors.login}
          helperText={fieldErrors.login}
          onChange={(e) => setForm((f) => ({ ...f, login: e.target.value }))}
          disabled={submitting}
        />
        <PasswordField
          id="password"
          label={text('password')}
          autoComplete="current-password"
          autoFocus={!!prefilled}
          value={form.password}
          error={fieldErrors.password}
          onChange={(password) => setForm((f) => ({ ...f, password }))}
          disabled={submitting}
        />
        <Box sx={{ mt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                id="agree"
                name="agreed"
                checked={form.agreed}
                onChange={(e) => setForm((f) => ({ ...f, agreed: e.target.checked }))}
                disabled={submitting}
              />
            }
            label={
              <Typography variant="body2">
                {text('agree_before')}{' '}
                <Link component={RouterLink} to="/privacy" underline="always">
                  {text('confidentiality_statement')}
                </Link>
              </Typography>
            }
          />
          <FormControlLabel
            control={
              <Checkbox
                id="remember-device"
                name="rememberDevice"
                checked={form.rememberDevice}
                onChange={(e) => setForm((f) => ({ ...f, rememberDevice: e.target.checked }))}
                disabled={submitting}
              />
            }
            label={<Typography variant="body2">{text('remember_device')}</Typography>}
          />
          {!form.agreed && <FormHelperText sx={{ mt: 0 }}>{text('agreement_hint')}</FormHelperText>}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting || !form.agreed}
          sx={{ mt: 2, py: 1.25 }}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {text(submitting ? 'signing_in' : 'log_in')}
        </Button>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/resetPassword" variant="body2">
            {text('forgot_password')}
          </Link>
          {/* Spec 002 §2: Help opens the help dialog over this page; it does not navigate. */}
          <Link component="button" type="button" variant="body2" onClick={() => setHelpOpen(true)}>
            {text('help')}
          </Link>
          <Link component={RouterLink} to="/privacy" variant="body2">
            {text('privacy_policy')}
          </Link>
        </Box>
      </Box>
    </>
  );
};
