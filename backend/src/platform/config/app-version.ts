import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './repository-root';

// Read once from the root package.json so /api/health and the OpenAPI document agree.
export const APP_VERSION: string = (JSON.parse(readFileSync(join(repositoryRoot(), 'package.json'), 'utf8')) as { version: string })
  .version;
