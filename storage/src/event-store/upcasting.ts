import { RecordedEvent } from './event-store.port';

/** Turns the data of one schema version into the data of the next version (fromVersion + 1). */
export type Upcaster<TFrom = unknown, TTo = unknown> = (data: TFrom) => TTo;

/**
 * Registry of upcasters, applied by every event store adapter on every read path (readStream, readAll,
 * subscriptions), so handlers and aggregates only ever see the latest schema version of an event.
 *
 * Stored events are never rewritten: when a feature changes the shape of one of its events, it bumps the
 * schemaVersion it appends with and registers an upcaster from the previous version, next to the event's
 * definition in the feature folder, e.g.
 *
 *   upcasters.register('ChildRenamed', 1, (v1: { name: string }) => splitName(v1));
 *
 * The registry is built once at start-up and passed to the event store; events of types without upcasters
 * pass through unchanged.
 */
export class EventUpcasters {
  private readonly byType = new Map<string, Map<number, Upcaster>>();

  /** Registers the step fromVersion → fromVersion + 1 for one event type. */
  register<TFrom, TTo>(type: string, fromVersion: number, upcast: Upcaster<TFrom, TTo>): this {
    if (!Number.isInteger(fromVersion) || fromVersion < 1) {
      throw new Error(`Upcaster for ${type}: fromVersion must be an integer >= 1, got ${fromVersion}`);
    }
    let steps = this.byType.get(type);
    if (!steps) {
      steps = new Map();
      this.byType.set(type, steps);
    }
    if (steps.has(fromVersion)) throw new Error(`Upcaster for ${type} v${fromVersion} is already registered`);
    steps.set(fromVersion, upcast as Upcaster);
    return this;
  }

  /** The version readers receive for a type: one past the last registered step, or 1 without upcasters. */
  latestVersion(type: string): number {
    const steps = this.byType.get(type);
    if (!steps) return 1;
    return Math.max(...steps.keys()) + 1;
  }

  /** Applies the chain of steps from the event's version; returns the event itself when nothing applies. */
  upcast<TData = unknown>(event: RecordedEvent): RecordedEvent<TData> {
    const steps = this.byType.get(event.type);
    let step = steps?.get(event.schemaVersion);
    if (!steps || !step) return event as RecordedEvent<TData>;
    let data: unknown = event.data;
    let version = event.schemaVersion;
    while (step) {
      data = step(data);
      version += 1;
      step = steps.get(version);
    }
    return { ...event, data: data as TData, schemaVersion: version };
  }

  upcastAll(events: RecordedEvent[]): RecordedEvent[] {
    return this.byType.size === 0 ? events : events.map((event) => this.upcast(event));
  }
}
