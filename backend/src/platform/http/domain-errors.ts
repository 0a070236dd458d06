import type { FieldErrors } from './validation';

/** A business rule refused a command (e.g. an illegal transition). conflict=true answers 409, else 400. */
export class DomainRuleViolation extends Error {
  constructor(message: string, readonly fieldErrors: FieldErrors = {}, readonly conflict = false) {
    super(message);
    this.name = 'DomainRuleViolation';
  }
}

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The actor may not do this to this record (privilege for the record's state, or row access): 403. */
export class AccessDeniedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccessDeniedError';
  }
}
