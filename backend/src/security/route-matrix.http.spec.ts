/**
 * Route × role matrix: every operation of the OpenAPI document, sent anonymously, as one real user of every
 * built-in group and as an API client, against real records (security-fixture.ts), compared with the reviewed
 * expectation in route-matrix.table.ts. A refused cell must also leave the event store untouched.
 * MATRIX_VERBOSE=1 prints what every allowed cell answered (to check that the requests still reach the handlers).
 */
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { OPERATION_REQUESTS, PreparedRequest } from './operation-requests';
import { Cell, cellsOf, operationKeyOf, ROUTE_MATRIX } from './route-matrix.table';
import { buildSecurityFixture, excerpt, SecurityFixture } from './security-fixture';

jest.setTimeout(120_000);

const describeCell = (cell: Cell) => (cell === 'A' ? 'allowed' : `refused with ${cell}`);
const appendedTypes = (events: RecordedEvent[]) => events.map((event) => event.type).join(', ');

describe('Route × role matrix (every operation of the OpenAPI document)', () => {
  let fx: SecurityFixture;
  let cellsSent = 0;
  const failures: string[] = [];
  /** What allowed cells answered (a 400 or 409 is fine; many of them would mean recipes that no longer fit). */
  const allowedAnswers = new Map<number, number>();

  beforeAll(async () => {
    fx = await buildSecurityFixture();
  });
  afterAll(async () => {
    // One line for the CI log: how much was checked and how much is off.
    const answers = [...allowedAnswers]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `route matrix: ${Object.keys(ROUTE_MATRIX).length} rows, ${cellsSent} cells sent, ${failures.length} cells off the table (allowed cells answered: ${answers})`,
    );
    await fx?.close();
  });

  it('has a row for every operation of the OpenAPI document, and every row names an operation', () => {
    const documented = fx.operations.map((operation) => operation.key).sort();
    const tabled = [...new Set(Object.keys(ROUTE_MATRIX).map(operationKeyOf))].sort();
    expect({
      withoutRow: documented.filter((key) => !tabled.includes(key)),
      withoutOperation: tabled.filter((key) => !documented.includes(key)),
    }).toEqual({
      withoutRow: [],
      withoutOperation: [],
    });
    expect(Object.keys(ROUTE_MATRIX).filter((key) => !OPERATION_REQUESTS[key])).toEqual([]);
  });

  it.each(Object.keys(ROUTE_MATRIX))('%s', async (rowKey) => {
    const operation = fx.operations.find((candidate) => candidate.key === operationKeyOf(rowKey));
    const prepare = OPERATION_REQUESTS[rowKey];
    if (!operation || !prepare) throw new Error(`${rowKey}: no operation in the document or no request recipe`);
    const cells = [...cellsOf(ROUTE_MATRIX[rowKey])];
    // Refusals first: an allowed call that changes something then cannot hide a later refusal's effect.
    cells.sort(([, a], [, b]) => Number(a === 'A') - Number(b === 'A'));

    const rowFailures: string[] = [];
    // Refused cells share one target per row (a refusal changes nothing); allowed cells each get their own.
    let shared: PreparedRequest | null = null;
    for (const [role, cell] of cells) {
      const prepared = cell === 'A' ? await prepare(fx, role) : (shared ??= await prepare(fx, role));
      const token = await fx.token(role, { fresh: prepared.freshSession });
      const { response, appended } = await fx.observe(() => fx.send(operation.method, prepared.path, token, prepared.body, prepared.query));
      cellsSent += 1;
      const got = `${response.status} ${excerpt(response)}${appended.length > 0 ? ` (appended ${appendedTypes(appended)})` : ''}`;
      if (cell === 'A') {
        allowedAnswers.set(response.status, (allowedAnswers.get(response.status) ?? 0) + 1);
        if (process.env.MATRIX_VERBOSE) console.log(`${rowKey} · ${role}: ${got}`);
        if ([401, 403, 404].includes(response.status) || response.status >= 500) rowFailures.push(`${role}: expected allowed, got ${got}`);
      } else {
        if (response.status !== cell || appended.length > 0) {
          rowFailures.push(`${role}: expected ${describeCell(cell)} writing nothing, got ${got}`);
          shared = null; // it may have changed or used up the shared target
        }
      }
    }
    failures.push(...rowFailures.map((failure) => `${rowKey} · ${failure}`));
    expect(rowFailures).toEqual([]);
  });
});
