import { useEffect, useState, type FormEvent } from 'react';
import type { ApiError } from '../../providers/api-error';
import { useCheckAuth, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { getMe, signInWithPassword, type LoginParams, type PasswordStep, type VerificationChannel } from '../../providers/authProvider';
import { useEnterApp } from './useEnterApp';

export interface SignInForm {
  login: string;
  password: string;
  agreed: boolean;
  rememberDevice: boolean;
}

/** Already signed in (valid session cookie)? Go to the app (spec: /login when logged in goes to /). */
const useLeaveWhenSignedIn = () => {
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  useEffect(() => {
    checkAuth({}, false)
      .then(() => getMe().then((me) => navigate(String(me.landingPath ?? '/'), { replace: true })))
      .catch(() => undefined);
  }, [checkAuth, navigate]);
};

/**
 * The password step of the sign-in page (spec §4 "Login"): the form, its messages, and the channels of the code step
 * when the server asks for one. Signing in itself is the auth provider's (session cookie, cached identity).
 */
export const useSignIn = () => {
  const translate = useTranslate();
  const enterApp = useEnterApp();
  const { username: prefilled } = useParams();
  useLeaveWhenSignedIn();
  const [form, setForm] = useState<SignInForm>({ login: prefilled ?? '', password: '', agreed: true, rememberDevice: true });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();
  const [channels, setChannels] = useState<VerificationChannel[] | null>(null);
  const passwordStep = useMutation<PasswordStep, ApiError, LoginParams>({
    mutationFn: signInWithPassword,
    onSuccess: async (step) => {
      if (step.status === 'signed-in') await enterApp(step.user, !!step.phoneMissing);
      else setChannels(step.channels);
    },
    onError: (failure) => {
      setFieldErrors(failure.fieldErrors);
      setError(failure.message);
    },
  });
  // Signed in: the button stays busy while the app loads.
  const submitting = passwordStep.isPending || (passwordStep.isSuccess && passwordStep.data.status === 'signed-in');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const login = form.login.trim();
    // Spec §4: an empty login name is ignored (nothing is sent); the field says why.
    if (!login) return setFieldErrors({ login: translate('cans.identity.sign_in.login_required') });
    if (!form.password) return setFieldErrors({ password: translate('cans.identity.sign_in.password_required') });
    setFieldErrors({});
    passwordStep.mutate({ login, password: form.password, rememberDevice: form.rememberDevice, agreed: form.agreed });
  };

  /** The code step ended the sign-in (e.g. locked meanwhile): back to the form with the server's message. */
  const restart = (message: string) => {
    setChannels(null);
    setError(message);
    setForm((f) => ({ ...f, password: '' }));
  };

  return {
    prefilled,
    form,
    setForm,
    fieldErrors,
    error,
    submitting,
    submit,
    channels,
    cancelCodeStep: () => setChannels(null),
    restart,
    enterApp,
  };
};
