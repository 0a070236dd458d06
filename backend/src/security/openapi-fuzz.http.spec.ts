/**
 * Fuzz suite over every operation of the OpenAPI document (fast-check, seeded): each operation's valid request
 * (operation-requests.ts) with one hostile value put into a body field, the whole body, a query parameter, a
 * field of a JSON query parameter (filter / sort / range) or a path parameter (fuzz-inputs.ts). Sent as the
 * administrator (every privilege, so requests reach validation and the handlers) and a few anonymously.
 *
 * It asserts: no answer is a 5xx, and a refused request (4xx) appends nothing to the event store — except the
 * refusals that are recorded on purpose, as system-log facts (RECORDED_REFUSALS). Requests are sequential, so the
 * store's head position before and after each one says what it appended.
 *
 * Inputs that once failed are replayed on every run (FUZZ_REGRESSIONS in fuzz-requests.ts), and every date field
 * gets every edge date (year 0000, six-digit years, past 9999 in UTC: fuzz-dates.ts), whatever the seed samples.
 *
 * Reproduce or widen a run: FUZZ_SEED=<seed printed> FUZZ_RUNS=<per operation> FUZZ_BUDGET_MS=<total>.
 */
import fc from 'fast-check';
import { demoAssessmentId } from '../platform/seeding/demo-data/assessments-demo-data';
import { AUTH_FUZZ_REQUESTS, FUZZ_REGRESSIONS } from './fuzz-requests';
import { dateMutations } from './fuzz-dates';
import { applyMutation, foreignIds, FuzzRequest, hostileValue, mutations } from './fuzz-inputs';
import type { ApiOperation } from './openapi-operations';
import { OPERATION_REQUESTS, PreparedRequest } from './operation-requests';
import { buildSecurityFixture, SecurityFixture } from './security-fixture';

/** Refusals recorded on purpose (sign-in facts the system log shows and lockout counts): the only events a 4xx may append. */
const RECORDED_REFUSALS = new Set([
  'SignInFailed', // wrong password, unknown login, locked, inactive, expired (POST /api/auth/login)
  'SignInLockedOut', // the fifth wrong password, or wrong verification code, in a row
  'VerificationCodeRejected', // a wrong or expired code (POST /api/auth/verify)
  'ApiClientSignInFailed', // POST /api/auth/api-token refused
]);

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_901);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 20);
const ANONYMOUS_RUNS_PER_OPERATION = 2;
/**
 * Time for the requests (after the fixture is built). Runs per operation shrink when the budget runs short, down
 * to MIN_RUNS, so every operation is still fuzzed in every run.
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);
const MIN_RUNS = 2;

jest.setTimeout(Math.max(180_000, BUDGET_MS * 3));

interface Finding {
  operation: string;
  as: 'administrator' | 'anonymous';
  input: string;
  status: number;
  body: string;
  appended: string[];
}

/** A stable per-operation seed, so one operation's inputs do not depend on the others. */
const seedOf = (key: string) => [...key].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

