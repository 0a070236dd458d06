import type { AccessTable, RouteAccess } from '../providers/access-table';

/**
 * resource -> action -> the privilege the UI requires before showing that resource's menu entry or button
 * (react-admin canAccess) or rendering its routes (RouteGuard). The server is the authority; this only hides what
 * the user cannot use. Same guards as the API (docs/permissions.md); managing user groups additionally needs
 * group 1 or 153 (the `canManageUserGroups` flag of GET /api/auth/me), which the group screens check.
 */
export const identityAccess: AccessTable = {
  users: { list: 'User_View', show: 'User_View', create: 'User_Actions', edit: 'User_Actions', delete: 'User_Actions' },
  'user-groups': { list: 'User_View', show: 'User_View', create: 'User_View', edit: 'User_View', delete: 'User_View' },
  'api-users': { list: 'Setting', show: 'Setting', create: 'Setting', edit: 'Setting', delete: 'Setting' },
  'system-log': { list: 'Setting' },
};

/**
 * Custom routes of the feature inside the layout; /profile/index is open to every signed-in user; the spec's paths
 * of the user, API user and system log screens redirect to ours under the same guard.
 */
export const identityRoutes: readonly RouteAccess[] = [
  { path: '/profile/index', title: 'cans.identity.menu.my_account' },
  { path: '/user/user', resource: 'users', action: 'list', title: 'cans.identity.menu.users' },
  { path: '/setting/apiUser', resource: 'api-users', action: 'list', title: 'cans.identity.menu.api_users' },
  { path: '/setting/systemLog', resource: 'system-log', action: 'list', title: 'cans.identity.menu.system_log' },
];
