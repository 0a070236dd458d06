import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Request, Response, NextFunction } from 'express';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { APP_VERSION } from '../config/app-version';
import { createValidationPipe } from './validation';

/** Everything main.ts and the HTTP tests share, so tests exercise the app exactly as it runs. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.use(cookieParser());
  app.useGlobalPipes(createValidationPipe());
  // Behind a reverse proxy the client IP (system log, API-user IP allow-list) comes from X-Forwarded-For.
  express.set('trust proxy', 'loopback');
  express.disable('x-powered-by');
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('CANS platform API')
      .setDescription('REST API of the CANS platform. Lists follow ra-data-simple-rest conventions. Commands answer with X-Event-Position; send it back as X-Wait-For-Position to read your own writes.')
      .setVersion(APP_VERSION)
      .addCookieAuth('cans_token')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  serveFrontend(express, config.frontendDist);
}

/** The built react-admin app at /, with index.html for client-side routes. */
function serveFrontend(app: NestExpressApplication, distFolder: string): void {
  const indexFile = join(distFolder, 'index.html');
  if (!existsSync(indexFile)) return;
  app.useStaticAssets(distFolder, { index: false, maxAge: '1h' });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || request.path.startsWith('/api')) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}
