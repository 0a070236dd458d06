import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/**
 * Where a request's time goes, as a W3C Server-Timing header (browsers' developer tools and the bench read it):
 * `auth` (session, user and group read models), `access` (row access and library version of a command), `load`
 * (the aggregate's stream), `decide`, `append` (the commit), `answer` (building the answer), and `app` (from the
 * first middleware to the answer's head; the rest of it is Express, Nest's pipeline, the token and validation).
 *
 * Off unless SERVER_TIMING=true: a diagnosis tool, since stage times can tell an attacker which branch the server
 * took (docs/security.md). The stages travel with the request (and the actor of its commands), not in an
 * AsyncLocalStorage: on Node 20 that would tax every promise of every request, and distort what it measures.
 */
export type RequestStages = Map<string, number>;

const STAGES = Symbol('server-timing stages');
type TimedRequest = Request & { [STAGES]?: RequestStages };

/** The stages of a request being timed; undefined when timing is off. */
export const stagesOf = (request: Request): RequestStages | undefined => (request as TimedRequest)[STAGES];

function record(stages: RequestStages, name: string, started: number): void {
  stages.set(name, (stages.get(name) ?? 0) + performance.now() - started);
}

/** Runs `work`, adding its time to stage `name` of the request whose stages these are (nothing more without). */
export function timeStage<T>(stages: RequestStages | undefined, name: string, work: () => Promise<T>): Promise<T> {
  return stages ? timed(stages, name, work) : work();
}

async function timed<T>(stages: RequestStages, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    record(stages, name, started);
  }
}

/** timeStage for synchronous work. */
export function timeStageSync<T>(stages: RequestStages | undefined, name: string, work: () => T): T {
  if (!stages) return work();
  const started = performance.now();
  try {
    return work();
  } finally {
    record(stages, name, started);
  }
}

const headerOf = (stages: RequestStages, appMs: number): string =>
  [...stages, ['app', appMs] as const].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');

/** Installs the header as the first middleware, so that `app` covers everything the app does for a request. */
export function sendServerTiming(app: NestExpressApplication, on: boolean): void {
  if (!on) return;
  app.use((request: TimedRequest, response: Response, next: NextFunction) => {
    const stages: RequestStages = new Map();
    const started = performance.now();
    request[STAGES] = stages;
    const writeHead = response.writeHead;
    // Every answer's head goes through writeHead (an implicit head too), so this is the last moment to add one.
    response.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      if (!this.headersSent) this.setHeader('Server-Timing', headerOf(stages, performance.now() - started));
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  });
}
