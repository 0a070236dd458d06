import type { Privilege } from '../access/privileges';

/** The signed-in user as the guards see it, from the verified token. */
export interface AuthenticatedUser {
  id: string;
  username: string;
  privileges: Privilege[];
}

/** Claims of the JWT this API issues. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  privileges: Privilege[];
}

export const ACCESS_TOKEN_COOKIE = 'cans_token';
