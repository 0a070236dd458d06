/**
 * The refusals a decision can answer with. They are plain errors of the domain (no HTTP): one exception filter in
 * backend/src/platform/http maps them to 400 / 403 / 404 / 409 with the message and the field errors.
 */

/** Field → messages, the shape every refusal with field errors carries so forms can show them beside fields. */
export type FieldErrors = Record<string, string[]>;

/**
 * More for the answer body of a refusal: the catalogue key of its message (identity answers carry `messageKey` so
 * screens can tell refusals apart) and facts a client shows, e.g. `superviseeCount`.
 */
export interface RefusalDetails {
  readonly messageKey?: string;
  readonly [fact: string]: unknown;
}

/** A business rule refused a command (e.g. an illegal transition). conflict=true answers 409, else 400. */
export class DomainRuleViolation extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly conflict = false,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
    this.name = 'DomainRuleViolation';
  }
}

/** The record the command is about does not exist (or no longer exists): 404. */
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

export const hasFieldErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
