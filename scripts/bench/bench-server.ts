/** The PostgreSQL server the benches create their scratch databases on, and one statement run on it. */
import { Client } from 'pg';

/** TEST_DATABASE_URL, else DATABASE_URL, else the local server (trust auth). */
export const benchServerUrl = (): string =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement (CREATE / DROP DATABASE …) on its own connection to the server. */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
