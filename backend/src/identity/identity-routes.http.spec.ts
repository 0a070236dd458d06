import crypto from 'node:crypto';
import type { Privilege } from '@cans/domain/identity/privileges';
import { DIRECT_CARE_WORKER_GROUP_ID } from './user-groups/built-in-groups';
import { uniqueName } from '../../test-support/identity-kit';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';

const backends = httpTestBackends();

type Guard = Privilege | 'signed-in' | 'user-group-manager' | 'api-user-manager';

/** Adding, editing and deleting API users: Setting, and what an API user holds with sight of every record (rule 6). */
const API_USER_MANAGER: Privilege[] = ['Setting', 'Assessment_View', 'Report_Assessment', 'DATA_FEED_SHOW', 'Case_Monitor'];

interface RouteCase {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  guard: Guard;
  /** Builds a fresh, valid request (path with ids, body) for the allowed call. */
  prepare?: (fx: Fixtures) => Promise<{ path?: string; body?: object; asUserId?: string }>;
}

interface Fixtures {
  t: TestApp;
  admin: string;
  /** Users the route cases create go here: a group holding only User_Actions, so the 'right' token may manage them. */
  memberGroupId: string;
  newUser(): Promise<{ id: string; body: Record<string, unknown> }>;
  newGroup(): Promise<{ id: string; body: Record<string, unknown> }>;
  newApiUser(): Promise<{ id: string; body: Record<string, unknown> }>;
}

const userBody = (userGroupId: string) => {
  const { username, email } = uniqueName('m');
  return { firstName: 'Matrix', lastName: 'Case', username, email, userGroupId, supervisorId: '1', externalId: 'EXT-M' };
};

