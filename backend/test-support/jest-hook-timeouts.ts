/**
 * Set-up and tear-down hooks get a bound that fits a busy two-core machine: starting a Nest app over a fresh store
 * takes 2–5 s on a quiet machine and can take a minute when the other core runs a browser and the load average is
 * 6. Tests keep jest's own timeout (jest.config.js); a hook that names its own timeout keeps it.
 */
const HOOK_TIMEOUT_MS = 180_000;

type Hook = (fn: jest.ProvidesHookCallback, timeout?: number) => void;

for (const name of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach'] as const) {
  const original = globalThis[name] as Hook;
  (globalThis as Record<string, unknown>)[name] = ((fn: jest.ProvidesHookCallback, timeout?: number) =>
    original(fn, timeout ?? HOOK_TIMEOUT_MS)) as Hook;
}
