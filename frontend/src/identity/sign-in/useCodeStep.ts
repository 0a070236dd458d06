import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../providers/api-error';
import { useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { sendVerificationCode, verifySignInCode, type CodeSent, type Me } from '../../providers/authProvider';
import { endsSignIn } from './sign-in-failure';
import { useCountdown } from './useCountdown';

/** Spec §9: the Get button waits 60 seconds between codes. */
export const RESEND_COUNTDOWN_SECONDS = 60;

export type Channel = 1 | 2;

export interface CodeStepOptions {
  rememberDevice: boolean;
  onSignedIn: (user: Me | null, phoneMissing: boolean) => void;
  onRestart: (message: string) => void;
}

/** The code step of the sign-in (spec §2 "Verification dialog"): choose a channel, get a code, confirm it. */
export const useCodeStep = ({ rememberDevice, onSignedIn, onRestart }: CodeStepOptions) => {
  const translate = useTranslate();
  const [channel, setChannel] = useState<Channel>(1);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | undefined>();
  const [countdown, setCountdown] = useCountdown();

  const sendCode = useMutation<CodeSent, ApiError, Channel>({
    mutationFn: sendVerificationCode,
    onMutate: () => setNotice(undefined),
    onSuccess: (sent) => {
      setCountdown(sent.resendAfterSeconds || RESEND_COUNTDOWN_SECONDS);
      setNotice({ severity: 'success', text: `${sent.message} (${sent.destination})` });
    },
    onError: (failure) => {
      if (endsSignIn(failure)) return onRestart(failure.message);
      if (failure.messageKey === 'code_has_sent') setCountdown(Number(failure.body.retryAfterSeconds) || RESEND_COUNTDOWN_SECONDS);
      setNotice({ severity: 'error', text: failure.fieldErrors.channel ?? failure.message });
    },
  });

  const confirmCode = useMutation<Awaited<ReturnType<typeof verifySignInCode>>, ApiError, string>({
    mutationFn: (typed) => verifySignInCode(typed, rememberDevice),
    onSuccess: (result) => onSignedIn(result.user, !!result.phoneMissing),
    onError: (failure) => {
      if (endsSignIn(failure)) return onRestart(failure.message);
      setCodeError(failure.fieldErrors.code ?? failure.message);
    },
  });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    // Helps typing: a code is six digits (the server checks it again).
    if (!typed) return setCodeError(translate('cans.identity.verification.code_required'));
    if (!/^\d{6}$/.test(typed)) return setCodeError(translate('cans.identity.verification.code_format'));
    setCodeError(undefined);
    confirmCode.mutate(typed);
  };

  return {
    channel,
    setChannel,
    code,
    // Digits only, six at most.
    typeCode: (value: string) => setCode(value.replace(/[^\d]/g, '').slice(0, 6)),
    codeError,
    notice,
    countdown,
    sending: sendCode.isPending,
    getCode: () => sendCode.mutate(channel),
    // Signed in: stays busy while the app loads.
    confirming: confirmCode.isPending || confirmCode.isSuccess,
    confirm,
  };
};
