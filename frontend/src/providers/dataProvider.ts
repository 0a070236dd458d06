import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { toApiError } from './api-error';

/** Base path of the NestJS API (same origin; proxied to :3000 by `vite dev`). */
export const API_URL = '/api';

/*
 * Read-your-writes across the event-sourced API.
 *
 * Commands (POST/PUT/PATCH/DELETE) append events to the event store and the
 * server answers with `X-Event-Position: <global position of the last event
 * written>`. Read models (lists, shows, reports) are built asynchronously by
 * projections, so a GET issued right after a write could see stale data —
 * e.g. a freshly submitted assessment missing from the list we redirect to.
 *
 * To avoid that, we remember the highest position returned by any mutation in
 * this tab and send it as `X-Wait-For-Position` on every subsequent GET. The
 * server then waits (bounded) until the projections it reads from have
 * processed that position before answering. Positions only ever grow, so a
 * single high-water mark is enough; it lives in memory only (a reload starts
 * fresh, which is fine: by then the projections have long caught up).
 */
const EVENT_POSITION_HEADER = 'X-Event-Position';
const WAIT_FOR_POSITION_HEADER = 'X-Wait-For-Position';

let highestEventPosition: bigint | undefined;

/** Record the event position returned by a write (ignored if absent/invalid). */
export const rememberEventPosition = (headers: Headers): void => {
  const raw = headers.get(EVENT_POSITION_HEADER)?.trim();
  if (!raw || !/^\d+$/.test(raw)) return;
  // BigInt: positions are 64-bit sequence values on the server.
  const position = BigInt(raw);
  if (highestEventPosition === undefined || position > highestEventPosition) {
    highestEventPosition = position;
  }
};

/** The position GETs should wait for, if any write happened in this tab. */
export const getWaitForPosition = (): string | undefined => highestEventPosition?.toString();

const isRead = (method: string | undefined): boolean => {
  const m = (method ?? 'GET').toUpperCase();
  return m === 'GET' || m === 'HEAD';
};

/**
 * fetchJson with session cookies, JSON Accept and the read-your-writes headers. Only the data provider calls it:
 * everything else goes through `dataProvider.send`, so every failure becomes an ApiError in one place.
 */
const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? undefined);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  const read = isRead(options.method);
  const waitFor = read ? getWaitForPosition() : undefined;
  if (waitFor !== undefined) headers.set(WAIT_FOR_POSITION_HEADER, waitFor);

  const response = await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  if (!read) rememberEventPosition(response.headers);
  return response;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The function that runs one API call: path relative to `/api`, JSON body; rejects with an ApiError only. */
export type Send = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

/** react-admin's data provider plus `send`, the custom method for commands and custom reads. */
export interface CansDataProvider extends DataProvider {
  send: Send;
  sendForPage: SendForPage;
}

/** A GET of one page of a list whose total comes in `Content-Range` (ra-data-simple-rest), e.g. the report lists. */
export type SendForPage = <T>(path: string) => Promise<{ data: T[]; total: number }>;

const sendForPage: SendForPage = async <T>(path: string) => {
  try {
    const { json, headers } = await httpClient(`${API_URL}${path}`);
    const total = Number(/\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1] ?? (json as T[]).length);
    return { data: json as T[], total };
  } catch (error) {
    throw toApiError(error);
  }
};

const send: Send = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
  try {
    const { json } = await httpClient(`${API_URL}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    // The caller names the wire type of the path it calls; the server's DTOs are the contract.
    return json as T;
  } catch (error) {
    throw toApiError(error);
  }
};

/**
 * Every standard method rejects with an ApiError too, so one error type reaches every screen. The cast is sound:
 * the same methods with the same signatures, only the rejection value is mapped.
 */
const rejectingWithApiError = (provider: DataProvider): DataProvider =>
  Object.fromEntries(
    Object.entries(provider).map(([name, method]) => [
      name,
      typeof method === 'function'
        ? (...args: unknown[]) => Promise.resolve(method(...args)).catch((error: unknown) => Promise.reject(toApiError(error)))
        : method,
    ]),
  ) as DataProvider;

export const dataProvider: CansDataProvider = { ...rejectingWithApiError(simpleRestProvider(API_URL, httpClient)), send, sendForPage };
