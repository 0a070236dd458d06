import type { MailMessage } from './mailer';

/**
 * Texts of the identity mails (plain text for now; the spec's editable Email Templates — LoginEmailVerification,
 * CreateUser, ResetPassword — can replace them later). Links point at the UI's set-password page.
 */
export const PASSWORD_LINK_PATH = '/initialPassword/';

/** Whose password the link sets: shown in the link as the spec's route has it. */
export interface PasswordLinkAccount {
  userId: string;
  username: string;
  email: string;
}

/**
 * The spec's route /initialPassword/{userId}/{userName}/{userEmail}/{uuid} (002 §2), for the initial password and
 * for a reset alike. Only the signed token (the uuid part) counts: the page posts it and the server checks it.
 */
export function passwordLinkUrl(publicUrl: string, account: PasswordLinkAccount, token: string): string {
  const segments = [account.userId, account.username, account.email, token].map(encodeURIComponent);
  return `${publicUrl}${PASSWORD_LINK_PATH}${segments.join('/')}`;
}

export function verificationCodeMail(to: string, fullName: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Your CANS verification code',
    text:
      `Hello ${fullName},\n\n` +
      `Your verification code is: ${code}\n\n` +
      `It expires in ${minutes} minutes and can be used once. If you did not try to sign in, change your password.\n`,
  };
}

export function verificationCodeSms(code: string, minutes: number): string {
  return `Your CANS verification code is ${code}. It expires in ${minutes} minutes.`;
}

export function initialPasswordMail(to: string, fullName: string, username: string, link: string, days: number): MailMessage {
  return {
    to,
    subject: 'Your CANS account',
    text:
      `Hello ${fullName},\n\n` +
      `An account has been created for you. Your username is: ${username}\n\n` +
      `Set your password here (the link works once and for ${days} days):\n${link}\n`,
  };
}

export function resetPasswordMail(to: string, fullName: string, username: string, link: string, hours: number): MailMessage {
  return {
    to,
    subject: 'Set a new CANS password',
    text:
      `Hello ${fullName},\n\n` +
      `A new password was requested for your account (username: ${username}).\n\n` +
      `Set it here (the link works once and for ${hours} hours):\n${link}\n\n` +
      `If you did not ask for this, you can ignore this email; your password stays as it is.\n`,
  };
}
