import type { AccessTable, RouteAccess } from '../providers/access-table';

/**
 * The administration settings (spec 002 §2 /setting/…): what the UI requires before showing a menu entry or
 * rendering a route. The server is the authority (docs/permissions.md).
 */
export const administrationAccess: AccessTable = {
  'setting-agency': { list: 'Agency' },
  'setting-label': { edit: 'Label_Config' },
  'setting-option-lists': { edit: 'Label_Config' },
  'setting-app-version': { edit: 'Setting' },
  'setting-notification': { edit: 'Setting' },
  'setting-reminders': { edit: 'Setting' },
  'setting-email-templates': { edit: 'Setting' },
};

export const administrationRoutes: readonly RouteAccess[] = [
  { path: '/setting/agency', resource: 'setting-agency', action: 'list', title: 'cans.administration.menu.agencies' },
  { path: '/setting/label', resource: 'setting-label', action: 'edit', title: 'cans.administration.menu.child_labels' },
  { path: '/setting/lable', resource: 'setting-label', action: 'edit', title: 'cans.administration.menu.child_labels' },
  { path: '/setting/optionValue', resource: 'setting-option-lists', action: 'edit', title: 'cans.administration.menu.option_lists' },
  { path: '/setting/appVersion', resource: 'setting-app-version', action: 'edit', title: 'cans.administration.menu.app_version' },
  { path: '/setting/notification', resource: 'setting-notification', action: 'edit', title: 'cans.administration.menu.notification' },
  // No privilege names the super admin: these pages ask only for the super admin, and the server answers 403 to anyone else.
  { path: '/setting/emailServer', title: 'cans.administration.menu.email_server' },
  { path: '/setting/sftpServer', title: 'cans.administration.menu.sftp_server' },
  {
    path: '/setting/assessmentReminderSetting',
    resource: 'setting-reminders',
    action: 'edit',
    title: 'cans.administration.menu.reminders',
  },
  {
    path: '/setting/emailTemplate',
    resource: 'setting-email-templates',
    action: 'edit',
    title: 'cans.administration.menu.email_templates',
  },
];
