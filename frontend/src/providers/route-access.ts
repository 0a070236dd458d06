import { matchPath } from 'react-router-dom';
import { administrationAccess, administrationRoutes } from '../administration/administration-access';
import { assessmentsAccess, assessmentsRoutes } from '../assessments/assessments-access';
import { identityAccess, identityRoutes } from '../identity/identity-access';
import { libraryAccess, libraryRoutes } from '../library/library-access';
import { reportsAccess, reportsRoutes } from '../reports/reports-access';
import { dataFeedAccess, dataFeedRoutes } from '../data-feed/data-feed-access';
import { analyticsAccess, analyticsRoutes } from '../analytics/analytics-access';
import { holdsPrivilege, type AccessTable, type RequiredPrivilege, type RouteAccess } from './access-table';

/**
 * One place that knows every in-app route and what it needs (spec 002 §2 route table), merged from each feature's
 * <feature>-access.ts: react-admin's canAccess, the route guard of the layout and the sign-in redirect use it.
 */

/** The app shell's own routes: /home needs HOME_SHOW (spec 002 §2); / only leads to the landing page; About is open. */
const appAccess: AccessTable = { home: { show: 'HOME_SHOW' } };
const appRoutes: readonly RouteAccess[] = [{ path: '/' }, { path: '/home', resource: 'home', action: 'show' }, { path: '/about' }];

/**
 * resource -> action -> required privilege. A resource/action that is not listed is allowed in the UI: the API is
 * the authority and answers 403 anyway. Listing an entry hides menu items and buttons and guards routes.
 */
export const ACCESS_TABLE: AccessTable = {
  ...appAccess,
  ...administrationAccess,
  ...identityAccess,
  ...libraryAccess,
  ...assessmentsAccess,
  ...reportsAccess,
  ...dataFeedAccess,
  ...analyticsAccess,
};

/** react-admin's own routes of a resource (list, create, edit, show) and the action each needs. */
const resourceRoutes = (resource: string): RouteAccess[] => [
  { path: `/${resource}`, resource, action: 'list' },
  { path: `/${resource}/create`, resource, action: 'create' },
  { path: `/${resource}/:id`, resource, action: 'edit' },
  { path: `/${resource}/:id/show`, resource, action: 'show' },
];

const ROUTES: readonly RouteAccess[] = [
  ...appRoutes,
  ...assessmentsRoutes,
  ...reportsRoutes,
  ...libraryRoutes,
  ...identityRoutes,
  ...administrationRoutes,
  ...dataFeedRoutes,
  ...analyticsRoutes,
  ...['users', 'user-groups', 'api-users', 'system-log'].flatMap(resourceRoutes),
];

/** The route a path belongs to (most specific first: literal routes are listed before parameter routes). */
export const routeOf = (pathname: string): RouteAccess | undefined => {
  const literal = ROUTES.find((route) => !route.path.includes(':') && matchPath({ path: route.path, end: true }, pathname));
  return literal ?? ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
};

/** What the route of a path needs: undefined when it is open to every signed-in user (or not a route at all). */
export const requiredFor = (route: RouteAccess | undefined): RequiredPrivilege | undefined =>
  route?.resource && route.action ? ACCESS_TABLE[route.resource]?.[route.action] : undefined;

/** Whether privileges open a resource/action (react-admin canAccess, menu entries). */
export const mayAccess = (privileges: readonly string[] | undefined, resource: string, action: string): boolean => {
  const required = ACCESS_TABLE[resource]?.[action];
  return required === undefined || holdsPrivilege(privileges, required);
};

/** Whether privileges open the page at a path; false for a path that is no route (the 404 page then). */
export const mayOpen = (privileges: readonly string[] | undefined, pathname: string): boolean => {
  const route = routeOf(pathname);
  if (!route) return false;
  const required = requiredFor(route);
  return required === undefined || holdsPrivilege(privileges, required);
};
