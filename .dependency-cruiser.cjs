/**
 * Workspaces and the direction of their edges (docs/architecture.md): storage ← domain ← projections ← backend.
 * storage imports none of ours; domain only storage; projections only domain and storage; backend the three below
 * it (not the frontend, not scripts); the frontend none of the others (it talks to the backend over HTTP) but the
 * chart rules (domain/src/reports/chart-rules.ts, shared with the PDF's charts), the CSV formula-injection guard
 * (domain/src/csv/spreadsheet-safe-cell.ts, shared with the server's CSVs) and the return / close reason rule
 * (domain/src/assessments/narrative.validation.ts, shared with the decider) and the rich-text allow-list
 * (domain/src/library/rich-text-policy.ts, shared with the server's sanitiser); scripts
 * may import anything. Checked by backend/src/architecture/workspace-edges.spec.ts; by hand:
 * `npx depcruise --config .dependency-cruiser.cjs storage domain projections backend frontend/src scripts`
 */
const path = require('node:path');

/** A path pattern for the files of the named workspaces (paths are relative to the folder cruised from). */
const inWorkspaces = (...names) => `^(${names.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'storage-imports-none-of-ours',
      comment: 'storage holds the ports and adapters everything else builds on; it depends on nothing of ours.',
      severity: 'error',
      from: { path: inWorkspaces('storage') },
      to: { path: inWorkspaces('domain', 'projections', 'backend', 'frontend', 'scripts') },
    },
    {
      name: 'domain-imports-only-storage',
      comment: 'The domain is pure: it may use the storage ports, never projections, the Nest app or the UI.',
      severity: 'error',
      from: { path: inWorkspaces('domain') },
      to: { path: inWorkspaces('projections', 'backend', 'frontend', 'scripts') },
    },
    {
      name: 'projections-import-only-domain-and-storage',
      comment: 'Projections read domain events into read models; the backend queries them, not the other way round.',
      severity: 'error',
      from: { path: inWorkspaces('projections') },
      to: { path: inWorkspaces('backend', 'frontend', 'scripts') },
    },
    {
      name: 'backend-imports-neither-frontend-nor-scripts',
      comment: 'The backend serves the built frontend as files, and scripts drive the backend: neither is imported by it.',
      severity: 'error',
      from: { path: inWorkspaces('backend') },
      to: { path: inWorkspaces('frontend', 'scripts') },
    },
    {
      name: 'frontend-imports-none-of-the-others',
      comment:
        'The frontend reaches the backend over HTTP only. Two exceptions, pure modules without imports: the chart rules ' +
        'of spec 001 §9, which the browser charts and the server-rendered PDF charts must share, and the CSV ' +
        'formula-injection guard, which every downloaded CSV (made by the browser or the server) must share.',
      severity: 'error',
      from: { path: inWorkspaces('frontend') },
      to: {
        path: inWorkspaces('storage', 'domain', 'projections', 'backend', 'scripts'),
        pathNot:
          '^domain/src/(reports/chart-rules|csv/spreadsheet-safe-cell|assessments/narrative\\.validation|library/rich-text-policy)\\.ts$',
      },
    },
    {
      name: 'workspace-aliases-resolve',
      comment: 'An `@cans/...` import that does not resolve would hide its edge from the rules above.',
      severity: 'error',
      from: {},
      to: { path: '^@cans/', couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    // Type-only imports are edges too: a domain type from the backend still couples the workspaces.
    tsPreCompilationDeps: true,
    // The root tsconfig's `paths` resolve the `@cans/*` workspace aliases.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
