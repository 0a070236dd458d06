import { generatePath, matchPath } from 'react-router-dom';
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
const appRoutes: readonly RouteAccess[] = [
  { path: '/' },
  { path: '/home', resource: 'home', action: 'show', title: 'cans.layout.home' },
  { path: '/about', title: 'cans.layout.about' },
];

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

/** react-admin's own routes of a resource (list, create, edit, show), the action each needs, and their titles. */
const resourceRoutes = (resource: string, title: string): RouteAccess[] => [
  { path: `/${resource}`, resource, action: 'list', title },
  { path: `/${resource}/create`, resource, action: 'create', title: 'ra.action.create', parent: `/${resource}` },
  { path: `/${resource}/:id`, resource, action: 'edit', title: 'ra.action.edit', parent: `/${resource}` },
  { path: `/${resource}/:id/show`, resource, action: 'show', title: 'ra.action.show', parent: `/${resource}` },
];

/** Every in-app route (exported for the consistency check of route-access.spec.ts). */
export const ROUTES: readonly RouteAccess[] = [
  ...appRoutes,
  ...assessmentsRoutes,
  ...reportsRoutes,
  ...libraryRoutes,
  ...identityRoutes,
  ...administrationRoutes,
  ...dataFeedRoutes,
  ...analyticsRoutes,
  ...resourceRoutes('users', 'cans.identity.menu.users'),
  ...resourceRoutes('user-groups', 'cans.identity.menu.user_groups'),
  ...resourceRoutes('api-users', 'cans.identity.menu.api_users'),
  ...resourceRoutes('system-log', 'cans.identity.menu.system_log'),
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

/** One step of the breadcrumb: a title (i18n key or text) and the path it opens. */
export interface Crumb {
  title: string;
  path: string;
}

/** How far up a breadcrumb goes: the deepest route is three below Home. */
const MAX_CRUMBS = 4;

/**
 * The breadcrumb of a path (spec 002 §2 "The breadcrumb shows route titles"): Home, the titled routes above the
 * page (each route's `parent`, with this page's parameters), and the page; empty for a path without a title.
 */
export const breadcrumbOf = (pathname: string): Crumb[] => {
  const route = routeOf(pathname);
  if (!route?.title) return [];
  const params = matchPath({ path: route.path, end: true }, pathname)?.params ?? {};
  const trail: Crumb[] = [];
  for (let at: RouteAccess | undefined = route; at?.title && trail.length < MAX_CRUMBS;) {
    trail.unshift({ title: at.title, path: at === route ? pathname : generatePath(at.path, params) });
    const parent: string | undefined = at.parent;
    at = parent ? ROUTES.find((candidate) => candidate.path === parent) : undefined;
  }
  return route.path === '/home' ? trail : [{ title: 'cans.layout.home', path: '/' }, ...trail];
};
