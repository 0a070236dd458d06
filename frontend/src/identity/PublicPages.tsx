import { useEffect, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import { callApi, EMAIL_PATTERN, failureMessage, isFailure, PASSWORD_FORMAT_MESSAGE, PASSWORD_MISMATCH_MESSAGE, passwordProblems } from './identity-api';
import { PasswordField, PublicFrame } from './LoginPage';

/** Spec §2 "Reset Password page": username and email; Cancel goes back, Reset Password mails a link. */
export const ResetPasswordPage = () => {
  const navigate = useNavigate();
  const notify = useNotify();
  const [form, setForm] = useState({ username: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!form.username.trim()) problems.username = 'Please enter your username.';
    if (!form.email.trim()) problems.email = 'Please enter your email address.';
    else if (!EMAIL_PATTERN.test(form.email.trim())) problems.email = 'Please enter a valid email address.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSending(true);
    try {
      const answer = await callApi<{ message: string }>('POST', '/auth/password-reset', { username: form.username.trim(), email: form.email.trim() });
      notify(answer.message, { type: 'success', autoHideDuration: 8000 });
      navigate('/login');
    } catch (error) {
      if (isFailure(error)) setErrors(error.fieldErrors);
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
      setSending(false);
    }
  };

  return (
    <PublicFrame title="Reset Password" icon={<KeyOutlined fontSize="small" />}>
      <Typography variant="body2" color="text.secondary">
        Enter your username and the email address on your account. We will email you a link to set a new password.
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Reset Password">
        <TextField id="reset-username" label="Username" autoComplete="username" required fullWidth margin="normal" autoFocus
          value={form.username} onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))} error={!!errors.username} helperText={errors.username} />
        <TextField id="reset-email" label="Email" type="email" autoComplete="email" required fullWidth margin="normal"
          value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} error={!!errors.email} helperText={errors.email} />
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? 'Sending…' : 'Reset Password'}
          </Button>
        </Stack>
      </Box>
    </PublicFrame>
  );
};

/** Link states (spec §2): 0 not checked yet, 1 show the form, 2 the link is invalid. */
type LinkState = 0 | 1 | 2;

/**
 * The page a mailed link opens: /initialPassword/{userId}/{userName}/{userEmail}/{uuid} (spec 002 §2), for the
 * initial password of a new user or a reset. Only the uuid (the signed token) is sent; the server checks it and
 * names the account. /set-password/{token} is the form of links mailed before.
 */
export const SetPasswordPage = () => {
  const { uuid, token: legacyToken } = useParams();
  const token = uuid ?? legacyToken ?? '';
  const navigate = useNavigate();
  const notify = useNotify();
  const [state, setState] = useState<LinkState>(0);
  const [purpose, setPurpose] = useState<string | undefined>();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    callApi<{ state: LinkState; purpose?: string }>('POST', '/auth/password-link/status', { token })
      .then((answer) => {
        if (!live) return;
        setState(answer.state === 1 ? 1 : 2);
        setPurpose(answer.purpose);
      })
      .catch(() => live && setState(2));
    return () => {
      live = false;
    };
  }, [token]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const format = passwordProblems(form.password);
    if (format) problems.password = format;
    if (!form.confirmPassword) problems.confirmPassword = 'Please confirm the new password.';
    else if (form.confirmPassword !== form.password) problems.confirmPassword = PASSWORD_MISMATCH_MESSAGE;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const answer = await callApi<{ message: string }>('POST', '/auth/password-link', { token, ...form });
      notify(answer.message, { type: 'success', autoHideDuration: 5000 });
      navigate('/login', { replace: true });
    } catch (error) {
      if (isFailure(error)) {
        setErrors(error.fieldErrors);
        if (error.body.state === 2 || error.messageKey === 'link_invalid') setState(2);
      }
      notify(failureMessage(error), { type: 'error', autoHideDuration: 5000 });
      setSaving(false);
    }
  };

  const title = purpose === 'reset' ? 'Set a new password' : 'Set your password';
  return (
    <PublicFrame title={state === 2 ? 'Link not valid' : title} icon={<KeyOutlined fontSize="small" />}>
      {state === 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>Checking your link…</Typography>
        </Box>
      )}
      {state === 2 && (
        <Alert severity="warning" role="alert">
          The current link is invalid. You can{' '}
          <Link component={RouterLink} to="/login">
            click here
          </Link>{' '}
          to return to the landing page.
        </Alert>
      )}
      {state === 1 && (
        <Box component="form" noValidate onSubmit={save} aria-label={title}>
          <Typography variant="body2" color="text.secondary">
            {PASSWORD_FORMAT_MESSAGE}
          </Typography>
          <PasswordField id="new-password" label="New password" autoComplete="new-password" autoFocus value={form.password}
            onChange={(password) => setForm((f) => ({ ...f, password }))} error={errors.password} />
          <PasswordField id="confirm-password" label="Confirm password" autoComplete="new-password" value={form.confirmPassword}
            onChange={(confirmPassword) => setForm((f) => ({ ...f, confirmPassword }))} error={errors.confirmPassword} />
          <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/login')}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </Stack>
        </Box>
      )}
    </PublicFrame>
  );
};

/** Spec §2 /privacy: the Confidentiality Statement / User Agreement and the Privacy Policy. */
export const PrivacyPage = () => (
  <PublicFrame title="Confidentiality Statement" icon={<PolicyOutlined fontSize="small" />} width={760}>
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">User Agreement</Typography>
      <Typography variant="body2">
        This system holds confidential information about children and families. By signing in you agree to use it
        only for your assigned work, to keep what you see confidential, not to share your credentials, and to sign
        out on shared devices. Your activity is recorded.
      </Typography>
      <Typography component="h2" variant="h6">Privacy Policy</Typography>
      <Typography variant="body2">
        We collect the information needed to record and review assessments: your name, work contact details and the
        assessments you enter. It is used only to run the assessment programme and is shared only as the law requires.
      </Typography>
      <Typography component="h2" variant="h6">Changes to This Privacy Policy</Typography>
      <Typography variant="body2">We may update this policy; the current version is always on this page.</Typography>
      <PolicyContact />
    </Stack>
  </PublicFrame>
);

/** The close of both privacy pages: whom to ask, and the way back to sign-in. */
const PolicyContact = () => (
  <>
    <Typography component="h2" variant="h6">Contact Us</Typography>
    <Typography variant="body2">Questions about this policy: please contact your system administrator.</Typography>
    <Box>
      <Button component={RouterLink} to="/login" variant="outlined">Back to sign in</Button>
    </Box>
  </>
);

/** Spec 002 §2 /appPrivacy: the mobile app's privacy page. */
export const AppPrivacyPage = () => (
  <PublicFrame title="Mobile App Privacy Policy" icon={<PolicyOutlined fontSize="small" />} width={760}>
    <Stack spacing={2}>
      <Typography variant="body2">
        The CANS mobile app collects no personal information. It uses no third-party services: nothing you do in
        the app is shared with advertisers, analytics providers or anyone else.
      </Typography>
      <PolicyContact />
    </Stack>
  </PublicFrame>
);
