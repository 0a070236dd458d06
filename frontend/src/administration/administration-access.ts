import type { AccessTable, RouteAccess } from '../providers/access-table';

/**
 * The administration settings (spec 002 §2 /setting/…): what the UI requires before showing a menu entry or
 * rendering a route. The server is the authority (docs/permissions.md).
 */
export const administrationAccess: AccessTable = {
  'setting-agency': { list: 'Agency' },
  'setting-app-version': { edit: 'Setting' },
  'setting-notification': { edit: 'Setting' },
  'setting-email-server': { edit: 'Setting' },
};

export const administrationRoutes: readonly RouteAccess[] = [
  { path: '/setting/agency', resource: 'setting-agency', action: 'list' },
  { path: '/setting/appVersion', resource: 'setting-app-version', action: 'edit' },
  { path: '/setting/notification', resource: 'setting-notification', action: 'edit' },
  { path: '/setting/emailServer', resource: 'setting-email-server', action: 'edit' },
];
