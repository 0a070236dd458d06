/**
 * What the identity mails link to and the SMS text. The mails themselves are the editable Email Templates
 * (LoginEmailVerification, CreateUser, ResetPassword: administration/email-templates/templated-mailer.ts).
 * Links point at the UI's set-password page.
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

export function verificationCodeSms(code: string, minutes: number): string {
  return `Your CANS verification code is ${code}. It expires in ${minutes} minutes.`;
}
