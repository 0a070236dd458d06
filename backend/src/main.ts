import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createAppModule } from './app.module';
import { loadIdentityConfig } from './identity/identity-config';
import { AppConfig, ConfigurationError, loadAppConfig } from './platform/config/app-config';
import { startUpBanner } from './platform/config/start-up-banner';
import { configureApp } from './platform/http/configure-app';
import { settingsSecretKey } from './platform/crypto/secret-box';
import { seedDemoDataIfEmpty } from './platform/seeding/seed-on-start';
import { lockDataFolderOrExit } from './platform/storage/lock-data-folder-or-exit';

/**
 * Reads and checks every setting before Nest starts, so a bad one stops the start with one clear line (and a
 * non-zero exit code) rather than a stack trace from deep in module initialisation.
 */
function loadConfigOrExit(): AppConfig {
  try {
    const config = loadAppConfig();
    loadIdentityConfig();
    settingsSecretKey();
    return config;
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`CANS platform cannot start: ${error.message}`);
    process.exit(1);
  }
}

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  lockDataFolderOrExit(config, 'CANS platform cannot start');
  const app = await NestFactory.create<NestExpressApplication>(createAppModule(config), { bufferLogs: true });
  configureApp(app, config);
  // init() registers the command handlers (and starts the projections) the seeder relies on.
  await app.init();
  if (config.seedDemoData) await seedDemoDataIfEmpty(app);
  await app.listen(config.port);
  // Plain console output on purpose: this is the line a newcomer looks for after `npm start`.
  console.log(startUpBanner(config, `http://localhost:${config.port}`));
}

bootstrap().catch((error: unknown) => {
  console.error('CANS platform failed to start:', error);
  process.exit(1);
});
