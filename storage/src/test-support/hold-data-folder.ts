/**
 * A second process for the data-folder lock's tests: opens the embedded store in the folder given as its argument,
 * writes one row, says "held" and keeps the folder open until it is killed.
 * Run: node -r @swc-node/register storage/src/test-support/hold-data-folder.ts <folder>
 */
import { PgliteSqlClient } from '../sql/pglite-sql-client';

async function main(): Promise<void> {
  const client = await PgliteSqlClient.open(process.argv[2]);
  await client.execScript("CREATE TABLE IF NOT EXISTS held (note text); INSERT INTO held VALUES ('written by the holder');");
  process.stdout.write('held\n');
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  // eslint-disable-next-line no-console -- a test helper process: its failure goes to the test's output
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
