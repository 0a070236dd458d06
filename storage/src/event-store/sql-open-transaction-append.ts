import { SqlClient } from '../sql/sql-client';
import { assertValidAppend } from './event-store-arguments';
import { AppendResult, ExpectedRevision, NewEvent } from './event-store.port';
import { eventsAsJsonParameter, NOTIFY_SQL, runCheckedAppend } from './sql-event-store';

/** An append whose transaction is still open: its positions are drawn, and invisible until commit(). */
export interface OpenTransactionAppend {
  result: AppendResult;
  /** Commits, then notifies other processes as append() does. */
  commit(): Promise<void>;
}

/**
 * For the gap-safety tests: an append that commits only when told to, i.e. a slower transaction that drew its
 * positions before faster appends commit theirs. Resolves once the positions are drawn. Needs a client whose
 * transactions can overlap other statements (PostgreSQL; on PGlite the open transaction holds the only connection).
 */
export async function appendInOpenTransaction(
  client: SqlClient,
  streamId: string,
  events: NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<OpenTransactionAppend> {
  assertValidAppend(streamId, events, expectedRevision);
  let allowCommit!: () => void;
  const commitAllowed = new Promise<void>((resolve) => (allowCommit = resolve));
  let positionsDrawn!: (result: AppendResult) => void;
  const drawn = new Promise<AppendResult>((resolve) => (positionsDrawn = resolve));
  const transaction = client.transaction(async (tx) => {
    positionsDrawn(await runCheckedAppend(tx, streamId, eventsAsJsonParameter(events), expectedRevision));
    await commitAllowed;
  });
  // Whichever settles first: the drawn positions, or the failure of the append before it drew any.
  const result = await Promise.race([drawn, transaction.then(() => drawn)]);
  return {
    result,
    async commit() {
      allowCommit();
      await transaction;
      await client.query(NOTIFY_SQL, [`open-transaction ${result.position}`]);
    },
  };
}
