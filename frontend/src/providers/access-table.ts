/**
 * The shapes of each feature's <feature>-access.ts. The server is the authority on every action; these tables only
 * decide what the UI shows: menu entries and buttons (react-admin canAccess) and which routes render (RouteGuard).
 */

/** A privilege, or several of which any one is enough. */
export type RequiredPrivilege = string | readonly string[];

/** resource -> action -> the privilege the UI requires (react-admin canAccess). */
export type AccessTable = Readonly<Record<string, Readonly<Partial<Record<string, RequiredPrivilege>>>>>;

/**
 * An in-app route (spec 002 §2 route table) and the resource/action of an access table it needs before it renders.
 * Resource routes (/users, /users/create …) need no entry: their paths map to the table by themselves.
 */
export interface RouteAccess {
  path: string;
  /** Omitted: open to every signed-in user. */
  resource?: string;
  action?: string;
  /** The page's name in the breadcrumb (an i18n key or the text); omitted: no breadcrumb (redirects, aliases' targets). */
  title?: string;
  /** The route above it in the breadcrumb, by path pattern (its parameters are filled from this page's). */
  parent?: string;
}

export const holdsPrivilege = (privileges: readonly string[] | undefined, required: RequiredPrivilege): boolean => {
  if (!Array.isArray(privileges)) return false;
  return typeof required === 'string' ? privileges.includes(required) : required.some((p) => privileges.includes(p));
};
