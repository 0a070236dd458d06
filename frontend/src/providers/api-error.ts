/*
 * The one error type of the frontend and the one mapper onto it. Every API call (dataProvider methods, `send`,
 * the react-query hooks) rejects with an ApiError, so screens read `message`, `status` and `fieldErrors` the same way.
 */
import { HttpError } from 'react-admin';

export const UNREACHABLE_MESSAGE = 'The CANS service cannot be reached. Please try again shortly.';
export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** A refused or failed API call: the server's sentence, its catalogue key and its messages per field. */
export class ApiError extends Error {
  readonly status: number;
  readonly messageKey?: string;
  /** field → the server's messages for it, joined with a space. */
  readonly fieldErrors: Record<string, string>;
  /** field → the server's messages for it, one entry each (a list the page shows line by line). */
  readonly fieldMessages: Record<string, string[]>;
  /** The raw answer body; react-admin forms read `body.errors` from it for server-side validation. */
  readonly body: Record<string, unknown>;

  constructor(
    message: string,
    options: {
      status: number;
      messageKey?: string;
      fieldErrors?: Record<string, string>;
      fieldMessages?: Record<string, string[]>;
      body?: Record<string, unknown>;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.messageKey = options.messageKey;
    this.fieldErrors = options.fieldErrors ?? {};
    this.fieldMessages =
      options.fieldMessages ?? Object.fromEntries(Object.entries(this.fieldErrors).map(([field, text]) => [field, [text]]));
    this.body = options.body ?? {};
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

const messagesOf = (messages: unknown): string[] => (Array.isArray(messages) ? messages.map(String) : [String(messages)]);

/** `errors: { field: [messages] }` (class-validator and domain refusals) or `errors: [{ field, message }]`. */
const fieldMessagesOfBody = (body: Record<string, unknown>): Record<string, string[]> => {
  const { errors } = body;
  const fieldMessages: Record<string, string[]> = {};
  if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (isRecord(entry) && typeof entry.field === 'string' && entry.message !== undefined) {
        fieldMessages[entry.field] = [...(fieldMessages[entry.field] ?? []), ...messagesOf(entry.message)];
      }
    }
  } else if (isRecord(errors)) {
    for (const [field, messages] of Object.entries(errors)) {
      if (messages !== undefined && messages !== null) fieldMessages[field] = messagesOf(messages);
    }
  }
  return fieldMessages;
};

/** NestJS bodies carry `message` as a sentence or (validation) a list of sentences. */
const messageOfBody = (body: Record<string, unknown>): string | undefined => {
  const { message } = body;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message)) return message.filter((line) => typeof line === 'string').join('\n') || undefined;
  return undefined;
};

/** Any failure of an API call as an ApiError; anything that is not an HTTP answer means the server was not reached. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const body = isRecord(error.body) ? error.body : {};
    const fieldMessages = fieldMessagesOfBody(body);
    return new ApiError(messageOfBody(body) ?? (error.message || GENERIC_MESSAGE), {
      status: error.status,
      messageKey: typeof body.messageKey === 'string' ? body.messageKey : undefined,
      fieldErrors: Object.fromEntries(Object.entries(fieldMessages).map(([field, messages]) => [field, messages.join(' ')])),
      fieldMessages,
      body,
    });
  }
  return new ApiError(UNREACHABLE_MESSAGE, { status: 0 });
}

/** The field errors of a nested object (`child.firstName` → `firstName` for prefix `child`). */
export function fieldErrorsWithin(error: ApiError, prefix: string): Record<string, string> {
  const lead = `${prefix}.`;
  return Object.fromEntries(
    Object.entries(error.fieldErrors)
      .filter(([field]) => field.startsWith(lead))
      .map(([field, message]) => [field.slice(lead.length), message]),
  );
}

/** A 409: the record changed since it was read, or the server refused the transition in its current state. */
export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

/** The sentence to show for any failure. */
export const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : GENERIC_MESSAGE);
