/* The history page's small conversions: its filters as a query string, and the date-time inputs' values. */

/** The history's filters as the API takes them (and as the page keeps them in its address). */
export const historyQuery = (userId: string, kind: string): string => {
  const params = new URLSearchParams();
  if (userId) params.set('userId', userId);
  if (kind) params.set('kind', kind);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A local date-time input's value ('yyyy-MM-ddTHH:mm') as an ISO instant, or null. */
export const localInputToIso = (value: string): string | null => {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

/**
 * Now, as a local date-time input's value, to the second: cut to the minute it would lie before an assessment
 * created a few seconds ago ("did not exist yet").
 */
export const nowForInput = (): string => {
  const now = new Date();
  now.setMilliseconds(0);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};
