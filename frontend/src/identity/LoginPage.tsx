import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useCheckAuth, useLogin } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { LoginParams } from '../providers/authProvider';

const errorMessage = (error: unknown): string => {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return 'Sign-in failed. Please try again.';
};

/**
 * Public sign-in page. Placeholder until the identity feature lands: the terms
 * checkbox is only enforced client-side and "Remember this device" is not sent.
 */
export const LoginPage = () => {
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const ids = { error: useId(), terms: useId() };

  const [form, setForm] = useState({ login: '', password: '', agreed: false, rememberDevice: false });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [termsError, setTermsError] = useState(false);
  const [serviceNotice, setServiceNotice] = useState<string | undefined>();

  // Already signed in (valid session cookie)? Skip the form. A plain 401 is
  // silent (message: false); anything else means the API itself has trouble.
  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/'))
      .catch((e: unknown) => {
        const message = (e as { message?: unknown } | undefined)?.message;
        if (typeof message === 'string' && message) setServiceNotice(message);
      });
  }, [checkAuth, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (!form.agreed) {
      setTermsError(true);
      return;
    }
    setSubmitting(true);
    try {
      const params: LoginParams = { login: form.login.trim(), password: form.password, rememberDevice: form.rememberDevice };
      await login(params);
    } catch (e) {
      setError(errorMessage(e));
      setSubmitting(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 4 }, py: 1.5 }}>
        <Typography component="span" sx={{ fontWeight: 700, letterSpacing: '0.06em' }}>
          CANS
        </Typography>
        <Typography component="span" sx={{ ml: 1.5, opacity: 0.8, fontSize: '0.875rem', display: { xs: 'none', sm: 'inline' } }}>
          Child and Adolescent Needs and Strengths
        </Typography>
      </Box>

      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 420, borderTop: 4, borderTopColor: 'primary.main' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 0.5 }}>
              <Box
                aria-hidden
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                <LockOutlined fontSize="small" />
              </Box>
              <Typography component="h1" variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 700, letterSpacing: '0.04em' }}>
                CANS
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              Child and Adolescent Needs and Strengths
            </Typography>

            <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
              Sign in
            </Typography>

            {serviceNotice && !error && (
              <Alert severity="warning" role="status" sx={{ mb: 2 }}>
                {serviceNotice}
              </Alert>
            )}
            {error && (
              <Alert id={ids.error} severity="error" role="alert" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                {error}
              </Alert>
            )}

            <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in" aria-describedby={error ? ids.error : undefined}>
              <TextField
                id="login"
                name="login"
                label="Username, email or phone"
                autoComplete="username"
                autoFocus
                required
                fullWidth
                margin="normal"
                value={form.login}
                onChange={(e) => setForm((f) => ({ ...f, login: e.target.value }))}
                disabled={submitting}
              />
              <TextField
                id="password"
                name="password"
                type="password"
                label="Password"
                autoComplete="current-password"
                required
                fullWidth
                margin="normal"
                value={form.password}
                onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
                disabled={submitting}
              />

              <Box sx={{ mt: 1.5 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      id="agree-terms"
                      name="agreeTerms"
                      checked={form.agreed}
                      onChange={(e) => {
                        setForm((f) => ({ ...f, agreed: e.target.checked }));
                        if (e.target.checked) setTermsError(false);
                      }}
                      slotProps={{
                        input: {
                          'aria-required': true,
                          'aria-invalid': termsError,
                          'aria-describedby': termsError ? ids.terms : undefined,
                        } as InputHTMLAttributes<HTMLInputElement>,
                      }}
                      disabled={submitting}
                    />
                  }
                  label={
                    <>
                      I agree to the{' '}
                      <Link href="#" onClick={(e) => e.preventDefault()} underline="always">
                        terms of use
                      </Link>
                    </>
                  }
                />
                {termsError && (
                  <FormHelperText id={ids.terms} error sx={{ mt: 0, ml: 4 }}>
                    Please agree to the terms of use to continue.
                  </FormHelperText>
                )}
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
                  label="Remember this device"
                />
              </Box>

              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={submitting}
                sx={{ mt: 2.5, py: 1.25 }}
                startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {submitting ? 'Signing in…' : 'Sign in'}
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Box>

      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          Authorized use only. Activity on this system is recorded.
        </Typography>
      </Box>
    </Box>
  );
};
