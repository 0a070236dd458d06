/**
 * `npm run docs:events`            writes docs/events.md, the event catalogue, from the code
 * `npm run docs:events -- --check` exits 1 when docs/events.md is out of date or an event is undocumented
 *
 * CI runs the same check as a jest spec (event-catalogue-doc.spec.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_TYPES_BY_FEATURE } from '@cans/domain/event-catalogue';
import { eventUpcasters } from '@cans/backend/platform/storage/event-upcasters';
import { buildEventCatalogue } from './event-catalogue-model';
import { renderEventCatalogue } from './event-catalogue-markdown';
import { renderAnalystView } from './analyst-view-markdown';

export const REPOSITORY_ROOT = join(__dirname, '..', '..');
export const EVENT_CATALOGUE_FILE = join(REPOSITORY_ROOT, 'docs', 'events.md');
export const OUT_OF_DATE_MESSAGE = 'docs/events.md is out of date: run npm run docs:events';

/** The catalogue's Markdown as the code stands, and what keeps it from being complete. */
export function generateEventCatalogue(): { markdown: string; problems: string[]; eventCount: number } {
  const catalogue = buildEventCatalogue({
    repositoryRoot: REPOSITORY_ROOT,
    eventTypesByFeature: EVENT_TYPES_BY_FEATURE,
    latestVersion: (type) => eventUpcasters.latestVersion(type),
  });
  const eventCount = catalogue.features.reduce((count, feature) => count + feature.events.length, 0);
  return { markdown: `${renderEventCatalogue(catalogue).trimEnd()}\n\n${renderAnalystView()}`, problems: catalogue.problems, eventCount };
}

function readCatalogueFile(): string | null {
  try {
    return readFileSync(EVENT_CATALOGUE_FILE, 'utf8');
  } catch {
    return null;
  }
}

function main(): number {
  const check = process.argv.includes('--check');
  const { markdown, problems, eventCount } = generateEventCatalogue();
  if (problems.length > 0) {
    console.error(`Undocumented events (see the *.events.ts files):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return 1;
  }
  if (check) {
    if (readCatalogueFile() === markdown) return 0;
    console.error(OUT_OF_DATE_MESSAGE);
    return 1;
  }
  if (readCatalogueFile() !== markdown) writeFileSync(EVENT_CATALOGUE_FILE, markdown);
  console.log(`docs/events.md: ${eventCount} event types`);
  return 0;
}

if (require.main === module) process.exitCode = main();
