import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

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

/** NestJS error bodies carry `message` as a string or (validation) a string[]. */
const messageFromBody = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object' || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('\n');
  return undefined;
};

/**
 * fetchJson with session cookies, JSON Accept, read-your-writes headers and
 * readable NestJS error messages. Also usable by custom pages.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? undefined);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  const read = isRead(options.method);
  const waitFor = read ? getWaitForPosition() : undefined;
  if (waitFor !== undefined) headers.set(WAIT_FOR_POSITION_HEADER, waitFor);

  try {
    const response = await fetchUtils.fetchJson(url, {
      ...options,
      headers,
      credentials: 'include',
    });
    if (!read) rememberEventPosition(response.headers);
    return response;
  } catch (error) {
    if (error instanceof HttpError) {
      const message = messageFromBody(error.body);
      if (message && message !== error.message) {
        throw new HttpError(message, error.status, error.body);
      }
    }
    throw error;
  }
};

export const dataProvider: DataProvider = simpleRestProvider(API_URL, httpClient);