/** Every identity route and what guards it (docs/permissions.md has the same table). */
const ROUTES: RouteCase[] = [
  { method: 'get', path: '/api/auth/me', guard: 'signed-in' },
  { method: 'get', path: '/api/privileges', guard: 'signed-in' },
  { method: 'get', path: '/api/account', guard: 'signed-in' },
  {
    method: 'put',
    path: '/api/account',
    guard: 'signed-in',
    prepare: async () => ({ body: { firstName: 'Changed', lastName: 'Name', email: `${uniqueName().email}`, phone: null } }),
  },
  { method: 'get', path: '/api/account/access-assignments', guard: 'Reassign_Accesses_Temporarily' },
  { method: 'get', path: '/api/account/access-assignments/delegate-options', guard: 'Reassign_Accesses_Temporarily' },
  {
    method: 'post',
    path: '/api/account/access-assignments',
    guard: 'Reassign_Accesses_Temporarily',
    prepare: async (fx) => ({ body: { delegateId: (await fx.newUser()).id, startsOn: '2030-01-01', endsOn: '2030-01-31' } }),
  },
  {
    method: 'delete',
    path: '/api/account/access-assignments/:id',
    guard: 'Reassign_Accesses_Temporarily',
    prepare: async (fx) => {
      // Only one's own assignments can be removed: the allowed call is made by their owner.
      const ownerId = crypto.randomUUID();
      const delegate = await fx.newUser();
      const created = await fx.t
        .http()
        .post('/api/account/access-assignments')
        .set('Authorization', `Bearer ${fx.t.tokenFor(['Reassign_Accesses_Temporarily'], ownerId)}`)
        .send({ delegateId: delegate.id, startsOn: '2030-02-01', endsOn: '2030-02-02' });
      return { path: `/api/account/access-assignments/${created.body.id}`, asUserId: ownerId };
    },
  },
  {
    method: 'post',
    path: '/api/account/password',
    guard: 'signed-in',
    prepare: async () => ({ body: { oldPassword: 'x', newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' } }),
  },
  { method: 'get', path: '/api/users', guard: 'User_View' },
  { method: 'get', path: `/api/users/supervisor-options?userGroupId=${DIRECT_CARE_WORKER_GROUP_ID}`, guard: 'User_View' },
  { method: 'get', path: '/api/users/:id', guard: 'User_View', prepare: async (fx) => ({ path: `/api/users/${(await fx.newUser()).id}` }) },
  { method: 'get', path: '/api/users/:id/supervisees', guard: 'User_View', prepare: async () => ({ path: '/api/users/1/supervisees' }) },
  { method: 'post', path: '/api/users', guard: 'User_Actions', prepare: async (fx) => ({ body: userBody(fx.memberGroupId) }) },
  {
    method: 'put',
    path: '/api/users/:id',
    guard: 'User_Actions',
    prepare: async (fx) => {
      const user = await fx.newUser();
      return { path: `/api/users/${user.id}`, body: { ...user.body, firstName: 'Renamed', status: 1 } };
    },
  },
  {
    method: 'post',
    path: '/api/users/:id/password-reset',
    guard: 'User_Actions',
    prepare: async (fx) => ({ path: `/api/users/${(await fx.newUser()).id}/password-reset` }),
  },
  {
    method: 'delete',
    path: '/api/users/:id',
    guard: 'User_Actions',
    prepare: async (fx) => ({ path: `/api/users/${(await fx.newUser()).id}` }),
  },
  {
    method: 'post',
    path: '/api/users/:id/approve',
    guard: 'user-group-manager',
    prepare: async (fx) => {
      // A user added by someone outside groups 1/153 waits for approval.
      const pending = await fx.t
        .http()
        .post('/api/users')
        .set('Authorization', `Bearer ${fx.t.tokenFor(['User_Actions'])}`)
        .send(userBody(fx.memberGroupId));
      return { path: `/api/users/${pending.body.id}/approve` };
    },
  },
  { method: 'get', path: '/api/user-groups', guard: 'User_View' },
  { method: 'get', path: '/api/user-groups/tree', guard: 'User_View' },
  { method: 'get', path: '/api/user-groups/153', guard: 'User_View' },
  {
    method: 'post',
    path: '/api/user-groups',
    guard: 'user-group-manager',
    prepare: async () => ({ body: { name: `Group ${uniqueName().username}`, parentGroupId: '153', privileges: ['HOME_SHOW'] } }),
  },
  {
    method: 'put',
    path: '/api/user-groups/:id',
    guard: 'user-group-manager',
    prepare: async (fx) => {
      const group = await fx.newGroup();
      return {
        path: `/api/user-groups/${group.id}`,
        body: { name: `${String(group.body.name)} 2`, parentGroupId: '153', privileges: ['HOME_SHOW', 'User_View'] },
      };
    },
  },
  {
    method: 'delete',
    path: '/api/user-groups/:id',
    guard: 'user-group-manager',
    prepare: async (fx) => ({ path: `/api/user-groups/${(await fx.newGroup()).id}` }),
  },
  { method: 'get', path: '/api/api-users', guard: 'Setting' },
  {
    method: 'get',
    path: '/api/api-users/:id',
    guard: 'Setting',
    prepare: async (fx) => ({ path: `/api/api-users/${(await fx.newApiUser()).id}` }),
  },
  {
    method: 'post',
    path: '/api/api-users',
    guard: 'api-user-manager',
    prepare: async () => ({
      body: { username: uniqueName('api').username, password: 'machine-secret-1', ip: '203.0.113.9', maxRecords: 10 },
    }),
  },
  {
    method: 'put',
    path: '/api/api-users/:id',
    guard: 'api-user-manager',
    prepare: async (fx) => {
      const apiUser = await fx.newApiUser();
      return { path: `/api/api-users/${apiUser.id}`, body: { username: apiUser.body.username, ip: '203.0.113.10', maxRecords: 5 } };
    },
  },
  {
    method: 'delete',
    path: '/api/api-users/:id',
    guard: 'api-user-manager',
    prepare: async (fx) => ({ path: `/api/api-users/${(await fx.newApiUser()).id}` }),
  },
  { method: 'get', path: '/api/system-log', guard: 'Setting' },
  { method: 'get', path: '/api/system-log/actions', guard: 'Setting' },
];

const PUBLIC_ROUTES = [
  '/api/auth/login',
  '/api/auth/verification-code',
  '/api/auth/verify',
  '/api/auth/logout',
  '/api/auth/password-reset',
  '/api/auth/password-link/status',
  '/api/auth/password-link',
  '/api/auth/api-token',
];

/** A privilege the route does not accept, for the 403 case. */
const otherThan = (guard: Guard): Privilege[] => (guard === 'HOME_SHOW' ? ['Assessment_View'] : ['HOME_SHOW']);

describe.each(backends)('Identity routes × guards (%s): no token 401, wrong privilege 403, right privilege 2xx', (backend) => {
  let t: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    const admin = `Bearer ${t.adminToken()}`;
    // The user-management policy: a user manager outside groups 1/153 manages only groups within their privileges.
    const members = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({ name: 'Matrix members', parentGroupId: '153', privileges: ['User_Actions'] });
    fx = {
      t,
      admin,
      memberGroupId: members.body.id,
      async newUser() {
        const body = userBody(members.body.id);
        const created = await t.http().post('/api/users').set('Authorization', admin).send(body);
        if (created.status !== 201) throw new Error(JSON.stringify(created.body));
        return { id: created.body.id, body };
      },
      async newGroup() {
        const body = { name: `Group ${uniqueName().username}`, parentGroupId: '153', privileges: ['HOME_SHOW'] };
        const created = await t.http().post('/api/user-groups').set('Authorization', admin).send(body);
        if (created.status !== 201) throw new Error(JSON.stringify(created.body));
        return { id: created.body.id, body };
      },
      async newApiUser() {
        const body = { username: uniqueName('api').username, password: 'machine-secret-1', ip: '203.0.113.9', maxRecords: 10 };
        const created = await t.http().post('/api/api-users').set('Authorization', admin).send(body);
        if (created.status !== 201) throw new Error(JSON.stringify(created.body));
        return { id: created.body.id, body };
      },
    };
  });
  afterAll(() => t?.close());

  const call = (method: RouteCase['method'], path: string, token?: string, body?: object) => {
    const request = t.http()[method](path);
    if (token) request.set('Authorization', `Bearer ${token}`);
    return body ? request.send(body) : request;
  };

  it.each(ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s', async (_name, route) => {
    const prepared = { path: route.path.replace(':id', '1'), ...(await route.prepare?.(fx)) };
    const noToken = await call(route.method, prepared.path, undefined, prepared.body);
    expect([noToken.status, noToken.body.statusCode]).toEqual([401, 401]);

    if (route.guard === 'signed-in') {
      const anyone = await call(route.method, prepared.path, t.tokenFor(['HOME_SHOW']), prepared.body);
      // The password change reaches the handler (and refuses the wrong old password): no guard stopped it.
      const expected = route.path === '/api/account/password' ? 400 : 200;
      expect([anyone.status, anyone.body.errors ? Object.keys(anyone.body.errors) : []]).toEqual([
        expected,
        expected === 400 ? ['oldPassword'] : [],
      ]);
      return;
    }

    const wrong = await call(route.method, prepared.path, t.tokenFor(otherThan(route.guard), prepared.asUserId), prepared.body);
    expect(wrong.status).toBe(403);
    if (route.guard === 'user-group-manager') {
      // Holding the screen's privileges is not enough: only groups 1 and 153 (and the administrator) may.
      const notManager = await call(route.method, prepared.path, t.tokenFor(['User_View', 'User_Actions']), prepared.body);
      expect(notManager.status).toBe(403);
    } else if (route.guard === 'api-user-manager') {
      // The screen's privilege is not enough: an API user reads every record (tokenFor users have no agency).
      const settingOnly = await call(route.method, prepared.path, t.tokenFor(['Setting']), prepared.body);
      expect([settingOnly.status, settingOnly.body.message]).toEqual([403, expect.stringContaining('API user')]);
    } else {
      expect(wrong.body.message).toContain(route.guard);
    }

    const rightToken =
      route.guard === 'user-group-manager'
        ? t.adminToken()
        : t.tokenFor(route.guard === 'api-user-manager' ? API_USER_MANAGER : [route.guard], prepared.asUserId);
    const right = await call(route.method, prepared.path, rightToken, prepared.body);
    if (right.status >= 300) throw new Error(`${route.method} ${prepared.path}: ${right.status} ${JSON.stringify(right.body)}`);
    expect(right.status).toBeLessThan(300);
  });

  it('lists exactly the routes of the table, plus the public sign-in routes, in the OpenAPI document', async () => {
    const docs = await t.http().get('/api/docs-json');
    const documented = Object.entries(docs.body.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => /^\/api\/(auth|account|users|user-groups|api-users|system-log|privileges)/.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path.replace(/\{id\}/g, ':id')}`));
    const tabled = [
      ...ROUTES.map((r) => `${r.method} ${r.path.split('?')[0].replace('/153', '/:id')}`),
      ...PUBLIC_ROUTES.map((path) => `post ${path}`),
    ];
    expect([...new Set(documented)].sort()).toEqual([...new Set(tabled)].sort());
  });

  it('answers the public sign-in routes without a token', async () => {
    for (const path of PUBLIC_ROUTES) {
      const answer = await t.http().post(path).send({});
      expect([path, answer.status === 401 || answer.status === 400 || answer.status === 200]).toEqual([path, true]);
      expect(answer.status).not.toBe(403);
    }
  });
});

/** Bad input on every endpoint: 400 with messages per field, never 500, nothing written. */
const BAD_INPUT: Array<{ method: RouteCase['method']; path: string; body?: object; fields: string[]; as?: 'admin' | 'anyone' | 'public' }> =
  [
    {
      method: 'post',
      path: '/api/auth/login',
      body: { password: 5, rememberMe: 'yes', agreed: false, extra: 1 },
      fields: ['login', 'password', 'rememberMe', 'agreed', 'extra'],
      as: 'public',
    },
    { method: 'post', path: '/api/auth/verification-code', body: { channel: 3 }, fields: ['channel'], as: 'public' },
    { method: 'post', path: '/api/auth/verify', body: { code: '12', rememberMe: 1 }, fields: ['code', 'rememberMe'], as: 'public' },
    {
      method: 'post',
      path: '/api/auth/password-reset',
      body: { username: '', email: 'nope' },
      fields: ['username', 'email'],
      as: 'public',
    },
    { method: 'post', path: '/api/auth/password-link/status', body: {}, fields: ['token'], as: 'public' },
    {
      method: 'post',
      path: '/api/auth/password-link',
      body: { token: 'x', password: 'weak', confirmPassword: 'other' },
      fields: ['password', 'confirmPassword'],
      as: 'public',
    },
    { method: 'post', path: '/api/auth/api-token', body: { username: '' }, fields: ['username', 'password'], as: 'public' },
    {
      method: 'put',
      path: '/api/account',
      body: { firstName: '', email: 'nope', phone: '5551234' },
      fields: ['firstName', 'lastName', 'email', 'phone'],
      as: 'anyone',
    },
    {
      method: 'post',
      path: '/api/account/password',
      body: { newPassword: 'abc' },
      fields: ['oldPassword', 'newPassword', 'confirmPassword'],
      as: 'anyone',
    },
    {
      method: 'post',
      path: '/api/account/access-assignments',
      body: { delegateId: 'x', startsOn: '2025-13-01' },
      fields: ['delegateId', 'startsOn', 'endsOn'],
      as: 'anyone',
    },
    { method: 'delete', path: '/api/account/access-assignments/not-an-id', fields: ['id'], as: 'anyone' },
    { method: 'get', path: '/api/users?sort=["password","ASC"]&range=[3,1]', fields: ['sort', 'range'] },
    { method: 'get', path: '/api/users?filter={"status":9}', fields: ['filter'] },
    { method: 'get', path: '/api/users?filter={"password":"x"}', fields: ['filter'] },
    { method: 'get', path: '/api/users/not-an-id', fields: ['id'] },
    { method: 'get', path: '/api/users/not-an-id/supervisees', fields: ['id'] },
    { method: 'get', path: '/api/users/supervisor-options', fields: ['userGroupId'] },
    {
      method: 'post',
      path: '/api/users',
      body: {
        firstName: '',
        lastName: 'x'.repeat(101),
        username: 'a b',
        email: 'nope',
        phone: '123',
        userGroupId: 'x',
        supervisorId: 'x',
        agencyId: 'x',
        externalId: '',
        expirationDate: '31/12/2025',
        status: 7,
      },
      fields: [
        'firstName',
        'lastName',
        'username',
        'email',
        'phone',
        'userGroupId',
        'supervisorId',
        'agencyId',
        'externalId',
        'expirationDate',
        'status',
      ],
    },
    {
      method: 'put',
      path: '/api/users/1',
      body: { firstName: 'A' },
      fields: ['lastName', 'username', 'email', 'userGroupId', 'externalId', 'status'],
    },
    { method: 'post', path: '/api/users/not-an-id/approve', fields: ['id'] },
    { method: 'post', path: '/api/users/not-an-id/password-reset', fields: ['id'] },
    { method: 'delete', path: '/api/users/not-an-id', fields: ['id'] },
    { method: 'delete', path: '/api/users/1?successorUserId=nope', fields: ['successorUserId'] },
    { method: 'get', path: '/api/user-groups/not-an-id', fields: ['id'] },
    { method: 'get', path: '/api/user-groups?filter={"name":"x"}', fields: ['filter'] },
    {
      method: 'post',
      path: '/api/user-groups',
      body: { name: '', description: 'x'.repeat(1001), parentGroupId: 'x', reportsToParent: 'yes', privileges: [] },
      fields: ['name', 'description', 'parentGroupId', 'reportsToParent', 'privileges'],
    },
    {
      method: 'put',
      path: '/api/user-groups/153',
      body: { name: 'x'.repeat(1001), privileges: ['Not_A_Privilege'] },
      fields: ['name', 'privileges'],
    },
    { method: 'delete', path: '/api/user-groups/not-an-id', fields: ['id'] },
    {
      method: 'post',
      path: '/api/api-users',
      body: { username: '', password: 'short', ip: 'x', maxRecords: 0 },
      fields: ['username', 'password', 'ip', 'maxRecords'],
    },
    {
      method: 'put',
      path: '/api/api-users/00000000-0000-4000-8000-000000000000',
      body: { username: 'ok', ip: '1.2.3', maxRecords: 'many' },
      fields: ['ip', 'maxRecords'],
    },
    { method: 'get', path: '/api/api-users/not-an-id', fields: ['id'] },
    { method: 'delete', path: '/api/api-users/not-an-id', fields: ['id'] },
    { method: 'get', path: '/api/system-log?filter={"from":"yesterday"}', fields: ['filter'] },
    { method: 'get', path: '/api/system-log?filter={"action":"launch-rockets"}', fields: ['filter'] },
    { method: 'get', path: '/api/system-log?filter={"from":"2025-02-01","to":"2025-01-01"}', fields: ['filter'] },
    { method: 'get', path: '/api/system-log?range=[0,1000]', fields: ['range'] },
  ];

describe.each(backends)('Identity routes answer bad input with 400 and field messages (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t?.close());

  it.each(BAD_INPUT.map((c) => [`${c.method.toUpperCase()} ${c.path}`, c] as const))('%s', async (_name, c) => {
    const request = t.http()[c.method](c.path);
    if (c.as !== 'public')
      request.set('Authorization', `Bearer ${c.as === 'anyone' ? t.tokenFor(['Reassign_Accesses_Temporarily']) : t.adminToken()}`);
    const answer = await (c.body ? request.send(c.body) : request);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual([...c.fields].sort());
    for (const messages of Object.values(answer.body.errors as Record<string, string[]>)) {
      expect(messages.every((m) => typeof m === 'string' && m.length > 5)).toBe(true);
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const answer = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"login":');
    expect(answer.status).toBe(400);
  });
});
