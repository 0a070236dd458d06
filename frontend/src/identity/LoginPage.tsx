import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCheckAuth, useNotify } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  InputAdornment,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  getMe,
  sendVerificationCode,
  sessionStarted,
  signInWithPassword,
  verifySignInCode,
  type Me,
  type SignInFailure,
  type VerificationChannel,
} from '../providers/authProvider';
import { appPath } from '../providers/safe-path';

/** Spec §9: the Get button waits 60 seconds between codes. */
export const RESEND_COUNTDOWN_SECONDS = 60;
const CODE_REQUIRED = 'Verification code is required.';
const CODE_FORMAT = 'The verification code is 6 digits.';
const PHONE_NEED_FILL = 'There is no phone number on file. Please add one in My Account.';

/**
 * Answers of the code step that end this sign-in: no pending sign-in (401), or the account may no longer sign in
 * (403 deactivated, locked or expired; 423 locked after failed attempts). The login form shows the message.
 */
const endsSignIn = (failure: SignInFailure) => failure.status === 401 || failure.status === 403 || failure.status === 423;

const asFailure = (error: unknown): SignInFailure =>
  error && typeof error === 'object' && 'message' in error
    ? (error as SignInFailure)
    : { status: 0, message: 'Sign-in failed. Please try again.', fieldErrors: {}, body: {} };

/** The page frame shared by the public pages: product bar, a centred card, the footer. */
export const PublicFrame = ({ title, icon, children, width = 440 }: { title: string; icon?: ReactNode; children: ReactNode; width?: number }) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 4 }, py: 1.5 }}>
      <Typography component="span" sx={{ fontWeight: 700, letterSpacing: '0.06em' }}>
        CANS
      </Typography>
      <Typography component="span" sx={{ ml: 1.5, opacity: 0.8, fontSize: '0.875rem', display: { xs: 'none', sm: 'inline' } }}>
        Child and Adolescent Needs and Strengths
      </Typography>
    </Box>
    <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: width, borderTop: 4, borderTopColor: 'primary.main' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Box
              aria-hidden
              sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center' }}
            >
              {icon ?? <LockOutlined fontSize="small" />}
            </Box>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
          </Box>
          {children}
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

