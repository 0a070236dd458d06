/**
 * An analyst's projection, run in a WebAssembly QuickJS sandbox (quickjs-emscripten): a JavaScript interpreter with
 * its own heap inside a WebAssembly memory, so the code reaches nothing of the host — no `require`, no `process`,
 * no file, no network, no timer; only what it is given, the analyst's view of the events (analyst-view.ts) as JSON
 * text. Bounded: a memory limit (the WebAssembly memory cannot grow past it: a bomb is stopped with "out of memory")
 * and a CPU budget per call (a runaway loop is interrupted), each reported with the event it was on; errors carry the
 * line and column in the analyst's code.
 *
 * The code declares, at its top level (plain script, no modules):
 *   const collections = { name: { label, fields: { field: 'string' | 'number' | 'count' | 'agency' | 'item' } } };
 *   function initialState() { return {…}; }
 *   function apply(state, event) { …; return state; }   // may change state in place and return nothing
 *   function rows(state) { return { name: [ { field: value, … } ] }; }
 */
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { AnalystEvent } from '../analyst-view/analyst-event-types';
import { SandboxedCollection, validateDeclaredCollections, validateRows, SandboxRows } from './sandbox-collections';
import { SandboxError, SandboxFailure } from './sandbox-error';

/** The analyst's code's file name in error messages and stacks. */
export const PROJECTION_FILE = 'projection.js';

export interface SandboxLimits {
  /** The sandbox's whole heap, state included. */
  readonly memoryBytes: number;
  /** CPU time one call may take (initialState, one batch of events, rows). */
  readonly cpuMsPerCall: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { memoryBytes: 128 * 1024 * 1024, cpuMsPerCall: 2_000 };

/** The WebAssembly memory the interpreter starts with (the module's own minimum), in 64 KiB pages. */
const INITIAL_PAGES = 256;

/**
 * A QuickJS module of its own for each sandbox, in a WebAssembly memory that cannot grow past the limit: the
 * interpreter's own memory accounting is not available in its WebAssembly builds, so the cap is the memory itself
 * (an allocation past it fails, and QuickJS throws "out of memory"). One module per sandbox also means that nothing
 * one projection does can outlive it or reach another's heap.
 */
async function isolatedQuickJs(memoryBytes: number) {
  const maximum = Math.max(INITIAL_PAGES + 1, Math.ceil(memoryBytes / 65_536));
  return newQuickJSWASMModuleFromVariant(
    newVariant(releaseSync, { wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum }) }),
  );
}

// Evaluated before the analyst's code: no clock and no randomness, so a build from event zero always gives the same
// rows (the events' recordedAt is the only time). Dates from the events' times (Date.parse, new Date(text)) work.
const DETERMINISM = `
(() => {
  const RealDate = Date;
  const noClock = () => { throw new Error('A projection has no clock: use event.recordedAt'); };
  class ProjectionDate extends RealDate {
    constructor(...args) { if (args.length === 0) noClock(); super(...args); }
    static now() { return noClock(); }
  }
  globalThis.Date = ProjectionDate;
  Math.random = () => { throw new Error('A projection has no randomness: the same events must give the same rows'); };
})();
`;

// Defined after the analyst's code, in the same global scope. It keeps the state and the event being applied (for
// messages); JSON crosses the boundary one batch at a time (a call per event would cost more than the fold).
const DRIVER = `
(() => {
  const parse = JSON.parse, stringify = JSON.stringify;
  let state, current = null;
  return {
    declared: () => stringify(typeof collections === 'undefined' ? null : collections),
    missing: () => stringify([
      typeof initialState === 'function' ? null : 'initialState',
      typeof apply === 'function' ? null : 'apply',
      typeof rows === 'function' ? null : 'rows',
    ].filter((name) => name !== null)),
    start: () => { state = initialState(); },
    apply: (batch) => {
      const events = parse(batch);
      for (let i = 0; i < events.length; i++) {
        current = events[i];
        const next = apply(state, current);
        if (next !== undefined) state = next;
      }
      current = null;
    },
    current: () => (current === null ? 'null' : stringify({ type: current.type, position: current.position })),
    rows: () => stringify(rows(state)),
  };
})();
`;

