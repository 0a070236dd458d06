import type { ApiError } from '../../providers/api-error';

/**
 * Answers of the code step that end this sign-in: no pending sign-in (401), or the account may no longer sign in
 * (403 deactivated, locked or expired; 423 locked after failed attempts). The login form shows the message.
 */
export const endsSignIn = (failure: ApiError) => failure.status === 401 || failure.status === 403 || failure.status === 423;
