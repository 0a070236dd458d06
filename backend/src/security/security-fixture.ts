/**
 * The organisation the route matrix and the fuzz suite run against: the demo data (agencies, one real user per
 * built-in group with its supervisor chain, the seed library, assessments in every state — all through the real
 * commands), plus a second member of group 1, an API client, a small library of its own, and makers of
 * throwaway records for calls that change or delete what they touch.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { demoAssessmentId } from '../platform/seeding/demo-data/assessments-demo-data';
import { DEMO_AGENCIES } from '../platform/seeding/demo-data/demo-data';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { uniqueName } from '../../test-support/identity-kit';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { ADMINISTRATOR_ID, SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../identity/user-groups/built-in-groups';
import { EVENT_STORE } from '../platform/storage/storage-tokens';
import { MailAfterAnswer } from '../identity/delivery/mail-after-answer';
import { RecordReadsService } from '../audit/record-reads/record-reads.service';
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { ApiOperation, fetchOpenApiDocument, HttpMethod, OpenApiDocument, operationsOf } from './openapi-operations';

/** The matrix columns: nobody, the administrator (user 1), a second member of group 1, one user per other built-in group, a case worker whose caseload the fixture records are not in, and an API client. */
export const ROLES = [
  'anonymous',
  'administrator',
  'sysAdmin',
  'stateAdmin',
  'supervisorAdmin',
  'supervisor',
  'caseWorker',
  'otherWorker',
  'monitor',
  'apiClient',
] as const;
export type Role = (typeof ROLES)[number];

/** The demo users behind the columns (scripts/seed/identity-demo-data.ts): worker1 owns the fixture assessments. */
const DEMO_ROLE_USERS: Partial<Record<Role, string>> = {
  administrator: ADMINISTRATOR_ID,
  stateAdmin: DEMO_USER_IDS['state.admin'],
  supervisorAdmin: DEMO_USER_IDS['supervisor.admin'],
  supervisor: DEMO_USER_IDS.supervisor,
  caseWorker: DEMO_USER_IDS.worker1,
  otherWorker: DEMO_USER_IDS.worker2,
  monitor: DEMO_USER_IDS.analyst,
};

export const NORTHSIDE_AGENCY_ID = DEMO_AGENCIES[0].id;
/** 127.0.0.1 is where supertest's requests come from: the API client's allowed IP. */
const API_CLIENT_IP = '127.0.0.1';
const API_CLIENT_PASSWORD = 'security-matrix-secret';
export const CAREGIVER = {
  firstName: 'Pat',
  lastName: 'Wilson',
  relationship: { group: 'Parent/Guardian', role: 'Mother' },
  phone: '5550102000',
};
export const ANSWERS = { '0': 'None.', '1': 'Watch.', '2': 'Act.', '3': 'Act now.', NA: 'Not applicable.' };

/** Ids of the records the requests point at. Assessments are worker1's demo cases, none shared with worker2. */
export interface FixtureIds {
  userIds: Record<Exclude<Role, 'anonymous' | 'apiClient'>, string>;
  apiClientUsername: string;
  apiUserId: string;
  incompleteAssessment: string;
  pendingAssessment: string;
  approvedAssessment: string;
  caregiverId: string;
  questionCode: string;
  /** The incomplete assessment's child form as stored (a valid body for the child routes). */
  child: Record<string, unknown>;
  assessmentType: string;
  cin: string;
  familyId: string;
  domainId: string;
  moduleId: string;
  questionId: string;
  ruleId: string;
  /** A user that only ever signs in wrongly (sign-in bodies name it, so nobody real gets locked out). */
  signInTarget: { username: string; email: string };
}

export interface Created {
  id: string;
  body: Record<string, unknown>;
}

