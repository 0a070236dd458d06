import type { AuthProvider, UserIdentity } from 'react-admin';
import { ApiError, toApiError, UNREACHABLE_MESSAGE } from './api-error';
import { API_URL, dataProvider, rememberEventPosition } from './dataProvider';
import { mayAccess, routeOf } from './route-access';

/*
 * Session-cookie authentication against the NestJS API (docs/api.md, "Signing in").
 *
 *   POST /api/auth/login {login, password, rememberMe, agreed}  -> signed-in (cookie) | verification-required
 *   POST /api/auth/verification-code {channel}                  -> a 6-digit code by email (1) or phone (2)
 *   POST /api/auth/verify {code, rememberMe}                    -> signed-in, sets the HttpOnly cookie
 *   GET  /api/auth/me                                           -> the user, privileges, landingPath; 401 signed out
 *   POST /api/auth/logout                                       -> ends the session server-side
 *
 * The login page drives the steps (signInWithPassword, sendVerificationCode, verifySignInCode) and then calls
 * sessionStarted(); authProvider.login is the one-step form for a remembered device.
 */

export interface Me {
  id: string;
  fullName: string;
  privileges: string[];
  [key: string]: unknown;
}

export interface LoginParams {
  login: string;
  password: string;
  /** "Remember this device": a 7-day cookie, and the code is skipped next time on this browser. */
  rememberDevice?: boolean;
  /** The Confidentiality Statement checkbox. */
  agreed?: boolean;
}

export interface VerificationChannel {
  channel: 1 | 2;
  name: 'email' | 'phone';
  enabled: boolean;
  destination: string | null;
  reason: string | null;
}

export type PasswordStep =
  | { status: 'signed-in'; user: Me | null; phoneMissing?: boolean; message?: string }
  | { status: 'verification-required'; channels: VerificationChannel[]; expiresInSeconds: number; reason: string };

export interface CodeSent {
  channel: 1 | 2;
  destination: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
  message: string;
}

/**
 * Where signing out (or a session found ended) leads from the page the user is on (spec 002 §4 "Route guard"):
 * an in-app route to /login?redirect={path}, so signing in returns there; a path that is no route to /404.
 */
const signInPageFor = ({ pathname, search }: Pick<Location, 'pathname' | 'search'>): string => {
  if (pathname === '/' || pathname === '/login') return '/login';
  if (!routeOf(pathname)) return '/404';
  return `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
};

/**
 * Rejection shape understood by react-admin: `message: false` suppresses the
 * notification, `logoutUser: false` keeps the session on checkError.
 */
export interface AuthFailure {
  message: string | false;
  status?: number;
  logoutUser?: boolean;
}

const failure = (message: string | false, status?: number, logoutUser?: boolean): AuthFailure =>
  logoutUser === undefined ? { message, status } : { message, status, logoutUser };

const UNAVAILABLE = 'The CANS service is temporarily unavailable. Please try again shortly.';

const jsonRequest = (path: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${API_URL}${path}`, {
    ...init,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });

const readMessage = async (response: Response): Promise<string | undefined> => {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body) {
      const { message } = body as { message: unknown };
      if (typeof message === 'string') return message;
      if (Array.isArray(message)) return message.join('\n');
    }
  } catch {
    // not JSON
  }
  return undefined;
};

/*
 * /api/auth/me is cached briefly so checkAuth (called on every navigation),
 * getIdentity, getPermissions and canAccess share one request.
 */
const ME_TTL_MS = 30_000;
let meCache: { promise: Promise<Me>; at: number } | undefined;

const clearMe = () => {
  meCache = undefined;
};

const fetchMe = async (): Promise<Me> => {
  let response: Response;
  try {
    response = await jsonRequest('/auth/me');
  } catch {
    throw failure(UNREACHABLE_MESSAGE);
  }
  if (response.status === 401) {
    // Plain "not signed in": go to the login page without an error toast.
    throw failure(false, 401);
  }
  if (!response.ok) {
    throw failure(response.status >= 500 ? UNAVAILABLE : ((await readMessage(response)) ?? UNAVAILABLE), response.status);
  }
  const me = (await response.json()) as Partial<Me>;
  return {
    ...me,
    id: String(me.id ?? ''),
    fullName: me.fullName ?? '',
    privileges: Array.isArray(me.privileges) ? me.privileges : [],
  };
};

