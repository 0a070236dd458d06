import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { repositoryRoot } from '../src/platform/config/repository-root';

/**
 * Runs a TypeScript entry point of the repository (main.ts, a CLI) as the npm scripts do, through the swc loader, with
 * only PATH and the given environment (nothing of the machine running the tests leaks in), and answers its exit code
 * and output. One that has not stopped by itself after `timeoutMs` is killed: the failure such tests look for.
 */
export function runEntryPoint(
  entry: string,
  options: { args?: string[]; env: Record<string, string>; timeoutMs: number },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', resolve(repositoryRoot(), entry), ...(options.args ?? [])], {
      cwd: repositoryRoot(),
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}
