import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * Response headers of every answer (UI, API, API docs), through helmet:
 * - Content-Security-Policy: scripts only from this origin (the built UI and Swagger UI have no inline script),
 *   styles also inline (MUI/emotion and Swagger UI inject <style>), no plugins, no <base> or form posts
 *   elsewhere, and no framing (frame-ancestors 'none', with X-Frame-Options: DENY for old browsers): no
 *   clickjacking;
 * - X-Content-Type-Options: nosniff; Referrer-Policy: no-referrer (URLs carry record ids);
 * - Strict-Transport-Security only in production, where TLS is expected (a local http://localhost would be
 *   pinned to https otherwise). No upgrade-insecure-requests: over plain HTTP (an intranet trial) it would break
 *   every script and style, while HSTS is simply ignored there.
 * API answers carry children's data: `Cache-Control: no-store` keeps them out of browser and proxy caches
 * (a handler may still set its own, as the PDFs do).
 */
export function sendSecurityHeaders(app: NestExpressApplication, options: { production: boolean }): void {
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'base-uri': ["'self'"],
          'connect-src': ["'self'"],
          'font-src': ["'self'", 'data:'],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'img-src': ["'self'", 'data:'],
          'object-src': ["'none'"],
          'script-src': ["'self'"],
          'script-src-attr': ["'none'"],
          'style-src': ["'self'", "'unsafe-inline'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
  );
  app.use('/api', (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
}
