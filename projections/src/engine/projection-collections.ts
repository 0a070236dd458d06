import type { Projection } from './projection';

/**
 * Physical collection names of a blue/green generation. Readers always use a collection's alias (the name the
 * projection and its queries use); each build writes `<alias>__g<n>` and the switch re-points the alias.
 */
const GENERATION_SUFFIX = /__g(\d+)$/;

export type CollectionTargets = ReadonlyMap<string, string>;

export function generationTargets(projection: Projection, generation: number): CollectionTargets {
  return new Map(projection.collections.map((collection) => [collection.name, `${collection.name}__g${generation}`]));
}

/** The generation a physical name belongs to; 0 for a plain collection named like its alias (older installs). */
export function generationOf(physical: string): number {
  const match = GENERATION_SUFFIX.exec(physical);
  return match ? Number(match[1]) : 0;
}

/** The checkpoint key of a build in progress: kept apart from the live checkpoint until the switch. */
export function buildCheckpointKey(projection: Projection, generation: number): string {
  return `${projection.name}@g${generation}`;
}

/** Parses a build checkpoint key of this projection; null for any other key. */
export function buildGenerationOf(projection: Projection, checkpointKey: string): number | null {
  const prefix = `${projection.name}@g`;
  if (!checkpointKey.startsWith(prefix)) return null;
  const generation = Number(checkpointKey.slice(prefix.length));
  return Number.isInteger(generation) && generation > 0 ? generation : null;
}
