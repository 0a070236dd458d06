/** An analyst's projection failed in its sandbox (projection-sandbox.ts): what, where in the code, on which event. */
export type SandboxFailure = 'syntax' | 'error' | 'timeout' | 'memory' | 'shape';

/** What went wrong in the analyst's code, where, and on which event. */
export class SandboxError extends Error {
  constructor(
    message: string,
    readonly failure: SandboxFailure,
    readonly line: number | null = null,
    readonly column: number | null = null,
    readonly event: { type: string; position: number } | null = null,
  ) {
    super(message);
  }

  toJSON() {
    return { message: this.message, failure: this.failure, line: this.line, column: this.column, event: this.event };
  }
}
