import { EventUpcasters } from '@cans/storage/event-store/upcasting';

/**
 * The application's upcaster registry. Feature folders register the upcasters for their own events here
 * when an event's schema changes (see docs/writing-a-projection.md).
 */
export const eventUpcasters = new EventUpcasters();
