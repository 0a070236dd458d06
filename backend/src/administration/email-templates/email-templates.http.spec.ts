/**
 * The Email Templates routes over HTTP: the twelve templates with their built-in text until saved, every validation
 * message of the page, the sanitised save read back at once (X-Wait-For-Position), the preview with sample values,
 * and the Setting privilege (a refused or invalid request appends nothing).
 */
import { DEFAULT_EMAIL_TEMPLATES } from '@cans/domain/administration/email-template-defaults';
import { EMAIL_TEMPLATE_NAMES } from '@cans/domain/administration/email-templates';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

const BASE = '/api/settings/email-templates';

describe('Email templates over HTTP', () => {
  let t: TestApp;
  let admin: string;
  let worker: string;

  beforeAll(async () => {
    t = await startTestApp({ identity: { publicUrl: 'https://cans.example' } });
    admin = `Bearer ${t.adminToken()}`;
    worker = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View', 'User_View'])}`;
  });
  afterAll(() => t?.close());

  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();
  const put = (name: string, body: unknown, as = admin) =>
    t
      .http()
      .put(`${BASE}/${name}`)
      .set('Authorization', as)
      .send(body as object);
  const preview = (name: string, body: unknown, as = admin) =>
    t
      .http()
      .post(`${BASE}/${name}/preview`)
      .set('Authorization', as)
      .send(body as object);

  it('lists the templates (the twelve of the spec, then AccountLockedOut) with their labels, IncompleteAssessment first, none saved yet', async () => {
    const list = await t.http().get(BASE).set('Authorization', admin);
    expect(list.status).toBe(200);
    expect(list.body.map((row: { name: string }) => row.name)).toEqual([...EMAIL_TEMPLATE_NAMES]);
    expect(list.body).toHaveLength(13);
    expect(list.body[12]).toEqual({ name: 'AccountLockedOut', label: 'Account Locked Out', customised: false });
    expect(list.body[0]).toEqual({ name: 'IncompleteAssessment', label: 'Incomplete Assessment', customised: false });
    expect(list.body.every((row: { customised: boolean }) => !row.customised)).toBe(true);
  });

  it('answers a template never saved with its built-in subject and body and its documented placeholders', async () => {
    const read = await t.http().get(`${BASE}/IncompleteAssessment`).set('Authorization', admin);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      name: 'IncompleteAssessment',
      label: 'Incomplete Assessment',
      customised: false,
      revision: null,
      ...DEFAULT_EMAIL_TEMPLATES.IncompleteAssessment,
    });
    expect(read.body.placeholders.map((p: { name: string }) => p.name)).toEqual([
      'userName',
      'assessorName',
      'pid',
      'assessmentLink',
      'dateOfAssessment',
      'dueDate',
      'days',
      'status',
      'appUrl',
    ]);
    expect(read.body.placeholders[2]).toEqual({ name: 'pid', description: "The child's PID" });
    const code = await t.http().get(`${BASE}/LoginEmailVerification`).set('Authorization', admin);
    expect(code.body.placeholders.map((p: { name: string }) => p.name)).toEqual(['userName', 'code', 'minutes', 'appUrl']);
  });

  it('answers 404 for a name that is not one of the twelve, on every route, and writes nothing', async () => {
    const before = await head();
    for (const answer of [
      await t.http().get(`${BASE}/NoSuchTemplate`).set('Authorization', admin),
      await put('createuser', { subject: 'x', body: '<p>x</p>' }),
      await preview('__proto__', {}),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('There is no email template of that name.');
    }
    expect(await head()).toBe(before);
  });

  it('refuses a save with a field message for every rule of the page, and writes nothing', async () => {
    const before = await head();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { subject: ['Subject is required.'], body: ['Body is required.'] }],
      [
        { subject: '   ', body: '' },
        { subject: ['Subject is required.'], body: ['Body is required.'] },
      ],
      [
        { subject: 42, body: ['<p>x</p>'] },
        { subject: ['Subject must be text.'], body: ['Body must be text.'] },
      ],
      [
        { subject: 'x'.repeat(201), body: `<p>${'x'.repeat(20_000)}</p>` },
        {
          subject: ['Subject can be at most 200 characters.'],
          body: ['Body can be at most 20000 characters.'],
        },
      ],
      // Past the DTO: what only the sanitised body shows, and a subject that would break the mail header.
      [
        { subject: 'Line one\nline two', body: '<p><br></p>&nbsp;<script>alert(1)</script>' },
        {
          subject: ['Subject must be one line.'],
          body: ['Body is required.'],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const refused = await put('CreateUser', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(errors);
    }
    expect(await head()).toBe(before);
  });

  it('saves subject and sanitised body, answers the spec message, and reads them back at once', async () => {
    const saved = await put('CreateUser', {
      subject: '  Welcome to CANS, {{userName}} ',
      body: '<p onmouseover="x()">Hi {{userName}}<img src=x onerror=alert(1)></p><p><a href="{{link}}">Set your password</a></p><script>steal()</script>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ name: 'CreateUser', message: 'The email template was saved successfully.' });
    const read = await t
      .http()
      .get(`${BASE}/CreateUser`)
      .set('Authorization', admin)
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(read.body).toMatchObject({
      customised: true,
      revision: 0,
      subject: 'Welcome to CANS, {{userName}}',
      body: '<p>Hi {{userName}}</p><p><a href="{{link}}" rel="noopener noreferrer">Set your password</a></p>',
    });
    const list = await t.http().get(BASE).set('Authorization', admin);
    expect(list.body.find((row: { name: string }) => row.name === 'CreateUser').customised).toBe(true);
    const log = await t
      .http()
      .get('/api/system-log')
      .query({ filter: JSON.stringify({ action: 'email-template-saved' }) })
      .set('Authorization', admin)
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(log.body).toHaveLength(1);
  });

  it('previews the typed subject and body with sample values (escaped), and writes nothing', async () => {
    const before = await head();
    const answer = await preview('ResetPassword', {
      subject: 'Reset for {{userName}} ({{username}})',
      body: '<p>Hello <b>{{userName}}</b>, <a href="{{link}}">set it</a> within {{hours}} hours. {{unknown}}</p><script>x()</script>',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      subject: 'Reset for Jane Sample (jsample)',
      html:
        '<p>Hello <b>Jane Sample</b>, <a href="https://cans.example/initialPassword/0/jsample/jane.sample%40example.org/sample-link" ' +
        'rel="noopener noreferrer">set it</a> within 24 hours. </p>',
      text: 'Hello Jane Sample, set it: https://cans.example/initialPassword/0/jsample/jane.sample%40example.org/sample-link within 24 hours.\n',
    });
    expect(await head()).toBe(before);
  });

  it('previews the saved template when the body leaves subject and body out, else the built-in one', async () => {
    const saved = await preview('CreateUser', {});
    expect(saved.status).toBe(200);
    expect(saved.body.subject).toBe('Welcome to CANS, Jane Sample');
    const builtIn = await preview('OverdueAssessment', {});
    expect(builtIn.body.subject).toBe('CANS assessment PID-000123 is overdue');
    expect(builtIn.body.html).toContain('<a href="https://cans.example/assessment/childinfo/edit/');
    expect(builtIn.body.text).toContain('(date of assessment 01/15/2025, due 02/14/2025)');
  });

  it('refuses a preview with the same field messages as a save', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [
        { subject: '', body: 7 },
        { subject: ['Subject is required.'], body: ['Body must be text.'] },
      ],
      [{ subject: 'a'.repeat(201) }, { subject: ['Subject can be at most 200 characters.'] }],
      [{ subject: 'ok', body: '<p></p>' }, { body: ['Body is required.'] }],
      [{ subject: 'a\r\nBcc: x@y.z' }, { subject: ['Subject must be one line.'] }],
    ];
    for (const [body, errors] of cases) {
      const refused = await preview('ReviewUser', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(errors);
    }
  });

  it('refuses every route without the Setting privilege (403) or without signing in (401), writing nothing', async () => {
    const before = await head();
    const calls = (as?: string) => {
      const auth = <T extends { set: (k: string, v: string) => T }>(request: T) => (as ? request.set('Authorization', as) : request);
      return [
        auth(t.http().get(BASE)),
        auth(t.http().get(`${BASE}/CreateUser`)),
        auth(t.http().put(`${BASE}/CreateUser`)).send({ subject: 'Taken over', body: '<p>x</p>' }),
        auth(t.http().post(`${BASE}/CreateUser/preview`)).send({}),
      ];
    };
    for (const answer of await Promise.all(calls(worker))) expect(answer.status).toBe(403);
    for (const answer of await Promise.all(calls())) expect(answer.status).toBe(401);
    expect(await head()).toBe(before);
  });
});
