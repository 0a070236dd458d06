import type { Checkpoint } from '@cans/storage/read-store/read-store.port';
import type { BuildProgress } from './blue-green-build';
import type { ProjectionMember, ProjectionState } from './live-projection-group';
import type { Projection } from './projection';
import { buildGenerationOf } from './projection-collections';
import { Throughput } from './throughput';

/**
 * What a process that does not run a projection knows of it: its checkpoints. The CLI and the instances that
 * follow another read projection progress and builds under way from them.
 */
export function buildProgressFromCheckpoints(
  projection: Projection,
  checkpoints: Map<string, Checkpoint>,
  headPosition: number,
): BuildProgress | null {
  for (const checkpoint of checkpoints.values()) {
    const generation = buildGenerationOf(projection, checkpoint.projection);
    if (generation === null || checkpoint.version !== projection.version) continue;
    return {
      version: checkpoint.version,
      generation,
      position: checkpoint.position,
      headPosition,
      eventsPerSecond: 0,
      etaSeconds: null,
      startedAt: null,
    };
  }
  return null;
}

/** A followed projection as the leader's checkpoint shows it; collections of another version are served stale. */
export function followedMember(
  projection: Projection,
  stored: Checkpoint | undefined,
  existing: ProjectionMember | undefined,
): ProjectionMember {
  const state: ProjectionState = stored && stored.version !== projection.version ? 'stale' : 'following';
  const version = stored?.version ?? projection.version;
  const position = stored?.position ?? 0;
  if (existing) return Object.assign(existing, { position, version, state });
  return { projection, version, position, state, targets: new Map(), error: null, throughput: new Throughput() };
}
