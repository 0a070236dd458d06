/** Queries of the sessions read model (sessions.projection.ts). */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SESSIONS_COLLECTION, SessionDocument } from './sessions.projection';

/** The session a token names (its jti); null when the API never issued it. */
export function getSession(readStore: ReadStore, sessionId: string): Promise<SessionDocument | null> {
  return readStore.get<SessionDocument>(SESSIONS_COLLECTION, sessionId);
}
