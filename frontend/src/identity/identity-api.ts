import { HttpError } from 'react-admin';
import { API_URL, httpClient } from '../providers/dataProvider';

/** An API refusal as the identity screens show it: the sentence, the catalogue key and messages per field. */
export interface ApiFailure {
  status: number;
  message: string;
  messageKey?: string;
  fieldErrors: Record<string, string>;
  body: Record<string, unknown>;
}

const GENERIC = 'Something went wrong. Please try again.';

export const toFailure = (error: unknown): ApiFailure => {
  if (error instanceof HttpError) {
    const body = (error.body && typeof error.body === 'object' ? error.body : {}) as Record<string, unknown>;
    const raw = (body.errors ?? {}) as Record<string, unknown>;
    const fieldErrors = Object.fromEntries(
      Object.entries(raw).map(([field, messages]) => [field, Array.isArray(messages) ? messages.join(' ') : String(messages)]),
    );
    const message = typeof body.message === 'string' ? body.message : error.message || GENERIC;
    return { status: error.status, message, messageKey: typeof body.messageKey === 'string' ? body.messageKey : undefined, fieldErrors, body };
  }
  return { status: 0, message: 'The CANS service cannot be reached. Please try again shortly.', fieldErrors: {}, body: {} };
};

/** JSON call to the API (cookies, read-your-writes); rejects with an ApiFailure. */
export async function callApi<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  try {
    const { json } = await httpClient(`${API_URL}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return json as T;
  } catch (error) {
    throw toFailure(error);
  }
}

export const isFailure = (error: unknown): error is ApiFailure =>
  !!error && typeof error === 'object' && 'fieldErrors' in error && 'message' in error;

export const failureMessage = (error: unknown): string => (isFailure(error) ? error.message : GENERIC);

/** Spec §5: at least 8 characters with upper and lower case, a digit and a special character. */
export const PASSWORD_FORMAT_MESSAGE =
  'The password must be at least 8 characters long and contain an upper-case letter, a lower-case letter, a digit and a special character.';
export const PASSWORD_MISMATCH_MESSAGE = 'The confirmation does not match the new password.';

export const passwordProblems = (password: string): string | undefined => {
  if (!password) return 'Please enter a new password.';
  const ok = password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9\s]/.test(password);
  return ok ? undefined : PASSWORD_FORMAT_MESSAGE;
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;

/** Spec §5 dates: shown MM/dd/yyyy. Accepts yyyy-MM-dd or an ISO timestamp. */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  if (value.length <= 10) return `${match[2]}/${match[3]}/${match[1]}`;
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

export interface PrivilegeOption {
  id: string;
  description: string;
}

export const USER_STATUS = { Inactive: 0, Active: 1, Lock: 2, PendingApproval: 3 } as const;
export const USER_STATUS_LABELS: Record<number, string> = { 0: 'Inactive', 1: 'Active', 2: 'Lock', 3: 'Pending approval' };
