import type { EmailTemplateContent, EmailTemplateName } from './email-templates';

/**
 * The built-in subject and body of each template: what is mailed until an administrator saves the template.
 * Bodies are written in the markup the rich-text sanitiser keeps (a spec checks they are fixed points of it).
 * The identity texts keep their earlier wording ("Your verification code is: …"): people and scripts read them.
 */
const REMINDER_FOOTER = '<p>Open the assessment: <a href="{{assessmentLink}}" rel="noopener noreferrer">{{assessmentLink}}</a></p>';

export const DEFAULT_EMAIL_TEMPLATES: Readonly<Record<EmailTemplateName, EmailTemplateContent>> = {
  IncompleteAssessment: {
    subject: 'CANS assessment {{pid}} is not complete',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>The CANS assessment of the child with PID <strong>{{pid}}</strong> (date of assessment {{dateOfAssessment}}, ' +
      'assessor {{assessorName}}) is not complete yet: its status is {{status}} after {{days}} days.</p>' +
      REMINDER_FOOTER,
  },
  PendingApproval: {
    subject: 'CANS assessment {{pid}} is waiting for your approval',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>The CANS assessment of the child with PID <strong>{{pid}}</strong> by {{assessorName}} ' +
      '(date of assessment {{dateOfAssessment}}) has been waiting for approval for {{days}} days (status: {{status}}).</p>' +
      REMINDER_FOOTER,
  },
  FollowUpAssessment: {
    subject: 'A follow-up CANS assessment of {{pid}} is due',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>A follow-up CANS assessment of the child with PID <strong>{{pid}}</strong> is due {{dueDate}}. ' +
      'The last assessment by {{assessorName}} is dated {{dateOfAssessment}} (status: {{status}}).</p>' +
      REMINDER_FOOTER,
  },
  OverdueAssessment: {
    subject: 'CANS assessment {{pid}} is overdue',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>The CANS assessment of the child with PID <strong>{{pid}}</strong> by {{assessorName}} ' +
      '(date of assessment {{dateOfAssessment}}, due {{dueDate}}) is overdue by more than {{days}} days (status: {{status}}).</p>' +
      REMINDER_FOOTER,
  },
  ConductNextAssessment: {
    subject: 'Time for the next CANS assessment of {{pid}}',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>It is time to conduct the next CANS assessment of the child with PID <strong>{{pid}}</strong>: ' +
      'the last one, by {{assessorName}}, is dated {{dateOfAssessment}} (status: {{status}}). The next one is due {{dueDate}}.</p>' +
      REMINDER_FOOTER,
  },
  LoginEmailVerification: {
    subject: 'Your CANS verification code',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>Your verification code is: <strong>{{code}}</strong></p>' +
      '<p>It expires in {{minutes}} minutes and can be used once. If you did not try to sign in, change your password.</p>',
  },
  RegisterEmailVerification: {
    subject: 'Confirm your CANS email address',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>Your verification code is: <strong>{{code}}</strong></p>' +
      '<p>Enter it to confirm your email address. It expires in {{minutes}} minutes and can be used once.</p>',
  },
  CreateUser: {
    subject: 'Your CANS account',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>An account has been created for you. Your username is: <strong>{{username}}</strong></p>' +
      '<p>Set your password here (the link works once and for {{days}} days):<br /><a href="{{link}}" rel="noopener noreferrer">{{link}}</a></p>',
  },
  ResetPassword: {
    subject: 'Set a new CANS password',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>A new password was requested for your account (username: {{username}}).</p>' +
      '<p>Set it here (the link works once and for {{hours}} hours):<br /><a href="{{link}}" rel="noopener noreferrer">{{link}}</a></p>' +
      '<p>If you did not ask for this, you can ignore this email; your password stays as it is.</p>',
  },
  ResetExpiredPassword: {
    subject: 'Your CANS password has expired',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>The password of your account (username: {{username}}) has expired.</p>' +
      '<p>Set a new one here (the link works once and for {{hours}} hours):<br /><a href="{{link}}" rel="noopener noreferrer">{{link}}</a></p>',
  },
  ReAssign: {
    subject: 'A CANS assessment was reassigned to you',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>{{reassignedBy}} reassigned the CANS assessment of the child with PID <strong>{{pid}}</strong> ' +
      '(date of assessment {{dateOfAssessment}}, status: {{status}}) from {{previousOwnerName}} to you.</p>' +
      REMINDER_FOOTER,
  },
  ReviewUser: {
    subject: 'Your CANS account was approved',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>Your CANS account (username: <strong>{{username}}</strong>) has been reviewed and approved. You can sign in now:</p>' +
      '<p><a href="{{appUrl}}" rel="noopener noreferrer">{{appUrl}}</a></p>',
  },
  AccountLockedOut: {
    subject: 'Sign-in to your CANS account was locked',
    body:
      '<p>Hello {{userName}},</p>' +
      '<p>Sign-in to your account (username: {{username}}) was locked for {{minutes}} minutes after too many ' +
      'incorrect verification codes.</p>' +
      '<p>The codes were typed after your password had been accepted. If this was not you, someone knows your ' +
      'password: change it as soon as you can, or ask your administrator to reset it.</p>',
  },
};
