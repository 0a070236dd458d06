import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createAppModule } from './app.module';
import { loadAppConfig } from './platform/config/app-config';
import { configureApp } from './platform/http/configure-app';
import { seedDemoDataIfEmpty } from './platform/seeding/seed-on-start';
import { DEMO_LOGINS } from '../../scripts/seed/identity-demo-data';

async function bootstrap(): Promise<void> {
  const config = loadAppConfig();
  const app = await NestFactory.create<NestExpressApplication>(createAppModule(config), { bufferLogs: true });
  configureApp(app, config);
  // init() registers the command handlers (and starts the projections) the seeder relies on.
  await app.init();
  if (config.seedDemoData) await seedDemoDataIfEmpty(app);
  await app.listen(config.port);
  const url = `http://localhost:${config.port}`;
  // Plain console output on purpose: this is the line a newcomer looks for after `npm start`.
  console.log(`\nCANS platform is running at ${url}  (API docs: ${url}/api/docs)\n`);
  if (config.seedDemoData) {
    console.log('Demo logins (password for all: ' + DEMO_LOGINS[0]!.password + '):');
    for (const login of DEMO_LOGINS) console.log(`  ${login.username.padEnd(18)} ${login.group}`);
    console.log('The sign-in verification code is mailed; without SMTP it is printed here, in the outbox lines.\n');
  }
}

void bootstrap();