describe(`OpenAPI fuzz (seed ${SEED})`, () => {
  let fx: SecurityFixture;
  let startedAt = Date.now();
  let requestsSent = 0;
  let operationsLeft = 0;
  const statuses = new Map<number, number>();
  let operationsFuzzed = 0;
  const fiveHundreds: Finding[] = [];
  const writingRefusals: Finding[] = [];

  /** Ids put where other kinds are expected: records of the fuzz's own, since a DELETE given one of its own kind deletes it. */
  const decoyIds: string[] = [];

  beforeAll(async () => {
    fx = await buildSecurityFixture();
    for (const make of [fx.make.user, fx.make.question, fx.make.rule, fx.make.agency, fx.make.group, fx.make.assessment])
      decoyIds.push((await make()).id);
    startedAt = Date.now();
    operationsLeft = fx.operations.length;
    console.log(`OpenAPI fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS_PER_OPERATION} runs per operation, budget ${BUDGET_MS} ms`);
  });

  afterAll(async () => {
    const refusalEvents = writingRefusals.reduce((sum, finding) => sum + finding.appended.length, 0);
    const answers = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `OpenAPI fuzz summary: seed ${SEED}, ${operationsFuzzed} operations fuzzed, ${requestsSent} requests sent, ` +
        `${fiveHundreds.length} 5xx seen, ${refusalEvents} events appended by refused requests, ${Math.round((Date.now() - startedAt) / 1000)} s (answers: ${answers})`,
    );
    await fx?.close();
  });

  const send = async (operation: ApiOperation, request: FuzzRequest, token: string | null) => {
    let call = fx.t.http()[operation.method](request.url);
    if (token) call = call.set('Authorization', `Bearer ${token}`);
    return request.body === undefined ? call : call.set('Content-Type', 'application/json').send(request.body);
  };

  /**
   * A mutation may drop the stale revision and really close, delete, complete or reassign: each operation on an
   * incomplete assessment gets one of its own, and return a pending one that approve does not use.
   */
  const fixtureFor = async (operation: ApiOperation): Promise<SecurityFixture> => {
    if (!operation.path.startsWith('/api/assessments/{id}')) return fx;
    if (operation.key === 'POST /api/assessments/{id}/return')
      return { ...fx, ids: { ...fx.ids, pendingAssessment: demoAssessmentId('isla-reassessment') } };
    if (['approve', 'include', 'exclude'].some((action) => operation.path.endsWith(`/${action}`))) return fx;
    const fresh = await fx.make.assessment();
    return { ...fx, ids: { ...fx.ids, incompleteAssessment: fresh.id, caregiverId: String(fresh.body.caregiverId) } };
  };

  const fuzzOperation = async (operation: ApiOperation): Promise<Finding[]> => {
    const prepare = AUTH_FUZZ_REQUESTS[operation.key] ?? OPERATION_REQUESTS[operation.key];
    if (!prepare) throw new Error(`${operation.key}: no valid request to start from (operation-requests.ts)`);
    const valid: PreparedRequest = await prepare(await fixtureFor(operation), 'administrator');
    const ids = foreignIds(decoyIds);
    const inputs = mutations(fx.document, operation, valid, hostileValue(ids));
    // Spread what is left of the budget over the operations left, at the pace measured so far.
    const elapsed = Date.now() - startedAt;
    const msPerRequest = requestsSent > 0 ? elapsed / requestsSent : 50;
    const affordable = Math.floor((BUDGET_MS - elapsed) / Math.max(1, operationsLeft) / msPerRequest) - ANONYMOUS_RUNS_PER_OPERATION;
    const runs = Math.max(MIN_RUNS, Math.min(RUNS_PER_OPERATION, affordable));
    operationsLeft -= 1;
    // Two seeded streams: the administrator's inputs are the same prefix whatever the budget allows.
    const samples = [
      ...(FUZZ_REGRESSIONS[operation.key] ?? []).map((mutation) => ({ mutation, as: 'administrator' as const })),
      ...dateMutations(fx.document, operation, valid).map((mutation) => ({ mutation, as: 'administrator' as const })),
      ...fc.sample(inputs, { seed: seedOf(operation.key), numRuns: runs }).map((mutation) => ({ mutation, as: 'administrator' as const })),
      ...fc
        .sample(inputs, { seed: seedOf(`anonymous ${operation.key}`), numRuns: ANONYMOUS_RUNS_PER_OPERATION })
        .map((mutation) => ({ mutation, as: 'anonymous' as const })),
    ];

    const findings: Finding[] = [];
    for (const { mutation, as } of samples) {
      // Logout ends the session it is sent with: each request gets a session of its own.
      const token = as === 'anonymous' ? null : await fx.token('administrator', { fresh: valid.freshSession });
      const request = applyMutation(operation, valid, mutation);
      const { response, appended } = await fx.observe(() => send(operation, request, token));
      requestsSent += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const unexpected = response.status >= 400 ? appended.filter((event) => !RECORDED_REFUSALS.has(event.type)) : [];
      if (response.status < 500 && unexpected.length === 0) continue;
      const finding: Finding = {
        operation: operation.key,
        as,
        input: request.label,
        status: response.status,
        body: (response.text ?? '').slice(0, 200),
        appended: unexpected.map((event) => event.type),
      };
      findings.push(finding);
      (response.status >= 500 ? fiveHundreds : writingRefusals).push(finding);
    }
    operationsFuzzed += 1;
    // A mutation must not end the administrator's session (every later request would stop at 401, unnoticed).
    const stillSignedIn = await fx.send('get', '/api/auth/me', await fx.token('administrator'));
    if (stillSignedIn.status !== 200) {
      fx.forgetToken('administrator');
      throw new Error(`${operation.key}: the administrator's session no longer works after fuzzing (${stillSignedIn.status})`);
    }
    return findings;
  };

  it('reads the operations from the OpenAPI document of the running app', () => {
    expect(fx.operations.length).toBeGreaterThan(50);
  });

  // One test per operation (found once the app is up), so a report names the operations that fail.
  const keys = Object.keys(OPERATION_REQUESTS).filter((key) => !key.includes(' #'));
  it.each(keys)('%s: no 5xx, and a refused request writes nothing', async (key) => {
    const operation = fx.operations.find((candidate) => candidate.key === key);
    if (!operation) return; // the route matrix reports a recipe without an operation
    const findings = await fuzzOperation(operation);
    expect(
      findings.map(
        ({ as, input, status, body, appended }) =>
          `${as} · ${input} → ${status} ${body}${appended.length ? ` (appended ${appended.join(', ')})` : ''}`,
      ),
    ).toEqual([]);
  });

  it('covers every operation of the document', () => {
    expect(fx.operations.map((operation) => operation.key).filter((key) => !keys.includes(key))).toEqual([]);
  });
});
