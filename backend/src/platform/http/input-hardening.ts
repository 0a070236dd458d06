import { HttpException, HttpStatus, INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, type NextFunction, type Request, type Response } from 'express';
import { FieldErrors, FieldValidationException } from './validation';

/**
 * Input hardening: checks every request passes before routing, guards, pipes and handlers, so no endpoint (and no
 * DTO) has to remember them, and no input can reach PostgreSQL or a recursive validator in a shape that makes it
 * fail with 500:
 * - bodies: JSON and forms up to 100 KB (the rich-text saves, which may embed pictures of up to 1M each, up to
 *   3 MB: RICH_TEXT_PATHS); body-parser's refusals (too large, malformed, unsupported charset or
 *   content encoding) answer their 4xx in plain words;
 * - nesting: JSON deeper than 32 levels (in the body or in a JSON query parameter) is refused before validation,
 *   which recurses and would overflow the stack;
 * - text: NUL (PostgreSQL stores it neither in text nor in JSONB) and lone surrogates (not Unicode: they break
 *   JSONB, encodeURIComponent and e-mail validation) are refused in every body value and key, every query
 *   parameter (also inside the JSON of ra-data-simple-rest's filter, sort and range) and the path.
 */
export const MAX_BODY_SIZE = '100kb';
/** The saves of rich text with pictures (help, System Notification, email templates, library items): 3 MB. */
export const RICH_TEXT_MAX_BODY_SIZE = '3mb';
export const RICH_TEXT_PATHS = ['/api/help', '/api/system-notification', '/api/settings/email-templates', '/api/library/items'];
export const MAX_JSON_DEPTH = 32;

export const NOT_ALLOWED_CHARACTER = 'This field contains a character that is not allowed.';
export const NOT_ALLOWED_IN_FIELD_NAME = 'This field contains a character that is not allowed in a field name.';
export const NESTED_TOO_DEEPLY = `This field is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/** Registers the body parsers and the checks; configureApp calls it, so tests and production run the same. */
export function hardenInput(app: INestApplication): void {
  const express = app as NestExpressApplication;
  // Registered here (before Nest's own at init, which it then skips) so the checks below run right after parsing.
  // The rich-text routes' parser comes first: a body it has parsed, the general one leaves alone.
  express.use(RICH_TEXT_PATHS, json({ limit: RICH_TEXT_MAX_BODY_SIZE }));
  express.useBodyParser('json', { limit: MAX_BODY_SIZE });
  express.useBodyParser('urlencoded', { limit: MAX_BODY_SIZE, extended: true });
  express.use(bodyParserRefusals);
  express.use(refuseUnsafeInput);
}

/** NUL, or a surrogate that is not half of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character this check exists to refuse
const UNSAFE_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/** body-parser (http-errors) refusals by type: status and what the client should do, without parser internals. */
const BODY_REFUSALS: Record<string, { status: number; message: string }> = {
  'entity.too.large': { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'The request is too large (at most 100 KB).' },
  'parameters.too.many': { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'The request has too many fields.' },
  'entity.parse.failed': { status: HttpStatus.BAD_REQUEST, message: 'The request body is not valid JSON.' },
  'charset.unsupported': {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    message: 'The character set of the request body is not supported: send UTF-8.',
  },
  'encoding.unsupported': {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    message: 'The content encoding of the request body is not supported: send it uncompressed, gzip or deflate.',
  },
};

const ERROR_NAMES: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'Bad Request',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'Payload Too Large',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Unsupported Media Type',
};

/** A body-parser error: http-errors marks client errors with a 4xx status and expose: true. */
function isClientRequestError(error: unknown): error is { status: number; type?: string; expose: true } {
  const candidate = error as { status?: unknown; expose?: unknown } | null;
  return typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500 && candidate.expose === true;
}

/** Express error middleware right after the parsers: their refusals become 4xx answers instead of 500. */
function bodyParserRefusals(error: unknown, request: Request, _response: Response, next: NextFunction): void {
  if (!isClientRequestError(error)) return next(error);
  const known = error.type ? BODY_REFUSALS[error.type] : undefined;
  const status = known?.status ?? (ERROR_NAMES[error.status] ? error.status : HttpStatus.BAD_REQUEST);
  const richText = RICH_TEXT_PATHS.some(
    (path) => request.originalUrl === path || request.originalUrl.startsWith(`${path}/`) || request.originalUrl.startsWith(`${path}?`),
  );
  const message =
    error.type === 'entity.too.large' && richText
      ? 'The request is too large (at most 3 MB).'
      : (known?.message ?? 'The request body could not be read.');
  next(new HttpException({ statusCode: status, error: ERROR_NAMES[status], message }, status));
}

function refuseUnsafeInput(request: Request, _response: Response, next: NextFunction): void {
  const errors: FieldErrors = {};
  inspectPath(request.path, errors);
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    inspect(value, name, 0, errors);
    const json = typeof value === 'string' ? embeddedJson(value) : undefined;
    if (json !== undefined) inspect(json, name, 0, errors);
  }
  const body: unknown = request.body;
  if (Array.isArray(body)) inspect(body, 'body', 0, errors);
  else if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (hasUnsafeCharacter(key)) errors.body ??= [NOT_ALLOWED_IN_FIELD_NAME];
      else inspect(value, key, 1, errors);
    }
  }
  next(Object.keys(errors).length ? new FieldValidationException(errors) : undefined);
}

/** Path parameters are parts of the path: checked decoded, before routing hands them to guards and handlers. */
function inspectPath(path: string, errors: FieldErrors): void {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Invalid percent-encoding: bytes that are not UTF-8 (an encoded lone surrogate, for one).
      errors.path = [NOT_ALLOWED_CHARACTER];
      return;
    }
    if (hasUnsafeCharacter(decoded)) {
      errors.path = [NOT_ALLOWED_CHARACTER];
      return;
    }
  }
}

/** The JSON a query parameter carries (ra-data-simple-rest: filter, sort, range), or undefined. */
function embeddedJson(value: string): unknown {
  const start = value.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined; // The endpoint answers malformed list parameters itself.
  }
}

/**
 * Walks a parsed value without recursion (a deep value must not overflow the stack here either). `enclosing` is
 * how many objects or arrays hold the value (a body field: 1, the body object). Errors name the field as the
 * validation pipe does (`narrative.plan`, `userIds.0`); nesting is reported on the top-level field.
 */
function inspect(root: unknown, rootPath: string, enclosing: number, errors: FieldErrors): void {
  const pending: Array<{ value: unknown; path: string; enclosing: number }> = [{ value: root, path: rootPath, enclosing }];
  while (pending.length) {
    const { value, path, enclosing: depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasUnsafeCharacter(value)) errors[path] ??= [NOT_ALLOWED_CHARACTER];
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_JSON_DEPTH) {
      errors[rootPath] = [NESTED_TOO_DEEPLY];
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (hasUnsafeCharacter(key)) errors[path] ??= [NOT_ALLOWED_IN_FIELD_NAME];
      else pending.push({ value: child, path: `${path}.${key}`, enclosing: depth + 1 });
    }
  }
}
