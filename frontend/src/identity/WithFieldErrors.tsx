import { useContext, useMemo, type ReactNode } from 'react';
import { DataProviderContext, HttpError, type DataProvider } from 'react-admin';

/** The API answers `errors: { field: ["message", …] }`; react-admin forms want one string per field. */
const flattenFieldErrors = (error: unknown): unknown => {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as { errors?: Record<string, unknown> } | undefined;
  if (!body?.errors || typeof body.errors !== 'object') return error;
  const errors = Object.fromEntries(
    Object.entries(body.errors).map(([field, messages]) => [field, Array.isArray(messages) ? messages.join(' ') : String(messages)]),
  );
  return new HttpError(error.message, error.status, { ...body, errors });
};

/**
 * Lets the identity forms show the server's 400 field messages beside their fields: the same data provider,
 * with `errors` arrays joined into the one string per field react-admin's forms expect.
 */
export const WithFieldErrors = ({ children }: { children: ReactNode }) => {
  const base = useContext(DataProviderContext);
  const provider = useMemo(
    () =>
      base
        ? (new Proxy(base, {
            get(target, name, receiver) {
              const value = Reflect.get(target, name, receiver);
              if (typeof value !== 'function') return value;
              return (...args: unknown[]) =>
                Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)).catch((error: unknown) => {
                  throw flattenFieldErrors(error);
                });
            },
          }) as DataProvider)
        : base,
    [base],
  );
  return <DataProviderContext.Provider value={provider}>{children}</DataProviderContext.Provider>;
};
