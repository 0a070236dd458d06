import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_EVENT_TYPES } from './event-catalogue';

/** Every `*.events.ts` file under domain/src. */
function eventFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? eventFiles(join(dir, entry.name)) : entry.name.endsWith('.events.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('the event catalogue', () => {
  it('holds every event type that an events file declares (its exported `…Events` constants), once', () => {
    const declared = eventFiles(__dirname).flatMap((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- each events module, found on disk
      const exports: Record<string, unknown> = require(file);
      return Object.entries(exports)
        .filter(([name, value]) => /Events$/.test(name) && typeof value === 'object' && value !== null)
        .flatMap(([, value]) => Object.values(value as object).filter((type): type is string => typeof type === 'string'));
    });
    expect(declared.length).toBeGreaterThan(50);
    expect([...new Set(declared)].filter((type) => !ALL_EVENT_TYPES.includes(type))).toEqual([]);
    expect(new Set(ALL_EVENT_TYPES).size).toBe(ALL_EVENT_TYPES.length);
  });
});