export interface SecurityFixture {
  t: TestApp;
  document: OpenApiDocument;
  operations: ApiOperation[];
  ids: FixtureIds;
  /** The role's bearer token (null for anonymous); `fresh` starts a new session (for calls that end it). */
  token(role: Role, options?: { fresh?: boolean }): Promise<string | null>;
  /** Drops the role's cached token, so the next one starts a new session. */
  forgetToken(role: Role): void;
  /** One request, bearer token and JSON body, after every pending set-up of the test app. */
  send(method: HttpMethod, path: string, token: string | null, body?: unknown, query?: Record<string, string>): Promise<Response>;
  /** Runs a request and reports what it appended to the event store (requests are sequential, so it is theirs). */
  observe(request: () => Promise<Response>): Promise<{ response: Response; appended: RecordedEvent[] }>;
  make: {
    user(fields?: Record<string, unknown>): Promise<Created>;
    pendingUser(): Promise<Created>;
    group(): Promise<Created>;
    agency(): Promise<Created>;
    apiUser(): Promise<Created>;
    question(): Promise<Created>;
    rule(): Promise<Created>;
    comment(authorRole: Role, assessmentId: string): Promise<Created>;
    /** A new incomplete assessment of worker1 with one caregiver (body.caregiverId). */
    assessment(): Promise<Created>;
    assignment(ownerRole: Role): Promise<Created>;
    /** A user who may receive the role's new assessments (Assign Access: a sibling user, made once per role). */
    delegate(ownerRole: Role): Promise<string>;
  };
  close(): Promise<void>;
}

/** Who may comment on worker1's incomplete assessment, and who may assign temporary access (the table says so too). */
const COMMENTERS: Role[] = ['administrator', 'stateAdmin', 'supervisorAdmin', 'supervisor', 'caseWorker'];
const ASSIGNERS: Role[] = ['sysAdmin', 'stateAdmin', 'supervisorAdmin', 'supervisor', 'caseWorker', 'otherWorker'];

const created = (what: string, answer: Response, body: Record<string, unknown>): Created => {
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`fixture: creating ${what} answered ${answer.status} ${answer.text.slice(0, 300)}`);
  return { id: String(answer.body.id), body };
};

