/**
 * A valid request for every operation of the OpenAPI document (and for the matrix's variant rows, `KEY #variant`),
 * pointing at real fixture records so row access is exercised. The route matrix sends them as each role; the
 * fuzz suite mutates them.
 *
 * So that allowed calls never break later cells: changes that take a revision send a stale one (0): the caller
 * passes the guards and the row-access and status decisions, then gets 409 and nothing is written. Deletes,
 * approvals and the like get a throwaway record per call; logout gets a session of its own.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_EMAIL_TEMPLATES } from '@cans/domain/administration/email-template-defaults';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { DIRECT_CARE_WORKER_GROUP_ID, SUPERVISOR_GROUP_ID } from '../identity/user-groups/built-in-groups';
import { ADMINISTRATOR_ID, STATE_ADMINISTRATOR_GROUP_ID, SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { ANSWERS, CAREGIVER, NORTHSIDE_AGENCY_ID, Role, SecurityFixture } from './security-fixture';

export interface PreparedRequest {
  /** The path with its parameters filled in. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Ends the session it is sent with (logout): send it with a fresh token. */
  freshSession?: boolean;
}

type Prepare = (fx: SecurityFixture, role: Role) => Promise<PreparedRequest> | PreparedRequest;

/** The revision a client saw long ago: the decision runs, the append is refused with 409. */
const STALE = 0;
const NARRATIVE = {
  impressions: 'Settled.',
  needs: 'Contact.',
  targets: 'Calm.',
  outcomes: 'Fewer incidents.',
  plan: 'Weekly sessions.',
  recommendations: 'Review.',
};

/** A Many Children One CANS query with a comparison: saving it again (every role, every run) appends nothing. */
/** An analyst's projection: events per type (the workbench's preview and publish rows). */
const EVENTS_PER_TYPE_PROJECTION =
  "const collections = { n: { label: 'Events', fields: { type: 'string', events: 'count' } } };\n" +
  'function initialState() { return {}; }\nfunction apply(state, event) { state[event.type] = (state[event.type] ?? 0) + 1; }\n' +
  'function rows(state) { return { n: Object.entries(state).map(([type, events]) => ({ type, events })) }; }';
const PUBLISHED_PROJECTION = { name: 'events-per-type', label: 'Events per type', description: '', code: EVENTS_PER_TYPE_PROJECTION };

const SAVED_REPORT_QUERY = {
  report: 'many-children-one-cans',
  query: { minAge: '-1', maxAge: '-1', domains: 'LIFE_FUNCTIONING' },
  comparison: { compareAgency: NORTHSIDE_AGENCY_ID, compareType: '62', compareYear: '2024' },
};

const assessment =
  (
    suffix: string,
    body?: (fx: SecurityFixture) => unknown,
    which: 'incompleteAssessment' | 'pendingAssessment' | 'approvedAssessment' = 'incompleteAssessment',
  ): Prepare =>
  (fx) => ({ path: `/api/assessments/${fx.ids[which]}${suffix}`, body: body?.(fx) });

/** A new Foster Care Status item no assessment uses (renamed or deleted by one cell); answers its id. */
async function throwawayStatus(fx: SecurityFixture): Promise<string> {
  const added = await fx.send('post', '/api/settings/option-lists/fosterCareStatus/items', await fx.token('administrator'), {
    name: `Throwaway ${randomUUID().slice(0, 8)}`,
  });
  if (added.status !== 201) throw new Error(`a throwaway option: ${added.status} ${JSON.stringify(added.body)}`);
  return String(added.body.id);
}

/** The fields of an existing user as the edit form sends them back, with a change. */
const userEdit = (created: { body: Record<string, unknown> }, change: Record<string, unknown>) => ({
  ...created.body,
  status: 1,
  ...change,
});

