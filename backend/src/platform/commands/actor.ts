import { randomUUID } from 'node:crypto';
import type { RequestStages } from '../http/server-timing';

/** Who issued a command and from where: copied into every event's metadata (the audit trail). */
export interface Actor {
  userId: string | null;
  ip: string | null;
  correlationId: string;
  /** Where the request's time goes (SERVER_TIMING=true); never recorded in events. */
  stages?: RequestStages;
}

export const systemActor = (correlationId: string = randomUUID()): Actor => ({ userId: null, ip: null, correlationId });

/** What every command handler returns: the aggregate id, its new revision and the global position reached. */
export interface CommandResult {
  id: string;
  revision: number;
  position: number;
}
