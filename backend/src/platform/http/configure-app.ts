import type { INestApplication, LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Request, Response, NextFunction } from 'express';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { APP_VERSION } from '../config/app-version';
import { IDENTITY_CONFIG, IdentityConfig } from '../../identity/identity-config';
import { requireSignInForApiDocs } from './api-docs-guard';
import { deriveClientIp } from './client-ip';
import { refuseCrossSiteRequests } from './csrf-protection';
import { sendSecurityHeaders } from './security-headers';
import { hardenInput } from './input-hardening';
import { applyRequestTimeouts } from './request-timeout';
import { createValidationPipe } from './validation';
import { sendServerTiming } from './server-timing';

/** Nest's start-up bookkeeping (one line per module and route): debug detail, not news for the operator. */
const START_UP_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** The pino logger, with Nest's start-up chatter moved down to debug so the lines that matter stay visible. */
function operatorLogger(pino: Logger): LoggerService {
  return {
    log: (message: unknown, ...rest: unknown[]) =>
      START_UP_CHATTER.has(rest[rest.length - 1] as string) ? pino.debug(message, ...rest) : pino.log(message, ...rest),
    error: (message: unknown, ...rest: unknown[]) => pino.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => pino.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => pino.debug(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => pino.verbose(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => pino.fatal(message, ...rest),
  };
}

/** Everything main.ts and the HTTP tests share, so tests exercise the app exactly as it runs. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  app.useLogger(operatorLogger(app.get(Logger)));
  app.setGlobalPrefix('api');
  sendServerTiming(express, config.serverTiming);
  // Transport security first: client IP, response headers, then CSRF and JSON-only bodies before any body is parsed.
  deriveClientIp(express, config.trustProxy);
  sendSecurityHeaders(express, { production: config.production });
  refuseCrossSiteRequests(express, app.get<IdentityConfig>(IDENTITY_CONFIG).publicUrl);
  app.use(cookieParser());
  hardenInput(app);
  app.useGlobalPipes(createValidationPipe());
  express.disable('x-powered-by');
  applyRequestTimeouts(app);
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('CANS platform API')
      .setDescription(
        'REST API of the CANS platform. Lists follow ra-data-simple-rest conventions. Commands answer with X-Event-Position; send it back as X-Wait-For-Position to read your own writes.',
      )
      .setVersion(APP_VERSION)
      .addCookieAuth('cans_token')
      .addBearerAuth()
      .build(),
  );
  if (config.production) requireSignInForApiDocs(express);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  serveFrontend(express, config.frontendDist);
}

/** Only /api and what is below it belongs to the API; /api-users, /appPrivacy … are the app's routes. */
const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/**
 * The built react-admin app at /, with index.html for every other GET: the app routes by path (browser history),
 * so a route typed or bookmarked (/privacy, /initialPassword/…/…, /login/jane.doe) must load the app. Files that
 * exist (assets) are served first; unknown /api paths still get the API's JSON 404.
 */
function serveFrontend(app: NestExpressApplication, distFolder: string): void {
  const indexFile = join(distFolder, 'index.html');
  if (!existsSync(indexFile)) return;
  app.useStaticAssets(distFolder, {
    index: false,
    maxAge: '1h',
    // The service worker and the manifest are checked on every start, so a new release reaches installed apps.
    setHeaders: (response, path) => {
      if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(path)) response.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || isApiPath(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}
