/**
 * The workspaces import each other in one direction only (docs/architecture.md, "Workspaces and the direction of
 * their edges"): dependency-cruiser checks every import of the tree against the rules in .dependency-cruiser.cjs.
 * It runs as its command-line tool because the package is ESM-only and jest loads these specs as CommonJS.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const repositoryRoot = join(__dirname, '..', '..', '..');
const configFile = join(repositoryRoot, '.dependency-cruiser.cjs');
const cruiserCli = join(repositoryRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Cruises `folders` (relative to `cwd`) with the project's rules and answers the violations found. */
function cruise(cwd: string, folders: string[]): Violation[] {
  // The tool exits non-zero when it finds violations; the JSON report on stdout is what we read either way.
  let report: string;
  try {
    report = execFileSync(process.execPath, [cruiserCli, '--config', configFile, '--output-type', 'json', ...folders], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    if (!(error instanceof Error && 'stdout' in error && typeof error.stdout === 'string' && error.stdout)) throw error;
    report = error.stdout;
  }
  const parsed: { summary: { violations: Violation[] } } = JSON.parse(report);
  return parsed.summary.violations;
}

function describeEdges(violations: Violation[]): string {
  return violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).join('\n');
}

describe('workspace edges', () => {
  it('every import between workspaces goes the allowed way', () => {
    const violations = cruise(repositoryRoot, ['storage', 'domain', 'projections', 'backend', 'frontend/src', 'scripts']);

    // The message lists the offending edges, one a line.
    expect(describeEdges(violations)).toBe('');
  }, 60_000);

  describe('on a tree with one wrong-way edge', () => {
    let fixtureRoot: string;
    beforeAll(() => {
      fixtureRoot = mkdtempSync(join(tmpdir(), 'cans-edges-'));
      const files: Record<string, string> = {
        'domain/src/rule.ts': "import { handler } from '../../backend/src/handler';\nexport const rule = handler;\n",
        'backend/src/handler.ts': 'export const handler = 1;\n',
      };
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(dirname(join(fixtureRoot, file)), { recursive: true });
        writeFileSync(join(fixtureRoot, file), content);
      }
    });
    afterAll(() => rmSync(fixtureRoot, { recursive: true, force: true }));

    it('reports that edge', () => {
      const violations = cruise(fixtureRoot, ['domain', 'backend']);

      expect(describeEdges(violations)).toBe('domain-imports-only-storage: domain/src/rule.ts → backend/src/handler.ts');
    }, 30_000);
  });
});