/** A password field with a show/hide toggle. */
export const PasswordField = ({
  label,
  value,
  onChange,
  error,
  autoComplete,
  disabled,
  id,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: string;
  disabled?: boolean;
  id: string;
  autoFocus?: boolean;
}) => {
  const [shown, setShown] = useState(false);
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
              <IconButton aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`} onClick={() => setShown((s) => !s)} edge="end" size="small">
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/** Counts down from `seconds` once started; 0 means ready. */
const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
};

interface VerificationProps {
  open: boolean;
  channels: VerificationChannel[];
  rememberDevice: boolean;
  onCancel: () => void;
  onSignedIn: (user: Me | null, phoneMissing: boolean) => void;
  onRestart: (message: string) => void;
}

/** Spec §2 "Verification dialog (title Verification Code)": Email/Phone, the code, Get with a 60 s countdown. */
const VerificationDialog = ({ open, channels, rememberDevice, onCancel, onSignedIn, onRestart }: VerificationProps) => {
  const [channel, setChannel] = useState<1 | 2>(1);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | undefined>();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [countdown, setCountdown] = useCountdown();
  const ids = { channel: useId(), code: useId() };

  useEffect(() => {
    if (open) {
      setCode('');
      setCodeError(undefined);
      setNotice(undefined);
      setChannel(1);
    }
  }, [open]);

  const phone = channels.find((c) => c.channel === 2);
  const email = channels.find((c) => c.channel === 1);

  const getCode = async () => {
    setSending(true);
    setNotice(undefined);
    try {
      const sent = await sendVerificationCode(channel);
      setCountdown(sent.resendAfterSeconds || RESEND_COUNTDOWN_SECONDS);
      setNotice({ severity: 'success', text: `${sent.message} (${sent.destination})` });
    } catch (error) {
      const failure = asFailure(error);
      if (endsSignIn(failure)) return onRestart(failure.message);
      if (failure.messageKey === 'code_has_sent') setCountdown(Number(failure.body.retryAfterSeconds) || RESEND_COUNTDOWN_SECONDS);
      setNotice({ severity: 'error', text: failure.fieldErrors.channel ?? failure.message });
    } finally {
      setSending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return setCodeError(CODE_REQUIRED);
    if (!/^\d{6}$/.test(trimmed)) return setCodeError(CODE_FORMAT);
    setConfirming(true);
    setCodeError(undefined);
    try {
      const result = await verifySignInCode(trimmed, rememberDevice);
      onSignedIn(result.user, !!result.phoneMissing);
    } catch (error) {
      const failure = asFailure(error);
      if (endsSignIn(failure)) return onRestart(failure.message);
      setCodeError(failure.fieldErrors.code ?? failure.message);
      setConfirming(false);
    }
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${ids.code}-title`} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={confirm}>
        <DialogTitle id={`${ids.code}-title`}>Verification Code</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            To finish signing in, choose where to receive a 6-digit code, then enter it below.
          </Typography>
          <FormControl component="fieldset" sx={{ mb: 1 }}>
            <FormLabel component="legend" id={ids.channel}>
              Send the code by
            </FormLabel>
            <RadioGroup row aria-labelledby={ids.channel} value={String(channel)} onChange={(e) => setChannel(Number(e.target.value) as 1 | 2)}>
              <FormControlLabel value="1" control={<Radio />} label={`Email${email?.destination ? ` (${email.destination})` : ''}`} />
              <FormControlLabel value="2" control={<Radio />} label={`Phone${phone?.destination ? ` (${phone.destination})` : ''}`} disabled={!phone?.enabled} />
            </RadioGroup>
            {phone && !phone.enabled && phone.reason && <FormHelperText sx={{ mx: 0 }}>{phone.reason}</FormHelperText>}
          </FormControl>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              id={ids.code}
              label="Verification code"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^\d]/g, '').slice(0, 6))}
              error={!!codeError}
              helperText={codeError ?? ' '}
              autoComplete="one-time-code"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'aria-required': true } }}
            />
            <Button variant="outlined" onClick={getCode} disabled={sending || countdown > 0} sx={{ minWidth: 128, height: 56, flexShrink: 0 }}>
              {countdown > 0 ? `Resend in ${countdown} s` : sending ? 'Sending…' : 'Get code'}
            </Button>
          </Stack>
          {notice && (
            <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 1 }}>
              {notice.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={confirming}>
            {confirming ? 'Confirming…' : 'Confirm'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/**
 * Public sign-in page (spec §2 "Login screen", §4 "Login"): login name (username, email or phone), password
 * with show/hide, the Confidentiality Statement checkbox (checked; unchecked disables Log in), Remember this
 * device (on), then the verification dialog unless this browser is remembered.
 */
export const LoginPage = () => {
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { username: prefilled } = useParams();
  const ids = { error: useId() };

  const [form, setForm] = useState({ login: prefilled ?? '', password: '', agreed: true, rememberDevice: true });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [channels, setChannels] = useState<VerificationChannel[] | null>(null);

  // Already signed in (valid session cookie)? Go to the app (spec: /login when logged in goes to /).
  useEffect(() => {
    checkAuth({}, false)
      .then(() => getMe().then((me) => navigate(String(me.landingPath ?? '/'), { replace: true })))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  const enterApp = async (user: Me | null, phoneMissing: boolean) => {
    sessionStarted();
    // The app shell cached "signed out" (and no privileges): load the new user's.
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const me = user ?? (await getMe().catch(() => null));
    // Spec §4: user 1 goes to /library; others to the page they asked for (the redirect target) or /.
    // The target is ?redirect= (spec 002 §4 "Route guard"), only ever a path inside the app (no open redirect).
    const target = appPath(new URLSearchParams(location.search).get('redirect')) ?? appPath((location.state as { nextPathname?: string } | null)?.nextPathname);
    const landing = me?.isAdministrator || !target || target === '/login' ? String(me?.landingPath ?? '/') : target;
    if (phoneMissing) {
      notify(PHONE_NEED_FILL, { type: 'warning', autoHideDuration: 5000 });
      // The administrator still lands on the library; everyone else completes their profile first.
      navigate(me?.isAdministrator ? landing : '/profile/index', { replace: true });
      return;
    }
    navigate(landing, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const login = form.login.trim();
    // Spec §4: an empty login name is ignored (nothing is sent); the field says why.
    if (!login) return setFieldErrors({ login: 'Please enter your username, email or phone number.' });
    if (!form.password) return setFieldErrors({ password: 'Please enter your password.' });
    setFieldErrors({});
    setSubmitting(true);
    try {
      const step = await signInWithPassword({ login, password: form.password, rememberDevice: form.rememberDevice, agreed: form.agreed });
      if (step.status === 'signed-in') {
        await enterApp(step.user, !!step.phoneMissing);
        return;
      }
      setChannels(step.channels);
    } catch (e) {
      const failure = asFailure(e);
      setFieldErrors(failure.fieldErrors);
      setError(failure.message);
    }
    setSubmitting(false);
  };

  const restart = (message: string) => {
    setChannels(null);
    setError(message);
    setForm((f) => ({ ...f, password: '' }));
  };

  return (
    <PublicFrame title="Sign in">
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        Child and Adolescent Needs and Strengths
      </Typography>
      {error && (
        <Alert id={ids.error} severity="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in" aria-describedby={error ? ids.error : undefined}>
        <TextField
          id="login"
          name="login"
          label="Username, email or phone"
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
          label="Password"
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
                I have read and agree to the{' '}
                <Link component={RouterLink} to="/privacy" underline="always">
                  Confidentiality Statement
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
            label={<Typography variant="body2">Remember this device</Typography>}
          />
          {!form.agreed && (
            <FormHelperText sx={{ mt: 0 }}>Please accept the Confidentiality Statement to sign in.</FormHelperText>
          )}
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
          {submitting ? 'Signing in…' : 'Log in'}
        </Button>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
          <Link component={RouterLink} to="/resetPassword" variant="body2">
            Forgot Password?
          </Link>
          <Link component={RouterLink} to="/privacy" variant="body2">
            Privacy Policy
          </Link>
        </Box>
      </Box>
      <VerificationDialog
        open={channels !== null}
        channels={channels ?? []}
        rememberDevice={form.rememberDevice}
        onCancel={() => {
          setChannels(null);
          setSubmitting(false);
        }}
        onSignedIn={(user, phoneMissing) => void enterApp(user, phoneMissing)}
        onRestart={restart}
      />
    </PublicFrame>
  );
};
