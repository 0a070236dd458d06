/**
 * `npm run seed`: adds the demo data to the configured store (DATABASE_URL / DATA_DIR ...) through the real
 * command handlers. Safe to run twice.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { createAppModule } from '@cans/backend/app.module';
import { loadAppConfig } from '@cans/backend/platform/config/app-config';
import { seedDemoData } from '@cans/backend/platform/seeding/demo-data/demo-data';
import { lockDataFolderOrExit } from '@cans/backend/platform/storage/lock-data-folder-or-exit';

async function main(): Promise<void> {
  const config = loadAppConfig();
  lockDataFolderOrExit(config, 'The seed cannot run');
  const app = await NestFactory.createApplicationContext(createAppModule(config), { logger: ['error', 'warn'] });
  const report = await seedDemoData(app.get(CommandBus));
  console.log(`Seed finished: ${report.created} created, ${report.skipped} already present.`);
  await app.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
