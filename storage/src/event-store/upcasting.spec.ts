import { RecordedEvent } from './event-store.port';
import { EventUpcasters } from './upcasting';

/** The documented example: a child's single name field split into first and last name. */
interface ExampleChildNamedV1 {
  name: string;
}
interface ExampleChildNamedV2 {
  firstName: string;
  lastName: string;
}

function splitName(v1: ExampleChildNamedV1): ExampleChildNamedV2 {
  const [firstName, ...rest] = v1.name.trim().split(/\s+/);
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}

function recorded(type: string, schemaVersion: number, data: unknown): RecordedEvent {
  return {
    eventId: '00000000-0000-4000-8000-000000000001',
    type,
    data,
    schemaVersion,
    streamId: 'child-1',
    revision: 0,
    position: 1,
    recordedAt: '2025-01-01T00:00:00.000Z',
    metadata: { userId: 'u1', correlationId: 'c1', causationId: null },
  };
}

describe('EventUpcasters', () => {
  it('upcasts ExampleChildNamed v1 {name} to v2 {firstName, lastName}', () => {
    const upcasters = new EventUpcasters().register('ExampleChildNamed', 1, splitName);
    const original = recorded('ExampleChildNamed', 1, { name: 'Mary Ann Smith' });

    const upcast = upcasters.upcast<ExampleChildNamedV2>(original);

    expect(upcast).toEqual({ ...original, schemaVersion: 2, data: { firstName: 'Mary', lastName: 'Ann Smith' } });
    expect(original.data).toEqual({ name: 'Mary Ann Smith' });
    expect(upcasters.latestVersion('ExampleChildNamed')).toBe(2);
  });

  it('chains steps up to the latest version, starting from the stored one', () => {
    const upcasters = new EventUpcasters()
      .register('ExampleChildNamed', 2, (v2: ExampleChildNamedV2) => ({ ...v2, middleName: null }))
      .register('ExampleChildNamed', 1, splitName);

    expect(upcasters.upcast(recorded('ExampleChildNamed', 1, { name: 'Ada Lovelace' }))).toMatchObject({
      schemaVersion: 3,
      data: { firstName: 'Ada', lastName: 'Lovelace', middleName: null },
    });
    expect(upcasters.upcast(recorded('ExampleChildNamed', 2, { firstName: 'Ada', lastName: 'L' }))).toMatchObject({
      schemaVersion: 3,
      data: { firstName: 'Ada', lastName: 'L', middleName: null },
    });
  });

  it('passes latest-version events and unknown types through unchanged', () => {
    const upcasters = new EventUpcasters().register('ExampleChildNamed', 1, splitName);
    const latest = recorded('ExampleChildNamed', 2, { firstName: 'A', lastName: 'B' });
    const unknown = recorded('SomethingElse', 1, { name: 'kept' });

    expect(upcasters.upcast(latest)).toBe(latest);
    expect(upcasters.upcast(unknown)).toBe(unknown);
    expect(upcasters.latestVersion('SomethingElse')).toBe(1);
  });

  it('refuses a second upcaster for the same step and invalid versions', () => {
    const upcasters = new EventUpcasters().register('ExampleChildNamed', 1, splitName);
    expect(() => upcasters.register('ExampleChildNamed', 1, splitName)).toThrow(/already registered/);
    expect(() => upcasters.register('ExampleChildNamed', 0, splitName)).toThrow(/fromVersion/);
  });
});
