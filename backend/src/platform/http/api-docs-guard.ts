import { UnauthorizedException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';

export const DOCS_NEED_SIGN_IN = 'Sign in to read the API documentation.';

/**
 * In production the API documentation (/api/docs, /api/docs-json) is for signed-in users only: it maps every
 * route and field for an attacker otherwise. The token is checked by the same passport strategy as every API
 * route (cookie or bearer token, session still open, user still active); anonymous → 401.
 */
export function requireSignInForApiDocs(app: NestExpressApplication): void {
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!/^\/api\/docs(?:$|[/-])/.test(request.path)) return next();
    const authenticate = passport.authenticate('jwt', { session: false }, (error: unknown, user: unknown) => {
      if (error) return next(error);
      if (!user) return next(new UnauthorizedException(DOCS_NEED_SIGN_IN));
      next();
    }) as (request: Request, response: Response, next: NextFunction) => void;
    authenticate(request, response, next);
  });
}
