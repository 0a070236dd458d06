import type { AnalystEvent } from '../analyst-view/analyst-event-types';
import { ProjectionSandbox } from './projection-sandbox';
import { PROJECTION_TEMPLATES } from './projection-templates';
import { SandboxError } from './sandbox-error';
import { tutorialProjectionCode } from './tutorial-projection.test-support';

const COUNTING = `
const collections = { by_type: { label: 'Events by type', fields: { type: 'string', events: 'count' } } };
function initialState() { return {}; }
function apply(state, event) { state[event.type] = (state[event.type] ?? 0) + 1; }
function rows(state) { return { by_type: Object.entries(state).map(([type, events]) => ({ type, events })) }; }
`;

const withApply = (body: string) =>
  COUNTING.replace(
    'function apply(state, event) { state[event.type] = (state[event.type] ?? 0) + 1; }',
    `function apply(state, event) {\n${body}\n}`,
  );

let position = 0;
const event = (type: string, fields: Record<string, unknown> = {}): AnalystEvent =>
  ({ type, position: ++position, recordedAt: '2025-01-01T00:00:00.000Z', by: null, ...fields }) as AnalystEvent;

async function failureOf(
  code: string,
  events: AnalystEvent[] = [event('AssessmentApproved')],
  limits?: { memoryBytes: number; cpuMsPerCall: number },
) {
  let sandbox: ProjectionSandbox | undefined;
  try {
    sandbox = await ProjectionSandbox.open(code, limits);
    sandbox.apply(events);
    sandbox.rows();
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  } finally {
    sandbox?.dispose();
  }
  throw new Error('The projection did not fail');
}

describe('An analyst’s projection in its sandbox', () => {
  it('folds the events and answers its declared rows, each keyed by its text fields', async () => {
    const sandbox = await ProjectionSandbox.open(COUNTING);
    sandbox.apply([event('AssessmentStarted'), event('ItemRated'), event('ItemRated')]);
    sandbox.apply([event('ItemRated')]);
    expect(sandbox.collections).toEqual([
      {
        name: 'by_type',
        label: 'Events by type',
        fields: [
          { name: 'type', type: 'string' },
          { name: 'events', type: 'count' },
        ],
      },
    ]);
    expect(sandbox.rows()).toEqual({
      by_type: [
        { id: 'AssessmentStarted', type: 'AssessmentStarted', events: 1 },
        { id: 'ItemRated', type: 'ItemRated', events: 3 },
      ],
    });
    // The state lives on between calls: a later batch adds to it.
    sandbox.apply([event('ItemRated')]);
    expect(sandbox.rows().by_type.find((row) => row.type === 'ItemRated')?.events).toBe(4);
    sandbox.dispose();
  });

  it('stops a loop that does not end, naming the event it was on', async () => {
    const runaway = event('ItemRated');
    const started = Date.now();
    const error = await failureOf(withApply("if (event.type === 'ItemRated') { while (true) {} }"), [event('AssessmentStarted'), runaway], {
      memoryBytes: 32 * 1024 * 1024,
      cpuMsPerCall: 300,
    });
    expect(error.failure).toBe('timeout');
    expect(error.event).toEqual({ type: 'ItemRated', position: runaway.position });
    expect(error.message).toMatch(new RegExp(`took too long.*on ItemRated at position ${runaway.position}`));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops a memory bomb, naming the event it was on', async () => {
    const bomb = event('AssessmentApproved');
    const error = await failureOf(
      withApply("const all = []; if (event.type === 'AssessmentApproved') for (;;) all.push(new Array(1000).fill(all.length));"),
      [event('AssessmentStarted'), bomb],
      {
        memoryBytes: 32 * 1024 * 1024,
        cpuMsPerCall: 20_000,
      },
    );
    expect(error.failure).toBe('memory');
    expect(error.event).toEqual({ type: 'AssessmentApproved', position: bomb.position });
    expect(error.message).toMatch(/more memory than it may.*on AssessmentApproved/);
  });

  it('reaches nothing outside: no require, process, module loading, network, timers, clock or randomness', async () => {
    const probe = `
const collections = { probe: { label: 'What the code can reach', fields: { name: 'string', reached: 'string' } } };
function initialState() { return {}; }
function apply() {}
function rows() {
  const tries = {
    require: () => typeof require, process: () => typeof process, fetch: () => typeof fetch, XMLHttpRequest: () => typeof XMLHttpRequest,
    setTimeout: () => typeof setTimeout, std: () => typeof std, os: () => typeof os, Buffer: () => typeof Buffer, WebAssembly: () => typeof WebAssembly,
    globals: () => Object.getOwnPropertyNames(globalThis).filter((name) => /^(require|process|module|exports|global|fetch|std|os|__dirname|console)$/.test(name)).join(',') || 'none',
    dateNow: () => Date.now(), newDate: () => new Date(), random: () => Math.random(), parse: () => String(Date.parse('2025-03-01T00:00:00Z')),
    constructorEscape: () => typeof (function () {}).constructor('return this')().process,
  };
  return { probe: Object.entries(tries).map(([name, attempt]) => { try { return { name, reached: String(attempt()) }; } catch (error) { return { name, reached: 'refused: ' + error.message }; } }) };
}`;
    const sandbox = await ProjectionSandbox.open(probe);
    const reached = Object.fromEntries(sandbox.rows().probe.map((row) => [row.name, row.reached]));
    sandbox.dispose();
    expect(reached).toEqual({
      require: 'undefined',
      process: 'undefined',
      fetch: 'undefined',
      XMLHttpRequest: 'undefined',
      setTimeout: 'undefined',
      std: 'undefined',
      os: 'undefined',
      Buffer: 'undefined',
      WebAssembly: 'undefined',
      globals: 'none',
      dateNow: 'refused: A projection has no clock: use event.recordedAt',
      newDate: 'refused: A projection has no clock: use event.recordedAt',
      random: 'refused: A projection has no randomness: the same events must give the same rows',
      parse: String(Date.parse('2025-03-01T00:00:00Z')),
      constructorEscape: 'undefined',
    });
    // A projection is a script: `import` is not even a statement of it.
    expect((await failureOf("import fs from 'fs';\n" + COUNTING)).failure).toBe('syntax');
  });

  it('says where a syntax error is, by line and column', async () => {
    const error = await failureOf('const collections = {};\nfunction apply(state, event) {\n  return state +;\n}');
    expect(error.failure).toBe('syntax');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/SyntaxError.*line 3/);
  });

  it('says where the code threw, and on which event', async () => {
    const failing = event('ItemRated');
    const error = await failureOf(withApply("  if (event.type === 'ItemRated') {\n    event.missing.field = 1;\n  }"), [
      event('AssessmentStarted'),
      failing,
    ]);
    expect(error.failure).toBe('error');
    // Line 6 of the code: COUNTING starts with an empty line, then the declarations, then apply's two lines.
    expect(error.line).toBe(6);
    expect(error.event).toEqual({ type: 'ItemRated', position: failing.position });
    expect(error.message).toMatch(/TypeError.*line 6.*on ItemRated/);
  });

  it('refuses rows that do not match the declared collections, and rows that carry a pseudonym', async () => {
    const rowsOf = (body: string) => COUNTING.replace(/function rows\(state\) \{.*\}\n/, `function rows(state) { ${body} }\n`);
    expect((await failureOf(rowsOf("return { by_type: [{ type: 'x', events: 1, extra: 2 }] };"))).message).toMatch(
      /"extra", which by_type does not declare/,
    );
    expect((await failureOf(rowsOf("return { by_type: [{ type: 'x', events: 1.5 }] };"))).message).toMatch(/events is a count/);
    expect((await failureOf(rowsOf("return { by_type: [{ type: 'x', events: 1 }, { type: 'x', events: 2 }] };"))).message).toMatch(
      /same text fields/,
    );
    expect((await failureOf(rowsOf("return { by_type: [{ type: 'c-AbCdEfGhIjKlMnOp', events: 1 }] };"))).message).toMatch(
      /holds a pseudonym/,
    );
    expect((await failureOf('function apply() {}')).message).toMatch(/must define function initialState, function rows/);
    expect((await failureOf(COUNTING.replace("fields: { type: 'string', events: 'count' }", "fields: { type: 'text' }"))).message).toMatch(
      /the type is one of/,
    );
  });

  it('runs both templates', async () => {
    for (const template of PROJECTION_TEMPLATES) {
      const sandbox = await ProjectionSandbox.open(template.code);
      sandbox.apply([
        event('AssessmentStarted', { assessment: 'a-1', agency: 'ag1' }),
        event('AssessmentApproved', { assessment: 'a-1', agency: 'ag1' }),
      ]);
      expect(Object.keys(sandbox.rows())).toEqual(sandbox.collections.map((collection) => collection.name));
      sandbox.dispose();
    }
  });
});

