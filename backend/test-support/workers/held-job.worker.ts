/**
 * A worker module for HeavyWorkPool's spec: holds a job for `ms` milliseconds of busy CPU (as a PDF render does)
 * and answers the worker's thread id, so a test can tell the job did not run on the main thread.
 */
import { threadId } from 'node:worker_threads';

export default function heldJob({ ms }: { ms: number }): { threadId: number } {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: the main thread must stay free meanwhile.
  }
  return { threadId };
}
