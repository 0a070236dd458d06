/** A setting the app cannot start with; main.ts prints the message and exits non-zero. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}