describe('The browser tutorial’s projection (docs/writing-a-projection.md)', () => {
  it('runs as written and counts the children whose SUICIDE_RISK went from 3 to 0, per agency and quarter', async () => {
    const code = tutorialProjectionCode();
    const at = (recordedAt: string) => ({ recordedAt });
    const life = (assessment: string, child: string, agency: string, rating: string, approvedAt: string) => [
      event('AssessmentStarted', { assessment, child: null, agency }),
      event('ItemRated', { assessment, child, agency, item: 'SUICIDE_RISK', caregiver: null, rating }),
      event('ItemRated', { assessment, child, agency, item: 'SUICIDE_RISK', caregiver: 1, rating: '0' }),
      event('AssessmentApproved', { assessment, child, agency, ...at(approvedAt) }),
    ];
    const sandbox = await ProjectionSandbox.open(code);
    // Five children 3 → 0 in agency ag1 in 2025-Q2; one 3 → 1 (not counted); one 3 → 0 in Q3 (a small cell).
    for (let child = 1; child <= 5; child++)
      sandbox.apply([
        ...life(`a-${child}-1`, `c-${child}`, 'ag1', '3', '2025-01-10T00:00:00.000Z'),
        ...life(`a-${child}-2`, `c-${child}`, 'ag1', '0', '2025-05-10T00:00:00.000Z'),
      ]);
    sandbox.apply([
      ...life('a-6-1', 'c-6', 'ag1', '3', '2025-01-10T00:00:00.000Z'),
      ...life('a-6-2', 'c-6', 'ag1', '1', '2025-05-10T00:00:00.000Z'),
    ]);
    sandbox.apply([
      ...life('a-7-1', 'c-7', 'ag2', '3', '2025-01-10T00:00:00.000Z'),
      ...life('a-7-2', 'c-7', 'ag2', '0', '2025-08-10T00:00:00.000Z'),
    ]);
    expect(sandbox.rows()).toEqual({
      improved: [
        { id: 'ag1|2025-Q2', agency: 'ag1', quarter: '2025-Q2', children: 5 },
        { id: 'ag2|2025-Q3', agency: 'ag2', quarter: '2025-Q3', children: 1 },
      ],
    });
    sandbox.dispose();
  });
});
