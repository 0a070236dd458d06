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
