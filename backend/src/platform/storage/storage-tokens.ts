/** Injection tokens for the two storage ports; adapters are chosen in storage.factory.ts. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_STORE = Symbol('READ_STORE');
export const APP_CONFIG = Symbol('APP_CONFIG');