export class ProjectionSandbox {
  /** When the call under way must stop: the interrupt handler compares against it. */
  private deadline = 0;
  private driver: QuickJSHandle | null = null;
  private declared: readonly SandboxedCollection[] = [];

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly vm: QuickJSContext,
    private readonly limits: SandboxLimits,
  ) {
    runtime.setMaxStackSize(1024 * 1024);
    runtime.setInterruptHandler(() => Date.now() > this.deadline);
  }

  /** Evaluates the analyst's code and its declarations; throws SandboxError (syntax, a missing function, a bad declaration). */
  static async open(code: string, limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): Promise<ProjectionSandbox> {
    const runtime = (await isolatedQuickJs(limits.memoryBytes)).newRuntime();
    const sandbox = new ProjectionSandbox(runtime, runtime.newContext(), limits);
    try {
      sandbox.deadline = Date.now() + limits.cpuMsPerCall;
      sandbox.evaluate(DETERMINISM, 'prelude.js', 'error').dispose();
      sandbox.evaluate(code, PROJECTION_FILE, 'syntax').dispose();
      sandbox.driver = sandbox.evaluate(DRIVER, 'driver.js', 'error');
      const missing = JSON.parse(sandbox.call('missing')) as string[];
      if (missing.length)
        throw new SandboxError(`The projection must define ${missing.map((name) => `function ${name}`).join(', ')}.`, 'shape');
      sandbox.declared = validateDeclaredCollections(JSON.parse(sandbox.call('declared')));
      sandbox.call('start');
      return sandbox;
    } catch (error) {
      sandbox.dispose();
      throw error;
    }
  }

  /** The collections the code declares (`const collections = …`), checked. */
  get collections(): readonly SandboxedCollection[] {
    return this.declared;
  }

  /** Folds a batch of events (in log order) into the state. */
  apply(events: readonly AnalystEvent[]): void {
    if (events.length === 0) return;
    try {
      this.call('apply', JSON.stringify(events));
    } catch (error) {
      if (!(error instanceof SandboxError) || error.event) throw error;
      // The sandbox could not say which (no memory left to say it): the batch's range.
      const range = `${events[0].position}–${events[events.length - 1].position}`;
      throw new SandboxError(
        `${error.message} (on one of the events at positions ${range})`,
        error.failure,
        error.line,
        error.column,
        null,
      );
    }
  }

  /** The published rows of the state now, checked against the declared collections. */
  rows(): SandboxRows {
    return validateRows(this.collections, JSON.parse(this.call('rows')) as unknown);
  }

  dispose(): void {
    // After an abort inside the interpreter its module is unusable; it is this sandbox's own, so it is dropped whole.
    try {
      this.driver?.dispose();
      this.driver = null;
      this.vm.dispose();
      this.runtime.dispose();
    } catch {
      /* the module goes with the sandbox */
    }
  }

  /** Evaluates a script; its value's handle, or the SandboxError of its failure (`failure` unless it says otherwise). */
  private evaluate(source: string, file: string, failure: SandboxFailure): QuickJSHandle {
    const evaluated = this.vm.evalCode(source, file);
    if (evaluated.error) throw ProjectionSandbox.errorOf(this.vm, evaluated.error, null, failure);
    return evaluated.value;
  }

  private call(name: string, argument?: string): string {
    this.deadline = Date.now() + this.limits.cpuMsPerCall;
    try {
      return this.callDriver(name, argument);
    } catch (error) {
      if (error instanceof SandboxError && error.event === null && name === 'apply') {
        const event = this.currentEvent();
        if (event)
          throw new SandboxError(
            `${error.message} (on ${event.type} at position ${event.position})`,
            error.failure,
            error.line,
            error.column,
            event,
          );
      }
      throw error;
    }
  }

  /** The event being applied when the code failed, or null when the sandbox cannot say (its memory full). */
  private currentEvent(): { type: string; position: number } | null {
    this.deadline = Date.now() + 1_000;
    try {
      return JSON.parse(this.callDriver('current')) as { type: string; position: number } | null;
    } catch {
      return null;
    }
  }

  /** Calls one of the driver's functions with a string argument; its string answer ('null' for anything else). */
  private callDriver(name: string, argument?: string): string {
    const { vm } = this;
    if (!this.driver) throw new Error('The sandbox is not open');
    const fn = vm.getProp(this.driver, name);
    const args = argument === undefined ? [] : [vm.newString(argument)];
    try {
      const result = vm.callFunction(fn, vm.undefined, ...args);
      if (result.error) throw ProjectionSandbox.errorOf(vm, result.error, null, 'error');
      const value = vm.typeof(result.value) === 'string' ? vm.getString(result.value) : 'null';
      result.value.dispose();
      return value;
    } finally {
      args.forEach((handle) => handle.dispose());
      fn.dispose();
    }
  }

  /** A SandboxError from a QuickJS exception: interrupted, out of memory, or the code's own, with its place. */
  private static errorOf(vm: QuickJSContext, handle: QuickJSHandle, event: SandboxError['event'], otherwise: SandboxFailure): SandboxError {
    let dumped: unknown;
    try {
      dumped = vm.dump(handle);
    } catch {
      dumped = null;
    } finally {
      handle.dispose();
    }
    const error = (dumped && typeof dumped === 'object' ? dumped : { message: String(dumped) }) as {
      name?: string;
      message?: string;
      stack?: string;
    };
    const message = String(error.message ?? 'The projection failed');
    if (/interrupted/i.test(message))
      return new SandboxError('The projection took too long (stopped: a loop that does not end?)', 'timeout', null, null, event);
    if (/out of memory/i.test(message) || dumped === null)
      return new SandboxError('The projection used more memory than it may (stopped)', 'memory', null, null, event);
    const place = new RegExp(`${PROJECTION_FILE.replace('.', '\\.')}:(\\d+)(?::(\\d+))?`).exec(`${error.stack ?? ''}`);
    const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
    return new SandboxError(
      `${name}${message}${place ? ` (line ${place[1]}${place[2] ? `, column ${place[2]}` : ''})` : ''}`,
      error.name === 'SyntaxError' ? 'syntax' : otherwise,
      place ? Number(place[1]) : null,
      place?.[2] ? Number(place[2]) : null,
      event,
    );
  }
}
