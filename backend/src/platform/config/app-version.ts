// Read once from the root package.json so /api/health and the OpenAPI document agree.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const APP_VERSION: string = (require('../../../../package.json') as { version: string }).version;
