/**
 * The time sign-in rules are decided at (code expiry, resend countdown, lockout). Injected so tests can move it
 * forward instead of sleeping; decisions store absolute times in events, so replays never consult it.
 */
export const IDENTITY_CLOCK = Symbol('IDENTITY_CLOCK');

export interface IdentityClock {
  now(): Date;
}

export const systemClock: IdentityClock = { now: () => new Date() };

/** A clock tests can move; starts at the real time. */
export class AdjustableClock implements IdentityClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
