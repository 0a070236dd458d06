/**
 * Starting points of the fuzz suite where the matrix's request is deliberately empty: the public sign-in steps.
 * These are complete, plausible bodies, so one mutated field still leaves the rest valid and the request reaches
 * the handler. They name a user that exists only to be signed in wrongly (security-fixture.ts), so the lockout
 * they cause touches nobody else.
 */
import type { Hostile, Mutation } from './fuzz-inputs';
import type { PreparedRequest } from './operation-requests';
import type { Role, SecurityFixture } from './security-fixture';

type Prepare = (fx: SecurityFixture, role: Role) => PreparedRequest;

export const AUTH_FUZZ_REQUESTS: Record<string, Prepare> = {
  'POST /api/auth/login': (fx) => ({
    path: '/api/auth/login',
    body: { login: fx.ids.signInTarget.username, password: 'Wrong!Pass1', rememberMe: true, agreed: true },
  }),
  'POST /api/auth/verification-code': () => ({ path: '/api/auth/verification-code', body: { channel: 1 } }),
  'POST /api/auth/verify': () => ({ path: '/api/auth/verify', body: { code: '123456', rememberMe: false } }),
  'POST /api/auth/password-reset': (fx) => ({
    path: '/api/auth/password-reset',
    body: { username: fx.ids.signInTarget.username, email: fx.ids.signInTarget.email },
  }),
  'POST /api/auth/password-link/status': () => ({ path: '/api/auth/password-link/status', body: { token: 'not-a-real-link-token' } }),
  'POST /api/auth/password-link': () => ({
    path: '/api/auth/password-link',
    body: { token: 'not-a-real-link-token', password: 'N3w!Password', confirmPassword: 'N3w!Password' },
  }),
  'POST /api/auth/api-token': (fx) => ({
    path: '/api/auth/api-token',
    body: { username: fx.ids.apiClientUsername, password: 'not-the-secret' },
  }),
};

const value = (label: string, json: string): Hostile => ({ label, json });
const field = (path: string, hostile: Hostile): Mutation => ({ kind: 'body field', path: path.split('.'), value: hostile });
const filterField = (name: string, hostile: Hostile): Mutation => ({
  kind: 'query JSON field',
  name: 'filter',
  path: [name],
  value: hostile,
});
const NUL = value('NUL', '"a\\u0000b"');
const LONE_SURROGATE = value('lone low surrogate', '"x\\udc00y"');

/**
 * Inputs that once answered 500, replayed on every run whatever the seed samples (as the administrator): the
 * first fuzz runs against the code before issue 9's fixes, a number where the close / return reason is text, and an
 * object as an API user's new password (issue 27). Edge dates are swept apart, every run (fuzz-dates.ts).
 */
export const FUZZ_REGRESSIONS: Record<string, Mutation[]> = {
  'POST /api/auth/login': [field('agreed', value('1 MB string', JSON.stringify('a'.repeat(1024 * 1024))))],
  'POST /api/auth/password-link': [field('password', value('objects 5000 deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`))],
  'GET /api/agencies': [filterField('q', NUL)],
  'GET /api/users': [filterField('q', NUL)],
  'PUT /api/users/{id}': [field('externalId', LONE_SURROGATE)],
  'POST /api/assessments': [field('child.firstName', value('lone high surrogate', '"\\ud800"'))],
  'PUT /api/assessments/{id}/narrative': [field('revision', value('2^31', '2147483648'))],
  'POST /api/assessments/{id}/close': [field('reason', value('1.5', '1.5')), field('revision', value('1e308', '1e308'))],
  'POST /api/assessments/{id}/return': [field('reason', value('1.5', '1.5'))],
  'POST /api/assessments/{id}/reassign': [field('toUserId', value('only NUL', '"\\u0000"'))],
  'PUT /api/api-users/{id}': [field('password', value('regex object', '{"$regex":".*"}'))],
};
