import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../test-support/test-app';
import type { Privilege } from '@cans/domain/identity/privileges';
import { ANSWERS, DESCRIPTION, Json, LibraryApi } from './library.test-support';

const backends = httpTestBackends();

type Method = 'get' | 'post' | 'put' | 'delete';

interface Route {
  name: string;
  method: Method;
  path: () => string;
  body?: () => unknown;
  /** Privileges that are each enough on their own. */
  allowed: Privilege[];
}

const READERS: Privilege[] = ['Assessment_View', 'Library_Manage', 'Rule_Manage', 'Customize_Manage'];
/** Privileges unrelated to the library: each must be refused. */
const OTHERS: Privilege[] = ['HOME_SHOW', 'Report_Assessment', 'Agency', 'Assessment_Edit'];

describe.each(backends)('Library privileges per route (%s)', (backend) => {
  let t: TestApp;
  let admin: LibraryApi;
  let domain: Json;
  let question: Json;
  let module: Json;
  let rule: Json;
  let counter = 0;
  const tokens = new Map<Privilege, string>();

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = new LibraryApi(t, `Bearer ${await t.adminToken()}`);
    // One signed-in user per privilege, holding only that privilege.
    for (const privilege of [...READERS, ...OTHERS]) tokens.set(privilege, await t.tokenFor([privilege]));
    domain = await admin.add({ type: 'domain', name: 'Privileged Domain' });
    question = await admin.add({ type: 'question', domainId: domain.id, name: 'PRIVILEGED QUESTION', answers: ANSWERS });
    module = await admin.add({ type: 'module', domainId: domain.id, name: 'Privileged Module' });
    rule = (
      await admin.post('/api/question-rules', {
        name: 'Privileged rule',
        description: 'd',
        triggerDomainId: domain.id,
        triggerQuestionId: question.id,
        answers: ['2'],
        moduleId: module.id,
      })
    ).body;
  });
  afterAll(() => t?.close());

  // Each successful write gets its own fresh target, so routes can run for several privileges in a row.
  const freshQuestion = async () => admin.add({ type: 'question', domainId: domain.id, name: `DISPOSABLE ${++counter}`, answers: ANSWERS });
  const freshRule = async () =>
    (
      await admin.post('/api/question-rules', {
        name: `Disposable rule ${++counter}`,
        description: 'd',
        triggerDomainId: domain.id,
        triggerQuestionId: question.id,
        answers: ['3'],
        moduleId: module.id,
        action: 'hide',
      })
    ).body;

  const routes: Array<Route & { target?: () => Promise<Json> }> = [
    { name: 'GET /api/library', method: 'get', path: () => '/api/library', allowed: READERS },
    { name: 'GET /api/library/items', method: 'get', path: () => '/api/library/items', allowed: READERS },
    { name: 'GET /api/library/items/{id}', method: 'get', path: () => `/api/library/items/${question.id}`, allowed: READERS },
    { name: 'GET /api/library/versions', method: 'get', path: () => '/api/library/versions', allowed: READERS },
    { name: 'GET /api/library/versions/current', method: 'get', path: () => '/api/library/versions/current', allowed: READERS },
    { name: 'GET /api/library/versions/{version}', method: 'get', path: () => '/api/library/versions/1', allowed: READERS },
    {
      name: 'POST /api/library/evaluate',
      method: 'post',
      path: () => '/api/library/evaluate',
      body: () => ({ answers: {}, childAgeYears: 5 }),
      allowed: READERS,
    },
    {
      name: 'POST /api/library/items',
      method: 'post',
      path: () => '/api/library/items',
      body: () => ({ type: 'question', domainId: domain.id, name: `ADDED ${++counter}`, description: DESCRIPTION }),
      allowed: ['Library_Manage'],
    },
    {
      name: 'PUT /api/library/items/{id}',
      method: 'put',
      path: () => `/api/library/items/${question.id}`,
      body: () => ({ type: 'question', domainId: domain.id, name: `RENAMED ${++counter}`, description: DESCRIPTION, answers: ANSWERS }),
      allowed: ['Library_Manage'],
    },
    {
      name: 'PUT /api/library/items/{id}/visibility',
      method: 'put',
      path: () => `/api/library/items/${question.id}/visibility`,
      body: () => ({ visible: counter++ % 2 === 0 }),
      allowed: ['Library_Manage'],
    },
    {
      name: 'PUT /api/library/order',
      method: 'put',
      path: () => '/api/library/order',
      body: () => ({ items: [{ id: domain.id, order: 1 }] }),
      allowed: ['Library_Manage'],
    },
    {
      name: 'DELETE /api/library/items/{id}',
      method: 'delete',
      path: () => '/api/library/items/',
      target: freshQuestion,
      allowed: ['Library_Manage'],
    },
    { name: 'GET /api/question-rules', method: 'get', path: () => '/api/question-rules', allowed: ['Rule_Manage', 'Library_Manage'] },
    {
      name: 'GET /api/question-rules/{id}',
      method: 'get',
      path: () => `/api/question-rules/${rule.id}`,
      allowed: ['Rule_Manage', 'Library_Manage'],
    },
    {
      name: 'POST /api/question-rules',
      method: 'post',
      path: () => '/api/question-rules',
      allowed: ['Rule_Manage'],
      body: () => ({
        name: `Added rule ${++counter}`,
        description: 'd',
        triggerDomainId: domain.id,
        triggerQuestionId: question.id,
        answers: ['1'],
        moduleId: module.id,
      }),
    },
    {
      name: 'PUT /api/question-rules/{id}',
      method: 'put',
      path: () => `/api/question-rules/${rule.id}`,
      allowed: ['Rule_Manage'],
      body: () => ({
        name: `Renamed rule ${++counter}`,
        description: 'd',
        triggerDomainId: domain.id,
        triggerQuestionId: question.id,
        answers: ['2'],
        moduleId: module.id,
      }),
    },
    {
      name: 'DELETE /api/question-rules/{id}',
      method: 'delete',
      path: () => '/api/question-rules/',
      target: freshRule,
      allowed: ['Rule_Manage'],
    },
  ];

  const call = async (method: Method, path: string, token: string | null, body?: unknown) => {
    let request = t.http()[method](path);
    if (token) request = request.set('Authorization', `Bearer ${token}`);
    return body === undefined ? request : request.send(body as object);
  };

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s: 401 without a token, 403 without the privilege, 2xx with it',
    async (_name, route) => {
      // Deletes get a fresh record per call, so each allowed privilege deletes something that exists.
      const pathFor = async () => (route.target ? `${route.path()}${(await route.target()).id}` : route.path());
      expect((await call(route.method, await pathFor(), null, route.body?.())).status).toBe(401);
      const refused = [...READERS, ...OTHERS].filter((p) => !route.allowed.includes(p));
      for (const privilege of refused) {
        const answer = await call(route.method, await pathFor(), tokens.get(privilege) as string, route.body?.());
        expect({ privilege, status: answer.status }).toEqual({ privilege, status: 403 });
      }
      for (const privilege of route.allowed) {
        const answer = await call(route.method, await pathFor(), tokens.get(privilege) as string, route.body?.());
        expect({ privilege, status: answer.status, ok: answer.status >= 200 && answer.status < 300 }).toEqual({
          privilege,
          status: answer.status,
          ok: true,
        });
      }
    },
  );
});
