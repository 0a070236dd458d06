import type { AuthProvider, UserIdentity } from 'react-admin';
import { API_URL, rememberEventPosition } from './dataProvider';

/*
 * Session-cookie authentication against the NestJS API.
 *
 *   POST /api/auth/login   { login, password }  -> 2xx sets the session cookie
 *                                                   4xx { message } is shown on the login page
 *   GET  /api/auth/me                            -> 200 { id, fullName, privileges: string[], ... }
 *                                                   401 when there is no valid session
 *   POST /api/auth/logout                        -> clears the session cookie
 *
 * The identity feature (src/identity/) will flesh this out; until then login
 * is a thin placeholder that simply forwards the credentials.
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
  /** UI placeholder for now; not sent to the API yet. */
  rememberDevice?: boolean;
}

/**
 * resource -> action -> required privilege.
 *
 * Filled in by the feature folders as they land, e.g.
 *   assessments: { list: 'assessment.read', show: 'assessment.read', create: 'assessment.create' },
 *   audit:       { list: 'audit.read' },
 * A resource/action that is not listed here is allowed in the UI: the API is
 * the authority and answers 403 anyway (see checkError). Listing an entry only
 * hides menu items and buttons the user cannot use.
 */
export const ACCESS_TABLE: Readonly<Record<string, Readonly<Partial<Record<string, string>>>>> = {};

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

const UNREACHABLE = 'The CANS service cannot be reached. Please try again shortly.';
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
    throw failure(UNREACHABLE);
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

export const authProvider: AuthProvider = {
  async login({ login, password }: LoginParams) {
    clearMe();
    let response: Response;
    try {
      response = await jsonRequest('/auth/login', {
        method: 'POST',
        body: JSON.stringify({ login, password }),
      });
    } catch {
      throw failure(UNREACHABLE);
    }
    if (!response.ok) {
      const message =
        response.status >= 500
          ? UNAVAILABLE
          : ((await readMessage(response)) ??
            (response.status === 401 ? 'Sign-in failed. Check your username and password.' : 'Sign-in failed.'));
      throw failure(message, response.status);
    }
    rememberEventPosition(response.headers);
  },

  async logout() {
    clearMe();
    try {
      const response = await jsonRequest('/auth/logout', { method: 'POST' });
      rememberEventPosition(response.headers);
    } catch {
      // Offline or already signed out: the login page is where we go anyway.
    }
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

  async getPermissions(): Promise<string[]> {
    return (await getMe()).privileges;
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    const required = ACCESS_TABLE[resource]?.[action];
    if (!required) return true;
    try {
      return (await getMe()).privileges.includes(required);
    } catch {
      return false;
    }
  },
};
