/** The messages between the main thread and a published projection's thread (sandboxed-projection.worker.ts). */
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { SandboxLimits } from '@cans/projections/analytics/sandbox/projection-sandbox';
import type { SandboxRow } from '@cans/projections/analytics/sandbox/sandbox-collections';
import type { SandboxError } from '@cans/projections/analytics/sandbox/sandbox-error';

export type ThreadRequest =
  | { kind: 'open'; code: string; key: Uint8Array; until: string | null; limits: SandboxLimits }
  | { kind: 'apply'; events: RecordedEvent[] }
  | { kind: 'rows' };

/** Per collection: rows new or changed since the last answer, ids gone, and how many rows it has now. */
export type RowChanges = Record<string, { upserts: SandboxRow[]; deletes: string[]; total: number }>;

export type ThreadReply =
  | { ok: true }
  | { ok: true; applied: number }
  | { ok: true; changes: RowChanges }
  | { ok: false; error: ReturnType<SandboxError['toJSON']> }
  | { ok: false; error: null; message: string };
