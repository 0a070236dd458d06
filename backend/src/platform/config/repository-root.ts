import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The folder of the workspace package.json. Code runs both from sources (tests, scripts) and from dist/, at
 * different depths, so paths to the frontend build or the package version are found from here.
 */
export function repositoryRoot(start: string = __dirname): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return folder;
    if (dirname(folder) === folder) throw new Error(`No workspace package.json above ${start}`);
  }
}
