import { useContext, useMemo, type ReactNode } from 'react';
import { DataProviderContext, type DataProvider } from 'react-admin';
import { ApiError, toApiError } from '../providers/api-error';

/** The same ApiError, with `body.errors` as the one string per field react-admin's forms expect. */
const withFormFieldErrors = (error: unknown): ApiError => {
  const failure = toApiError(error);
  if (Object.keys(failure.fieldErrors).length === 0) return failure;
  const { status, messageKey, fieldErrors, body } = failure;
  return new ApiError(failure.message, { status, messageKey, fieldErrors, body: { ...body, errors: fieldErrors } });
};

/**
 * Lets the identity forms show the server's 400 field messages beside their fields: the same data provider, with
 * the core mapper's field errors (one joined string per field) where react-admin's forms read them.
 */
export const WithFieldErrors = ({ children }: { children: ReactNode }) => {
  const base = useContext(DataProviderContext);
  const provider = useMemo(
    () =>
      base
        ? new Proxy<DataProvider>(base, {
            get(target, name, receiver) {
              const value: unknown = Reflect.get(target, name, receiver);
              if (typeof value !== 'function') return value;
              return (...args: unknown[]) =>
                Promise.resolve(value.apply(target, args)).catch((error: unknown) => {
                  throw withFormFieldErrors(error);
                });
            },
          })
        : base,
    [base],
  );
  return <DataProviderContext.Provider value={provider}>{children}</DataProviderContext.Provider>;
};