export const OPERATION_REQUESTS: Record<string, Prepare> = {
  'GET /api/health': () => ({ path: '/api/health' }),
  'GET /api/ready': () => ({ path: '/api/ready' }),

  'GET /api/agencies': () => ({ path: '/api/agencies', query: { filter: '{"q":"north"}', sort: '["name","ASC"]', range: '[0,9]' } }),
  'POST /api/agencies': () => ({
    path: '/api/agencies',
    body: { name: `Matrix agency ${Date.now()}${Math.random()}`, displayName: 'Matrix' },
  }),
  'GET /api/agencies/{id}': () => ({ path: `/api/agencies/${NORTHSIDE_AGENCY_ID}` }),
  'PUT /api/agencies/{id}': async (fx) => {
    const agency = await fx.make.agency();
    return { path: `/api/agencies/${agency.id}`, body: { ...agency.body, displayName: 'Renamed' } };
  },
  'DELETE /api/agencies/{id}': async (fx) => ({ path: `/api/agencies/${(await fx.make.agency()).id}` }),

  'GET /api/library': () => ({ path: '/api/library' }),
  'GET /api/library/items': (fx) => ({
    path: '/api/library/items',
    query: { filter: JSON.stringify({ domainId: fx.ids.domainId }), sort: '["order","ASC"]', range: '[0,99]' },
  }),
  'POST /api/library/items': (fx) => ({
    path: '/api/library/items',
    body: { type: 'question', domainId: fx.ids.domainId, name: `MATRIX ${Date.now()}`, description: '<p>Added.</p>', answers: ANSWERS },
  }),
  'GET /api/library/items/{id}': (fx) => ({ path: `/api/library/items/${fx.ids.questionId}` }),
  'PUT /api/library/items/{id}': (fx) => ({
    path: `/api/library/items/${fx.ids.questionId}`,
    body: {
      type: 'question',
      domainId: fx.ids.domainId,
      name: 'SECURITY MATRIX QUESTION',
      description: '<p>Fixture.</p>',
      answers: ANSWERS,
    },
  }),
  'DELETE /api/library/items/{id}': async (fx) => ({ path: `/api/library/items/${(await fx.make.question()).id}` }),
  'PUT /api/library/items/{id}/visibility': (fx) => ({
    path: `/api/library/items/${fx.ids.questionId}/visibility`,
    body: { visible: true },
  }),
  'PUT /api/library/order': (fx) => ({ path: '/api/library/order', body: { items: [{ id: fx.ids.questionId, order: 1 }] } }),
  'GET /api/library/versions': () => ({ path: '/api/library/versions', query: { sort: '["version","DESC"]', range: '[0,9]' } }),
  'GET /api/library/versions/current': () => ({ path: '/api/library/versions/current' }),
  'GET /api/library/versions/{version}': () => ({ path: '/api/library/versions/1' }),
  'POST /api/library/evaluate': () => ({ path: '/api/library/evaluate', body: { answers: {}, childAgeYears: 12, caregiverCount: 1 } }),

  'GET /api/question-rules': () => ({ path: '/api/question-rules', query: { filter: '{"q":"security"}', range: '[0,9]' } }),
  'POST /api/question-rules': (fx) => ({
    path: '/api/question-rules',
    body: {
      name: `Matrix rule ${Date.now()}${Math.random()}`,
      description: 'Added.',
      triggerDomainId: fx.ids.domainId,
      triggerQuestionId: fx.ids.questionId,
      answers: ['3'],
      action: 'hide',
      moduleId: fx.ids.moduleId,
    },
  }),
  'GET /api/question-rules/{id}': (fx) => ({ path: `/api/question-rules/${fx.ids.ruleId}` }),
  'PUT /api/question-rules/{id}': async (fx) => {
    const rule = await fx.make.rule();
    return { path: `/api/question-rules/${rule.id}`, body: { ...rule.body, description: 'Changed.' } };
  },
  'DELETE /api/question-rules/{id}': async (fx) => ({ path: `/api/question-rules/${(await fx.make.rule()).id}` }),

  'GET /api/assessments': () => ({
    path: '/api/assessments',
    query: { filter: '{"q":"PID","view":"all"}', sort: '["lud","DESC"]', range: '[0,19]' },
  }),
  'POST /api/assessments': (fx) => ({
    path: '/api/assessments',
    body: { child: { ...fx.ids.child, cin: `PID-M${Date.now() % 1e8}`, familyId: null } },
  }),
  'GET /api/assessments/{id}': assessment(''),
  'DELETE /api/assessments/{id}': assessment('', () => ({ revision: STALE })),
  'PUT /api/assessments/{id}/child-information': assessment('/child-information', (fx) => ({ revision: STALE, child: fx.ids.child })),
  'PUT /api/assessments/{id}/type': assessment('/type', (fx) => ({ revision: STALE, assessmentType: fx.ids.assessmentType })),
  'POST /api/assessments/{id}/caregivers': assessment('/caregivers', () => ({ revision: STALE, caregiver: CAREGIVER })),
  'PUT /api/assessments/{id}/caregivers/{caregiverId}': (fx) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/caregivers/${fx.ids.caregiverId}`,
    body: { revision: STALE, caregiver: CAREGIVER },
  }),
  'DELETE /api/assessments/{id}/caregivers/{caregiverId}': (fx) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/caregivers/${fx.ids.caregiverId}`,
    body: { revision: STALE },
  }),
  'POST /api/assessments/{id}/family-caregivers': assessment('/family-caregivers', (fx) => ({
    revision: STALE,
    familyId: fx.ids.familyId,
  })),
  // Ratings and comments merge (no revision): allowed calls really write; rating the same answer again is harmless.
  'PUT /api/assessments/{id}/ratings': assessment('/ratings', (fx) => ({ questionCode: fx.ids.questionCode, rating: '1' })),
  'PUT /api/assessments/{id}/comments/{commentId}': (fx) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/comments/${randomUUID()}`,
    body: { questionCode: fx.ids.questionCode, content: 'Matrix comment.' },
  }),
  // One's own comment (only its author changes it); roles that may not comment get the administrator's.
  'DELETE /api/assessments/{id}/comments/{commentId}': async (fx, role) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/comments/${(await fx.make.comment(role, fx.ids.incompleteAssessment)).id}`,
  }),
  "DELETE /api/assessments/{id}/comments/{commentId} #worker1's": async (fx) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/comments/${(await fx.make.comment('caseWorker', fx.ids.incompleteAssessment)).id}`,
  }),
  'PUT /api/assessments/{id}/narrative': assessment('/narrative', () => ({ revision: STALE, narrative: NARRATIVE })),
  'POST /api/assessments/{id}/complete': assessment('/complete', () => ({ revision: STALE })),
  'POST /api/assessments/{id}/approve': assessment('/approve', () => ({ revision: STALE }), 'pendingAssessment'),
  'POST /api/assessments/{id}/return': assessment('/return', () => ({ revision: STALE, reason: 'Please review.' }), 'pendingAssessment'),
  'POST /api/assessments/{id}/close': assessment('/close', () => ({ revision: STALE, reason: 'Moved away.' })),
  'POST /api/assessments/{id}/delete': assessment('/delete', () => ({ revision: STALE })),
  'POST /api/assessments/{id}/include': assessment('/include', () => ({ revision: STALE }), 'approvedAssessment'),
  'POST /api/assessments/{id}/exclude': assessment('/exclude', () => ({ revision: STALE }), 'approvedAssessment'),
  'POST /api/assessments/{id}/share': assessment('/share', () => ({ revision: STALE, userIds: [] })),
  'GET /api/assessments/{id}/share-options': assessment('/share-options'),
  'POST /api/assessments/{id}/reassign': assessment('/reassign', (fx) => ({ revision: STALE, toUserId: fx.ids.userIds.otherWorker })),
  'GET /api/assessments/{id}/reassign-options': assessment('/reassign-options'),
  'GET /api/assessment-options': () => ({ path: '/api/assessment-options' }),
  'GET /api/assessment-assessors': () => ({ path: '/api/assessment-assessors', query: { q: 'a' } }),
  'GET /api/children/lookup': (fx) => ({ path: '/api/children/lookup', query: { cin: fx.ids.cin, mode: 'add' } }),
  'GET /api/assessments/{id}/summary': assessment('/summary'),
  'GET /api/assessments/{id}/summary.pdf': assessment('/summary.pdf'),
  'GET /api/assessments/{id}/print': assessment('/print'),
  'GET /api/assessments/{id}/print.pdf': assessment('/print.pdf'),
  'GET /api/assessments/{id}/history': assessment('/history'),
  'GET /api/assessments/{id}/history.csv': assessment('/history.csv'),
  'GET /api/assessments/{id}/as-of': (fx) => ({ path: `/api/assessments/${fx.ids.incompleteAssessment}/as-of`, query: { revision: '0' } }),
  'GET /api/assessments/{id}/compare': (fx) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/compare`,
    query: { revision: '0' },
  }),
  'GET /api/assessments/{id}/access-at': (fx) => ({
    path: `/api/assessments/${fx.ids.incompleteAssessment}/access-at`,
    query: { at: new Date().toISOString() },
  }),
  'GET /api/answer-statistics/{questionCode}': (fx) => ({ path: `/api/answer-statistics/${fx.ids.questionCode}` }),
  'GET /api/assessment-counts': () => ({ path: '/api/assessment-counts', query: { days: '30' } }),
  'GET /api/reports/filter-options': () => ({ path: '/api/reports/filter-options' }),
  'GET /api/reports/domains': () => ({ path: '/api/reports/domains' }),
  'GET /api/reports/cohort': () => ({ path: '/api/reports/cohort', query: { minAge: '-1', range: '[0,29]' } }),
  'GET /api/reports/many-children-one-cans': () => ({ path: '/api/reports/many-children-one-cans' }),
  'GET /api/reports/glance': () => ({ path: '/api/reports/glance' }),
  'GET /api/reports/comparison-options': () => ({ path: '/api/reports/comparison-options' }),
  'GET /api/reports/comparison': () => ({ path: '/api/reports/comparison', query: { compareType: '62', compareYear: '2024' } }),
  'GET /api/reports/one-child-one-cans/cases': () => ({ path: '/api/reports/one-child-one-cans/cases', query: { fullName: 'a' } }),
  'GET /api/reports/one-child-one-cans': (fx) => ({
    path: '/api/reports/one-child-one-cans',
    query: { assessment: fx.ids.approvedAssessment },
  }),
  'GET /api/reports/one-child-many-cans/children': () => ({ path: '/api/reports/one-child-many-cans/children' }),
  'GET /api/reports/one-child-many-cans/time-points': (fx) => ({
    path: '/api/reports/one-child-many-cans/time-points',
    query: { cin: fx.ids.cin },
  }),
  'GET /api/reports/one-child-many-cans': (fx) => ({
    path: '/api/reports/one-child-many-cans',
    query: { assessments: fx.ids.approvedAssessment },
  }),
  'GET /api/reports/many-children-many-cans/cohort': () => ({
    path: '/api/reports/many-children-many-cans/cohort',
    query: { range: '[0,19]' },
  }),
  'GET /api/reports/many-children-many-cans': () => ({ path: '/api/reports/many-children-many-cans' }),
  'GET /api/reports/one-child-one-cans/glance': (fx) => ({
    path: '/api/reports/one-child-one-cans/glance',
    query: { assessment: fx.ids.approvedAssessment },
  }),
  'GET /api/reports/one-child-many-cans/glance': (fx) => ({
    path: '/api/reports/one-child-many-cans/glance',
    query: { assessments: fx.ids.approvedAssessment },
  }),
  'GET /api/reports/many-children-many-cans/glance': () => ({ path: '/api/reports/many-children-many-cans/glance' }),
  'POST /api/reports/saved-queries': () => ({ path: '/api/reports/saved-queries', body: SAVED_REPORT_QUERY }),
  'GET /api/reports/saved-queries/{id}': async (fx) => {
    const saved = await fx.send('post', '/api/reports/saved-queries', await fx.token('administrator'), SAVED_REPORT_QUERY);
    return { path: `/api/reports/saved-queries/${saved.body.id}` };
  },
  'GET /api/reports/saved-queries/{id}/pdf': async (fx) => {
    const saved = await fx.send('post', '/api/reports/saved-queries', await fx.token('administrator'), SAVED_REPORT_QUERY);
    return { path: `/api/reports/saved-queries/${saved.body.id}/pdf` };
  },
  'GET /api/assessment-counts/months': () => ({ path: '/api/assessment-counts/months' }),
  'GET /api/assessment-counts/supervisees': () => ({ path: '/api/assessment-counts/supervisees' }),
  'GET /api/analytics': () => ({ path: '/api/analytics' }),
  'GET /api/analytics/{projection}/{collection}': () => ({
    path: '/api/analytics/time-to-approval/by_month',
    query: { sort: '["month","DESC"]', range: '[0,9]', filter: '{}' },
  }),
  'GET /api/analytics/{projection}/{collection}.csv': () => ({ path: '/api/analytics/item-transitions/items.csv' }),
  'GET /api/analytics-replays': () => ({ path: '/api/analytics-replays' }),
  // Every role asks for the same replay: the first queues it, the others are answered that job (never the queue's 503).
  'POST /api/analytics-replays': () => ({ path: '/api/analytics-replays', body: { projection: 'time-to-approval', until: '2025-12-31' } }),
  'GET /api/analytics-replays/{id}': async (fx) => {
    const asked = await fx.send('post', '/api/analytics-replays', await fx.token('administrator'), {
      projection: 'time-to-approval',
      until: '2025-12-31',
    });
    return { path: `/api/analytics-replays/${String(asked.body.id)}` };
  },
  'GET /api/analytics-workbench': () => ({ path: '/api/analytics-workbench' }),
  'POST /api/analytics-workbench/previews': () => ({
    path: '/api/analytics-workbench/previews',
    body: { code: EVENTS_PER_TYPE_PROJECTION, events: 50 },
  }),
  'GET /api/analytics-workbench/projections': () => ({ path: '/api/analytics-workbench/projections' }),
  // Every role publishes the same projection: the first records version 1, the others are answered it (200).
  'POST /api/analytics-workbench/projections': () => ({ path: '/api/analytics-workbench/projections', body: PUBLISHED_PROJECTION }),
  'GET /api/analytics-workbench/projections/{name}': async (fx) => {
    await fx.send('post', '/api/analytics-workbench/projections', await fx.token('administrator'), PUBLISHED_PROJECTION);
    return { path: `/api/analytics-workbench/projections/${PUBLISHED_PROJECTION.name}` };
  },
  'DELETE /api/analytics-workbench/projections/{name}': async (fx) => {
    await fx.send('post', '/api/analytics-workbench/projections', await fx.token('administrator'), PUBLISHED_PROJECTION);
    return { path: `/api/analytics-workbench/projections/${PUBLISHED_PROJECTION.name}` };
  },
  'GET /api/analytics-workbench/events.csv': () => ({
    path: '/api/analytics-workbench/events.csv',
    query: { from: '2020-01-01', to: '2030-12-31' },
  }),
  'GET /api/analytics-workbench/events.parquet': () => ({
    path: '/api/analytics-workbench/events.parquet',
    query: { from: '2020-01-01', to: '2030-12-31' },
  }),
  'GET /api/system-notification': () => ({ path: '/api/system-notification' }),
  'PUT /api/system-notification': () => ({ path: '/api/system-notification', body: { content: '<p>Maintenance tonight</p>' } }),
  'GET /api/settings/app-version': () => ({ path: '/api/settings/app-version' }),
  'GET /api/settings/email-server': () => ({ path: '/api/settings/email-server' }),
  // A closed port on this machine: a test mail fails at once, with no lookup and no wait.
  'PUT /api/settings/email-server': () => ({
    path: '/api/settings/email-server',
    // The caller's password is not known here: a super admin's save is answered 400 on currentPassword (allowed, nothing written).
    body: { smtp: '127.0.0.1', port: 9, userName: null, fromEmail: 'cans@example.org', fromName: 'CANS', sslKey: 1, currentPassword: 'x' },
  }),
  'POST /api/settings/email-server/test-mail': () => ({ path: '/api/settings/email-server/test-mail', body: { to: 'admin@example.org' } }),
  'GET /api/settings/reminders': () => ({ path: '/api/settings/reminders' }),
  'PUT /api/settings/reminders': () => ({
    path: '/api/settings/reminders',
    body: { daysOfIncompletionAlert: 30, monthOfNextCaseAlert: 6, daysOfTimeoutAlert: 30 },
  }),
  'GET /api/settings/email-templates': () => ({ path: '/api/settings/email-templates' }),
  'GET /api/settings/email-templates/{name}': () => ({ path: '/api/settings/email-templates/CreateUser' }),
  // Saved as built in: the mails every other cell sends stay as they are.
  'PUT /api/settings/email-templates/{name}': () => ({
    path: '/api/settings/email-templates/RegisterEmailVerification',
    body: DEFAULT_EMAIL_TEMPLATES.RegisterEmailVerification,
  }),
  'POST /api/settings/email-templates/{name}/preview': () => ({
    path: '/api/settings/email-templates/ResetPassword/preview',
    body: { subject: 'Reset for {{userName}}', body: '<p>Use <a href="{{link}}">this link</a>.</p>' },
  }),
  'GET /api/help': () => ({ path: '/api/help', query: { path: '/assessment/list' } }),
  'PUT /api/help': () => ({ path: '/api/help', body: { path: '/assessment/list', content: '<p>Our own help</p>' } }),
  'PUT /api/settings/app-version': () => ({ path: '/api/settings/app-version', body: { version: '2.4.1' } }),
  'GET /api/settings/child-labels': () => ({ path: '/api/settings/child-labels' }),
  // The default name, enabled: the labels every other spec reads stay as they are.
  'PUT /api/settings/child-labels/{fieldName}': () => ({
    path: '/api/settings/child-labels/COUNTY',
    body: { displayName: 'County', status: 1 },
  }),
  'GET /api/settings/option-lists': () => ({ path: '/api/settings/option-lists' }),
  'GET /api/settings/option-lists/{list}': () => ({ path: '/api/settings/option-lists/fosterCareStatus' }),
  // Foster Care Status, under a name of its own per call (names are unique), so the assessment types the other
  // cells save with stay as they are; renames and deletes work on a throwaway item.
  'POST /api/settings/option-lists/{list}/items': () => ({
    path: '/api/settings/option-lists/fosterCareStatus/items',
    body: { name: `Status ${randomUUID().slice(0, 8)}` },
  }),
  'PUT /api/settings/option-lists/{list}/items/{id}': async (fx) => ({
    path: `/api/settings/option-lists/fosterCareStatus/items/${await throwawayStatus(fx)}`,
    body: { name: `Renamed ${randomUUID().slice(0, 8)}` },
  }),
  'DELETE /api/settings/option-lists/{list}/items/{id}': async (fx) => ({
    path: `/api/settings/option-lists/fosterCareStatus/items/${await throwawayStatus(fx)}`,
  }),

  // The public sign-in steps get an incomplete body: the answer (400) shows the request got past every guard
  // without failing a sign-in (which is recorded and counts towards a lockout).
  'POST /api/auth/login': () => ({ path: '/api/auth/login', body: {} }),
  'POST /api/auth/verification-code': () => ({ path: '/api/auth/verification-code', body: {} }),
  'POST /api/auth/verify': () => ({ path: '/api/auth/verify', body: {} }),
  'POST /api/auth/logout': () => ({ path: '/api/auth/logout', freshSession: true }),
  'GET /api/auth/me': () => ({ path: '/api/auth/me' }),
  'POST /api/auth/password-reset': () => ({ path: '/api/auth/password-reset', body: {} }),
  'POST /api/auth/password-link/status': () => ({ path: '/api/auth/password-link/status', body: {} }),
  'POST /api/auth/password-link': () => ({ path: '/api/auth/password-link', body: {} }),
  'POST /api/auth/api-token': () => ({ path: '/api/auth/api-token', body: {} }),

  'GET /api/users': () => ({ path: '/api/users', query: { filter: '{"q":"w"}', sort: '["lastName","ASC"]', range: '[0,9]' } }),
  'POST /api/users': () => ({ path: '/api/users', body: newUserBody(DIRECT_CARE_WORKER_GROUP_ID) }),
  // Only members of groups 1 and 153 assign those groups, and only groups whose privileges are a subset of one's own.
  'POST /api/users #into group 1': () => ({ path: '/api/users', body: newUserBody(SYSTEM_ADMINISTRATOR_GROUP_ID) }),
  'GET /api/users/supervisor-options': () => ({
    path: '/api/users/supervisor-options',
    query: { userGroupId: DIRECT_CARE_WORKER_GROUP_ID },
  }),
  'GET /api/users/{id}': (fx) => ({ path: `/api/users/${fx.ids.userIds.caseWorker}` }),
  'PUT /api/users/{id}': async (fx) => {
    const user = await fx.make.user();
    return { path: `/api/users/${user.id}`, body: userEdit(user, { firstName: 'Renamed' }) };
  },
  // Finding 1: moving someone (here a case worker) into group 1.
  'PUT /api/users/{id} #move a case worker into group 1': async (fx) => {
    const user = await fx.make.user();
    return {
      path: `/api/users/${user.id}`,
      body: userEdit(user, { userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID, supervisorId: ADMINISTRATOR_ID, agencyId: null }),
    };
  },
  // Finding 2: re-mailing a State Administrator (then resetting their password takes the account over).
  'PUT /api/users/{id} #re-mail a State Administrator': async (fx) => {
    const user = await fx.make.user({ userGroupId: STATE_ADMINISTRATOR_GROUP_ID, supervisorId: ADMINISTRATOR_ID, agencyId: null });
    return { path: `/api/users/${user.id}`, body: userEdit(user, { email: `taken-over-${Date.now()}@example.test` }) };
  },
  'PUT /api/users/{id} #the administrator': async (fx) => {
    const admin = await fx.send('get', `/api/users/${ADMINISTRATOR_ID}`, await fx.token('administrator'));
    const { firstName, lastName, username, email, phone, userGroupId, supervisorId, agencyId, externalId, expirationDate } = admin.body;
    return {
      path: `/api/users/${ADMINISTRATOR_ID}`,
      body: { firstName, lastName, username, email, phone, userGroupId, supervisorId, agencyId, externalId, expirationDate, status: 1 },
    };
  },
  'DELETE /api/users/{id}': async (fx) => ({ path: `/api/users/${(await fx.make.user()).id}` }),
  'DELETE /api/users/{id} #a State Administrator': async (fx) => ({
    path: `/api/users/${(await fx.make.user({ userGroupId: STATE_ADMINISTRATOR_GROUP_ID, supervisorId: ADMINISTRATOR_ID, agencyId: null })).id}`,
  }),
  'GET /api/users/{id}/supervisees': (fx) => ({ path: `/api/users/${fx.ids.userIds.supervisor}/supervisees` }),
  'POST /api/users/{id}/approve': async (fx) => ({ path: `/api/users/${(await fx.make.pendingUser()).id}/approve` }),
  'POST /api/users/{id}/password-reset': async (fx) => ({ path: `/api/users/${(await fx.make.user()).id}/password-reset` }),
  'POST /api/users/{id}/password-reset #a State Administrator': async (fx) => ({
    path: `/api/users/${(await fx.make.user({ userGroupId: STATE_ADMINISTRATOR_GROUP_ID, supervisorId: ADMINISTRATOR_ID, agencyId: null })).id}/password-reset`,
  }),

  'GET /api/user-groups': () => ({ path: '/api/user-groups', query: { range: '[0,9]' } }),
  'POST /api/user-groups': () => ({
    path: '/api/user-groups',
    body: { name: `Matrix group ${Date.now()}${Math.random()}`, parentGroupId: '153', privileges: ['HOME_SHOW'] },
  }),
  'GET /api/user-groups/tree': () => ({ path: '/api/user-groups/tree' }),
  'GET /api/user-groups/{id}': () => ({ path: `/api/user-groups/${SUPERVISOR_GROUP_ID}` }),
  'PUT /api/user-groups/{id}': async (fx) => {
    const group = await fx.make.group();
    return { path: `/api/user-groups/${group.id}`, body: { ...group.body, privileges: ['HOME_SHOW', 'Assessment_View'] } };
  },
  'DELETE /api/user-groups/{id}': async (fx) => ({ path: `/api/user-groups/${(await fx.make.group()).id}` }),
  'GET /api/privileges': () => ({ path: '/api/privileges' }),

  'GET /api/api-users': () => ({ path: '/api/api-users', query: { range: '[0,9]' } }),
  'POST /api/api-users': () => ({
    path: '/api/api-users',
    body: {
      username: `matrix-${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      password: 'matrix-machine-secret',
      ip: '203.0.113.7',
      maxRecords: 5,
    },
  }),
  'GET /api/api-users/{id}': (fx) => ({ path: `/api/api-users/${fx.ids.apiUserId}` }),
  'PUT /api/api-users/{id}': async (fx) => {
    const apiUser = await fx.make.apiUser();
    return { path: `/api/api-users/${apiUser.id}`, body: { username: apiUser.body.username, ip: '203.0.113.10', maxRecords: 5 } };
  },
  'DELETE /api/api-users/{id}': async (fx) => ({ path: `/api/api-users/${(await fx.make.apiUser()).id}` }),

  'GET /api/account': () => ({ path: '/api/account' }),
  'PUT /api/account': async (fx, role) => {
    const mine = await fx.send('get', '/api/account', await fx.token(role));
    const profile = mine.status === 200 ? mine.body : { firstName: 'Nobody', lastName: 'Known', email: 'nobody@example.test', phone: null };
    return {
      path: '/api/account',
      body: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone ?? null },
    };
  },
  // A wrong old password: the handler refuses it (400 on oldPassword) after every guard let the request in.
  'POST /api/account/password': () => ({
    path: '/api/account/password',
    body: { oldPassword: 'Not!TheOld1', newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' },
  }),
  'GET /api/account/access-assignments': () => ({ path: '/api/account/access-assignments' }),
  'POST /api/account/access-assignments': async (fx, role) => ({
    path: '/api/account/access-assignments',
    body: {
      delegateId: await fx.make.delegate(role),
      startsOn: '2032-03-01',
      endsOn: '2032-03-02',
    },
  }),
  'GET /api/account/access-assignments/delegate-options': () => ({ path: '/api/account/access-assignments/delegate-options' }),
  // One's own assignment; a role that may not assign gets worker1's (refused by privilege anyway).
  'DELETE /api/account/access-assignments/{id}': async (fx, role) => ({
    path: `/api/account/access-assignments/${(await fx.make.assignment(role)).id}`,
  }),
  // Somebody else's (worker1's) assignment: only its owner removes it.
  "DELETE /api/account/access-assignments/{id} #worker1's": async (fx) => ({
    path: `/api/account/access-assignments/${(await fx.make.assignment('caseWorker')).id}`,
  }),

  'GET /api/system-log': () => ({
    path: '/api/system-log',
    query: { filter: '{"action":"sign-in"}', sort: '["recordedAt","DESC"]', range: '[0,9]' },
  }),
  'GET /api/system-log/actions': () => ({ path: '/api/system-log/actions' }),
  // A past month (the fixture's demo data has approved assessments in earlier months).
  'GET /api/data-feed/monthly/count': () => ({ path: '/api/data-feed/monthly/count', query: { year: '2024', month: '1' } }),
  'GET /api/data-feed/monthly/download': () => ({ path: '/api/data-feed/monthly/download', query: { year: '2024', month: '1' } }),
  // A range of approved demo assessments (a file), and for the mail an address the test outbox keeps.
  'GET /api/data-feed/export/count': () => ({ path: '/api/data-feed/export/count', query: { from: '2024-01-01', to: '2024-01-31' } }),
  'GET /api/data-feed/export/download': () => ({ path: '/api/data-feed/export/download', query: { from: '2024-01-01', to: '2024-01-31' } }),
  'POST /api/data-feed/export/mail': () => ({
    path: '/api/data-feed/export/mail',
    body: { from: '2024-01-01', to: '2024-01-31', email: 'export@cans.test' },
  }),
  // No SFTP server is saved in the fixture (409, nothing sent); once one is, a closed loopback port fails at once.
  'GET /api/data-feed/xml': () => ({ path: '/api/data-feed/xml' }),
  'POST /api/data-feed/xml/upload': () => ({
    path: '/api/data-feed/xml/upload',
    body: { startDateFullTime: '2024-01-01 00:00:00', endDateFullTime: '2024-01-31 23:59:59' },
  }),
  'PUT /api/data-feed/xml/assessment-date': () => ({
    path: '/api/data-feed/xml/assessment-date',
    body: { endDateFullTime: '2024-01-01 00:00:00' },
  }),
  'GET /api/settings/sftp-server': () => ({ path: '/api/settings/sftp-server' }),
  'PUT /api/settings/sftp-server': () => ({
    path: '/api/settings/sftp-server',
    // A fingerprint given: nothing connects to port 9 to read a host key.
    body: {
      host: '127.0.0.1',
      port: 9,
      userName: 'cans-feed',
      password: 'Feed!2345',
      remoteFolder: 'incoming',
      hostKeyFingerprint: 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s',
      currentPassword: 'x',
    },
  }),
};

function newUserBody(userGroupId: string): Record<string, unknown> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const top = userGroupId === SYSTEM_ADMINISTRATOR_GROUP_ID;
  return {
    firstName: 'Matrix',
    lastName: 'Added',
    username: `matrix${suffix}`,
    email: `matrix${suffix}@example.test`,
    phone: null,
    userGroupId,
    supervisorId: top ? ADMINISTRATOR_ID : DEMO_USER_IDS.supervisor,
    agencyId: top ? null : NORTHSIDE_AGENCY_ID,
    externalId: `MX-${suffix}`,
  };
}
