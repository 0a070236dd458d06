/**
 * A worker thread's script beside the module that starts it: the .ts source when the app runs from its sources (tests,
 * the swc loader), the .js build otherwise; and the loader the thread needs for the source (built code needs none).
 */
import { join } from 'node:path';

/** `<directory>/<name>.ts|.js`, as the caller (`callerFile`: its __filename) itself is. */
export const workerScriptBeside = (callerFile: string, directory: string, name: string): string =>
  join(directory, `${name}${callerFile.endsWith('.ts') ? '.ts' : '.js'}`);

/** The node arguments a thread running `script` needs. */
export const workerExecArgv = (script: string): string[] => (script.endsWith('.ts') ? ['--require', '@swc-node/register'] : []);