export async function buildSecurityFixture(): Promise<SecurityFixture> {
  const t = await startTestApp({ seed: 'demo-data' });
  const eventStore = t.app.get<EventStore>(EVENT_STORE);
  const adminToken = t.adminToken();
  const tokens = new Map<Role, string | null>([['anonymous', null]]);

  const send: SecurityFixture['send'] = async (method, path, token, body, query) => {
    let request = t.http()[method](path);
    if (query) request = request.query(query);
    if (token) request = request.set('Authorization', `Bearer ${token}`);
    return body === undefined ? request : request.set('Content-Type', 'application/json').send(JSON.stringify(body));
  };
  const asAdmin = (method: HttpMethod, path: string, body?: unknown) => send(method, path, adminToken, body);

  const userBody = (fields: Record<string, unknown> = {}) => {
    const { username, email } = uniqueName('sec');
    return {
      firstName: 'Security',
      lastName: 'Target',
      username,
      email,
      phone: null,
      userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      supervisorId: DEMO_USER_IDS.supervisor,
      agencyId: NORTHSIDE_AGENCY_ID,
      externalId: `SEC-${username}`,
      ...fields,
    };
  };
  const makeUser = async (fields: Record<string, unknown> = {}) => {
    const body = userBody(fields);
    return created('a user', await asAdmin('post', '/api/users', body), body);
  };

  // A second member of group 1 (not the administrator): all privileges, but none of user 1's exceptions.
  const sysAdmin = await makeUser({ userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID, supervisorId: ADMINISTRATOR_ID, agencyId: null });
  const userIds = { ...DEMO_ROLE_USERS, sysAdmin: sysAdmin.id } as FixtureIds['userIds'];
  const signInTarget = uniqueName('signin');
  await makeUser({ username: signInTarget.username, email: signInTarget.email });

  const apiClient = { username: uniqueName('feed').username, password: API_CLIENT_PASSWORD, ip: API_CLIENT_IP, maxRecords: 50 };
  const apiUser = created('an API user', await asAdmin('post', '/api/api-users', apiClient), apiClient);
  const apiToken = async () => {
    const answer = await send('post', '/api/auth/api-token', null, { username: apiClient.username, password: apiClient.password });
    if (answer.status !== 200) throw new Error(`fixture: API client sign-in answered ${answer.status} ${answer.text.slice(0, 300)}`);
    return String(answer.body.accessToken);
  };

  const token: SecurityFixture['token'] = async (role, options = {}) => {
    if (role === 'anonymous') return null;
    if (options.fresh || !tokens.has(role)) {
      const minted = role === 'apiClient' ? await apiToken() : t.tokenForUser(userIds[role]);
      if (options.fresh) return minted;
      tokens.set(role, minted);
    }
    return tokens.get(role) ?? null;
  };

  // A library corner of the fixture's own, so edits and deletes never touch the seed instrument's questions.
  let counter = 0;
  const addItem = async (body: Record<string, unknown>) =>
    created('a library item', await asAdmin('post', '/api/library/items', body), body);
  const domain = await addItem({ type: 'domain', name: 'Security Matrix Domain', description: '<p>Fixture.</p>' });
  const question = await addItem({
    type: 'question',
    domainId: domain.id,
    name: 'SECURITY MATRIX QUESTION',
    description: '<p>Fixture.</p>',
    answers: ANSWERS,
  });
  const module = await addItem({ type: 'module', domainId: domain.id, name: 'Security Matrix Module', description: '<p>Fixture.</p>' });
  const ruleBody = (name: string) => ({
    name,
    description: 'Fixture rule.',
    triggerDomainId: domain.id,
    triggerQuestionId: question.id,
    answers: ['2'],
    action: 'show',
    moduleId: module.id,
  });
  const makeRule = async () => {
    const body = ruleBody(`Security rule ${++counter}`);
    return created('a rule', await asAdmin('post', '/api/question-rules', body), body);
  };
  const rule = await makeRule();

  const incompleteAssessment = demoAssessmentId('oliver-incomplete');
  const view = await asAdmin('get', `/api/assessments/${incompleteAssessment}`);
  if (view.status !== 200) throw new Error(`fixture: demo assessment answered ${view.status}`);
  const questionCode = String(view.body.questionnaire.domains[0].questions[0].code);

  const ids: FixtureIds = {
    userIds,
    apiClientUsername: apiClient.username,
    apiUserId: apiUser.id,
    incompleteAssessment,
    pendingAssessment: demoAssessmentId('liam-pending'),
    approvedAssessment: demoAssessmentId('ava-2025'),
    caregiverId: String(view.body.caregivers[0].caregiverId),
    questionCode,
    child: { ...view.body.child, assessmentType: view.body.assessmentType } as Record<string, unknown>,
    assessmentType: String(view.body.assessmentType),
    cin: String(view.body.child.cin),
    familyId: String(view.body.child.familyId),
    domainId: domain.id,
    moduleId: module.id,
    questionId: question.id,
    ruleId: rule.id,
    signInTarget,
  };

  // Assign Access goes to sibling users only (same supervisor): one made per owner, under the owner's supervisor.
  const delegates = new Map<Role, Promise<string>>();
  const delegateFor = (ownerRole: Role): Promise<string> => {
    const owner = ASSIGNERS.includes(ownerRole) ? ownerRole : 'caseWorker';
    let delegate = delegates.get(owner);
    if (!delegate) {
      delegate = (async () => {
        const ownerView = await asAdmin('get', `/api/users/${userIds[owner as keyof FixtureIds['userIds']]}`);
        return (await makeUser({ supervisorId: ownerView.body.supervisorId })).id;
      })();
      delegates.set(owner, delegate);
    }
    return delegate;
  };

  const make: SecurityFixture['make'] = {
    user: makeUser,
    async pendingUser() {
      // Added by someone outside groups 1 and 153: the user waits for approval (status 3).
      const body = userBody();
      return created('a pending user', await send('post', '/api/users', await token('supervisorAdmin'), body), body);
    },
    async group() {
      const body = {
        name: `Security group ${uniqueName().username}`,
        description: '',
        parentGroupId: '153',
        reportsToParent: false,
        privileges: ['HOME_SHOW'],
      };
      return created('a group', await asAdmin('post', '/api/user-groups', body), body);
    },
    async agency() {
      const name = `Security agency ${uniqueName().username}`;
      const body = { name, displayName: name.slice(0, 40) };
      return created('an agency', await asAdmin('post', '/api/agencies', body), body);
    },
    async apiUser() {
      const body = { username: uniqueName('api').username, password: API_CLIENT_PASSWORD, ip: '203.0.113.9', maxRecords: 10 };
      return created('an API user', await asAdmin('post', '/api/api-users', body), body);
    },
    async question() {
      const body = {
        type: 'question',
        domainId: domain.id,
        name: `DISPOSABLE ${++counter}`,
        description: '<p>Fixture.</p>',
        answers: ANSWERS,
      };
      return addItem(body);
    },
    rule: makeRule,
    async comment(authorRole, assessmentId) {
      const author = COMMENTERS.includes(authorRole) ? authorRole : 'administrator';
      const id = randomUUID();
      const body = { questionCode, content: 'A comment to remove.' };
      const answer = await send('put', `/api/assessments/${assessmentId}/comments/${id}`, await token(author), body);
      if (answer.status !== 200) throw new Error(`fixture: adding a comment answered ${answer.status} ${answer.text.slice(0, 300)}`);
      return { id, body };
    },
    async assessment() {
      const worker = await token('caseWorker');
      const child = { ...ids.child, cin: `PID-S${++counter}-${Date.now() % 1e6}`, familyId: null };
      const started = await send('post', '/api/assessments', worker, { child });
      if (started.status !== 201 && started.status !== 200)
        throw new Error(`fixture: starting an assessment answered ${started.status} ${started.text.slice(0, 300)}`);
      const added = await send('post', `/api/assessments/${started.body.id}/caregivers`, worker, {
        revision: started.body.revision,
        caregiver: CAREGIVER,
      });
      if (added.status !== 201 && added.status !== 200)
        throw new Error(`fixture: adding a caregiver answered ${added.status} ${added.text.slice(0, 300)}`);
      return { id: String(started.body.id), body: { caregiverId: added.body.caregivers[0].caregiverId } };
    },
    async assignment(ownerRole) {
      // The owner assigns (only owners may revoke theirs); roles without the privilege get worker1's.
      const owner = ASSIGNERS.includes(ownerRole) ? ownerRole : 'caseWorker';
      const delegateId = await delegateFor(owner);
      const day = String(1 + (++counter % 27)).padStart(2, '0');
      const body = { delegateId, startsOn: `2031-01-${day}`, endsOn: `2031-02-${day}` };
      return created('an access assignment', await send('post', '/api/account/access-assignments', await token(owner), body), body);
    },
    delegate: delegateFor,
  };

  const observe: SecurityFixture['observe'] = async (request) => {
    await t.settled();
    // Reads served earlier are appended in batches, later, and mails (a reset link's event) after their answer:
    // appended now, they stay out of this request's window.
    await t.app.get(MailAfterAnswer).idle();
    await t.app.get(RecordReadsService).flush();
    const before = await eventStore.headPosition();
    const response = await request();
    const after = await eventStore.headPosition();
    return { response, appended: after > before ? await eventStore.readAll(before, after - before) : [] };
  };

  const document = await fetchOpenApiDocument(t, adminToken);
  const forgetToken = (role: Role) => void tokens.delete(role);
  return { t, document, operations: operationsOf(document), ids, token, forgetToken, send, observe, make, close: () => t.close() };
}

/** A short, single-line excerpt of an answer for failure messages. */
export function excerpt(response: Response, length = 160): string {
  const text = response.text ?? '';
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
