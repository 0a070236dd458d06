import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Logger } from 'nestjs-pino';
import { seedDemoData } from './demo-data/demo-data';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { EVENT_STORE } from '../storage/storage-tokens';

/** First start on an empty store: fill it with demo data so a newcomer sees a working product. */
export async function seedDemoDataIfEmpty(app: INestApplication): Promise<void> {
  const eventStore = app.get<EventStore>(EVENT_STORE);
  if ((await eventStore.headPosition()) > 0) return;
  const report = await seedDemoData(app.get(CommandBus));
  app.get(Logger).log(`Demo data seeded: ${report.created} records created`);
}
