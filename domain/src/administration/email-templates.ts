/**
 * The twelve email templates of spec 002 §2 "Email Templates", one of ours (AccountLockedOut: sign-in locked after
 * wrong verification codes, docs/security.md) and, per template, the placeholders its mail is
 * rendered with. Placeholders are written `{{name}}` in the subject and the body; a sender passes exactly these
 * values (TemplatedMailer adds `appUrl` to every mail), and an unknown placeholder renders empty.
 */

export const EMAIL_TEMPLATE_NAMES = [
  'IncompleteAssessment',
  'ResetExpiredPassword',
  'ResetPassword',
  'CreateUser',
  'ReAssign',
  'FollowUpAssessment',
  'OverdueAssessment',
  'PendingApproval',
  'LoginEmailVerification',
  'RegisterEmailVerification',
  'ReviewUser',
  'ConductNextAssessment',
  'AccountLockedOut',
] as const;

export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number];

/** The template the page opens with (spec 002 §2). */
export const DEFAULT_EMAIL_TEMPLATE: EmailTemplateName = 'IncompleteAssessment';

export function isEmailTemplateName(name: unknown): name is EmailTemplateName {
  return typeof name === 'string' && (EMAIL_TEMPLATE_NAMES as readonly string[]).includes(name);
}

/** Spec 002 §3 "Email template … label": what the selector shows. */
export const EMAIL_TEMPLATE_LABELS: Readonly<Record<EmailTemplateName, string>> = {
  IncompleteAssessment: 'Incomplete Assessment',
  ResetExpiredPassword: 'Reset Expired Password',
  ResetPassword: 'Reset Password',
  CreateUser: 'Create User',
  ReAssign: 'Reassign Assessment',
  FollowUpAssessment: 'Follow-up Assessment',
  OverdueAssessment: 'Overdue Assessment',
  PendingApproval: 'Pending Approval',
  LoginEmailVerification: 'Login Email Verification',
  RegisterEmailVerification: 'Register Email Verification',
  ReviewUser: 'Review User',
  ConductNextAssessment: 'Conduct Next Assessment',
  AccountLockedOut: 'Account Locked Out',
};

export interface EmailTemplatePlaceholder {
  name: string;
  description: string;
}

const p = (name: string, description: string): EmailTemplatePlaceholder => ({ name, description });

/** Given to every template by the mailer. */
export const COMMON_PLACEHOLDERS: readonly EmailTemplatePlaceholder[] = [p('appUrl', 'The address of the CANS application')];

const RECIPIENT = p('userName', "The recipient's full name");
const USERNAME = p('username', "The recipient's username (for signing in)");

/**
 * The values the daily reminder job passes (IncompleteAssessment, PendingApproval, FollowUpAssessment,
 * OverdueAssessment, ConductNextAssessment). Mails carry the child's PID, never the child's name.
 */
export const REMINDER_PLACEHOLDERS: readonly EmailTemplatePlaceholder[] = [
  RECIPIENT,
  p('assessorName', "The assessor's full name"),
  p('pid', "The child's PID"),
  p('assessmentLink', 'The link that opens the assessment'),
  p('dateOfAssessment', 'The date of the assessment (MM/dd/yyyy)'),
  p('dueDate', 'The due date (MM/dd/yyyy; may be empty)'),
  p('days', 'The number of days of the reminder rule'),
  p('status', "The assessment's status"),
];

const VERIFICATION = [RECIPIENT, p('code', 'The 6-digit verification code'), p('minutes', 'Minutes until the code expires')];

const PASSWORD_LINK = [RECIPIENT, USERNAME, p('link', 'The link that sets the password (works once)')];

export const EMAIL_TEMPLATE_PLACEHOLDERS: Readonly<Record<EmailTemplateName, readonly EmailTemplatePlaceholder[]>> = {
  IncompleteAssessment: REMINDER_PLACEHOLDERS,
  FollowUpAssessment: REMINDER_PLACEHOLDERS,
  OverdueAssessment: REMINDER_PLACEHOLDERS,
  PendingApproval: REMINDER_PLACEHOLDERS,
  ConductNextAssessment: REMINDER_PLACEHOLDERS,
  LoginEmailVerification: VERIFICATION,
  RegisterEmailVerification: VERIFICATION,
  CreateUser: [...PASSWORD_LINK, p('days', 'Days the link stays valid')],
  ResetPassword: [...PASSWORD_LINK, p('hours', 'Hours the link stays valid')],
  ResetExpiredPassword: [...PASSWORD_LINK, p('hours', 'Hours the link stays valid')],
  ReAssign: [
    RECIPIENT,
    p('previousOwnerName', 'The full name of the previous owner'),
    p('reassignedBy', 'The full name of the user who reassigned the assessment'),
    p('pid', "The child's PID"),
    p('assessmentLink', 'The link that opens the assessment'),
    p('dateOfAssessment', 'The date of the assessment (MM/dd/yyyy)'),
    p('status', "The assessment's status"),
  ],
  ReviewUser: [RECIPIENT, USERNAME],
  AccountLockedOut: [RECIPIENT, USERNAME, p('minutes', 'Minutes sign-in stays locked')],
};

/** The placeholders a template documents: its own, then the common ones. */
export function placeholdersOf(template: EmailTemplateName): readonly EmailTemplatePlaceholder[] {
  return [...EMAIL_TEMPLATE_PLACEHOLDERS[template], ...COMMON_PLACEHOLDERS];
}

/** A subject and a body as saved (sanitised rich text) or built in. */
export interface EmailTemplateContent {
  subject: string;
  body: string;
}

export const EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH = 200;
/** A mail body in characters of HTML: generous for formatted text, small enough to keep one event small. */
export const EMAIL_TEMPLATE_BODY_MAX_LENGTH = 20_000;