export const getMe = (): Promise<Me> => {
  if (!meCache || Date.now() - meCache.at > ME_TTL_MS) {
    const promise = fetchMe();
    meCache = { promise, at: Date.now() };
    promise.catch(() => {
      if (meCache?.promise === promise) clearMe();
    });
  }
  return meCache.promise;
};

/**
 * POSTs one sign-in step; rejects with an ApiError. A server fault (5xx but 503, which carries its own sentence)
 * reads as "temporarily unavailable"; a refusal without a sentence as "Sign-in failed.".
 */
const signInStep = async <T>(path: string, body: object): Promise<T> => {
  try {
    return await dataProvider.send<T>('POST', path, body);
  } catch (caught) {
    const error = toApiError(caught);
    if (error.status === 0) throw error;
    const serverFault = error.status >= 500 && error.status !== 503;
    const message = serverFault ? UNAVAILABLE : typeof error.body.message === 'string' ? error.body.message : 'Sign-in failed.';
    throw new ApiError(message, { status: error.status, messageKey: error.messageKey, fieldErrors: error.fieldErrors, body: error.body });
  }
};

/** Step 1: login name and password. */
export const signInWithPassword = (params: LoginParams): Promise<PasswordStep> => {
  clearMe();
  return signInStep<PasswordStep>('/auth/login', {
    login: params.login,
    password: params.password,
    rememberMe: params.rememberDevice ?? true,
    agreed: params.agreed ?? true,
  });
};

/** Step 2: send a code by email (1) or phone (2). */
export const sendVerificationCode = (channel: 1 | 2): Promise<CodeSent> => signInStep<CodeSent>('/auth/verification-code', { channel });

/** Step 3: confirm the code; the server sets the session cookie. */
export const verifySignInCode = (code: string, rememberDevice: boolean): Promise<PasswordStep & { status: 'signed-in' }> => {
  clearMe();
  return signInStep('/auth/verify', { code, rememberMe: rememberDevice });
};

/** After a completed sign-in: forget any cached "signed out" answer so the app loads the new user. */
export const sessionStarted = (): void => clearMe();

export const authProvider: AuthProvider = {
  /** One-step sign-in (a remembered device); a code request is an error here — the login page handles it. */
  async login(params: LoginParams) {
    let step: PasswordStep;
    try {
      step = await signInWithPassword(params);
    } catch (error) {
      const refusal = toApiError(error);
      throw failure(refusal.message, refusal.status);
    }
    if (step.status !== 'signed-in') throw failure('A verification code is required.', 401);
    sessionStarted();
  },

  async logout() {
    clearMe();
    try {
      const response = await jsonRequest('/auth/logout', { method: 'POST' });
      rememberEventPosition(response.headers);
    } catch {
      // Offline or already signed out: the login page is where we go anyway.
    }
    return signInPageFor(window.location);
  },

  async checkAuth() {
    await getMe();
  },

  async checkError(error: { status?: number } | undefined) {
    const status = error?.status;
    if (status === 401) {
      clearMe();
      throw failure('Your session has ended. Please sign in again.', 401);
    }
    if (status === 403) {
      // Keep the user signed in; react-admin shows this message instead.
      throw failure('You do not have permission to do that.', 403, false);
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const me = await getMe();
    return { ...me, id: me.id, fullName: me.fullName };
  },

  /**
   * A visitor of a public page (/login/{username}, /superLogin, /privacy …, no in-app route) who is not signed in
   * holds no privileges. react-admin asks on every page inside its routes and signs out on a rejection, which from
   * such a page led to the 404 page seconds after it opened (issue 28: "/login/worker1 ends on 404").
   */
  async getPermissions(): Promise<string[]> {
    try {
      return (await getMe()).privileges;
    } catch (error) {
      if ((error as AuthFailure | undefined)?.status === 401 && !routeOf(window.location.pathname)) return [];
      throw error;
    }
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    try {
      return mayAccess((await getMe()).privileges, resource, action);
    } catch {
      return false;
    }
  },
};
