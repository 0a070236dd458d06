/**
 * docs/events.md is generated from the code (npm run docs:events); this spec is the CI check that it is current and
 * that every catalogued event is documented (data interface, meaning, stream), plus the generator's own behaviour
 * on a small events file of its own.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ALL_EVENT_TYPES } from '@cans/domain/event-catalogue';
import { buildEventCatalogue } from './event-catalogue-model';
import { renderEventCatalogue } from './event-catalogue-markdown';
import { EVENT_CATALOGUE_FILE, generateEventCatalogue, OUT_OF_DATE_MESSAGE } from './generate-event-catalogue';

describe('docs/events.md', () => {
  const { markdown, problems } = generateEventCatalogue();

  it('documents every catalogued event type: a data interface, a meaning comment and a stream', () => {
    if (problems.length > 0) throw new Error(`Undocumented events (see the *.events.ts files):\n${problems.join('\n')}`);
    for (const type of ALL_EVENT_TYPES) expect(markdown).toContain(`\n### ${type}\n`);
  });

  it('is what npm run docs:events generates from the code as it stands', () => {
    const onDisk = readFileSync(EVENT_CATALOGUE_FILE, 'utf8');
    if (onDisk !== markdown) throw new Error(OUT_OF_DATE_MESSAGE);
  });

  it('gives an event its stream, schema version, meaning, fields and the named types they use', () => {
    const approved = section(markdown, '### AssessmentApproved');
    expect(approved).toContain('Pending Approval → Approved.');
    expect(approved).toContain('- Stream: `assessment-<assessmentId>`');
    expect(approved).toContain('- Schema version: 1\n');
    expect(approved).toContain('| `approvedBy` | `string` |  |');
    expect(section(markdown, '### ChildInformationSaved')).toContain('| `child` | [`ChildInformation`](#childinformation) |  |');
    expect(section(markdown, '### ChildInformation')).toContain('| `familyId` | `string \\| null` |  | Family identifier');
  });
});

describe('the event catalogue generator', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'event-catalogue-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('tsconfig.base.json', JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs' } }));
    write('domain/src/decider.ts', DECIDER);
    write('domain/src/event-catalogue.ts', 'export {};\n');
    write('domain/src/things/thing.events.ts', THING_EVENTS);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const build = (types: string[], latestVersion = (_type: string) => 1) =>
    buildEventCatalogue({ repositoryRoot: root, eventTypesByFeature: { things: types }, latestVersion });

  it('reads the data interface, its JSDoc and fields, and the stream of the file', () => {
    const catalogue = build(['ThingMade']);
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.features[0].events[0]).toMatchObject({
      type: 'ThingMade',
      stream: '`thing-<thingId>`',
      meaning: 'A thing was made.',
      sourceFile: 'domain/src/things/thing.events.ts',
      dataTypeName: 'ThingMadeData',
      fields: [
        { name: 'thingId', type: 'string', optional: false, meaning: '' },
        { name: 'size', type: 'Size | null', optional: false, meaning: 'How big it is.' },
        { name: 'note', type: 'string', optional: true, meaning: '' },
      ],
    });
    expect(catalogue.types).toEqual([
      expect.objectContaining({ name: 'Size', definition: "'S' | 'L'", resolved: null, meaning: 'Small or large.' }),
    ]);
  });

  it('names each event type that has no data interface, no meaning or no stream', () => {
    expect(build(['ThingLost', 'ThingForgotten', 'ThingMoved']).problems).toEqual([
      'ThingLost: no meaning (a JSDoc comment on its data interface or on its entry in the …Events constant)',
      'ThingForgotten: no data interface found (no EventUnion<{ ThingForgotten: …Data }> in a domain/src/**/*.events.ts file)',
      'ThingForgotten: no meaning (a JSDoc comment on its data interface or on its entry in the …Events constant)',
      'ThingForgotten: no stream (a `@stream` JSDoc tag on its entry in the …Events constant)',
    ]);
  });

  it('takes the meaning and stream of an entry of the …Events constant before the data interface and the file', () => {
    const moved = build(['ThingMoved']).features[0].events[0];
    expect(moved).toMatchObject({ meaning: 'A thing moved elsewhere.', stream: '`thing-moves`' });
  });

  it('lists the older schema versions the upcasters lift to the current one', () => {
    const catalogue = build(['ThingMade'], (type) => (type === 'ThingMade' ? 3 : 1));
    expect(catalogue.features[0].events[0]).toMatchObject({ currentVersion: 3, olderVersions: [1, 2] });
    expect(renderEventCatalogue(catalogue)).toContain('- Schema version: 3 (current); versions 1, 2 in the log are upcast to it on read');
  });
});

/** From a heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`No section ${heading}`);
  const next = markdown.slice(start + heading.length + 2).search(/\n#{1,3} /);
  return next < 0 ? markdown.slice(start) : markdown.slice(start, start + heading.length + 2 + next);
}

const DECIDER = `export interface DomainEvent<TType extends string = string, TData = unknown> { readonly type: TType; readonly data: TData }
export type EventUnion<T extends Record<string, unknown>> = { [K in keyof T & string]: DomainEvent<K, T[K]> }[keyof T & string];
`;

const THING_EVENTS = `import type { EventUnion } from '../decider';

export const ThingEvents = {
  Made: 'ThingMade',
  Lost: 'ThingLost',
  /**
   * A thing moved elsewhere.
   * @stream \`thing-moves\`
   */
  Moved: 'ThingMoved',
} as const;

/** Small or large. */
export type Size = 'S' | 'L';

/** A thing was made. */
export interface ThingMadeData {
  thingId: string;
  /** How big it is. */
  size: Size | null;
  note?: string;
}

export interface ThingLostData {
  thingId: string;
}

/** Moved, with the data. */
export interface ThingMovedData {
  thingId: string;
}

export type ThingEvent = EventUnion<{
  [ThingEvents.Made]: ThingMadeData;
  [ThingEvents.Lost]: ThingLostData;
  [ThingEvents.Moved]: ThingMovedData;
}>;

export const thingStreamId = (thingId: string) => \`thing-\${thingId}\`;
`;
