import { DEFAULT_EMAIL_TEMPLATES } from './email-template-defaults';
import { htmlToText, renderEmailTemplate, sanitizeEmailTemplateBody } from './email-template-render';
import { EMAIL_TEMPLATE_NAMES, placeholdersOf } from './email-templates';

describe('email template rendering', () => {
  it('escapes values into the body, keeps the subject as text and renders unknown placeholders empty', () => {
    const mail = renderEmailTemplate(
      { subject: 'Hello {{userName}} {{nope}}', body: '<p>Dear {{ userName }}, code {{code}}{{nope}}.</p>' },
      { userName: 'Tom <b>& "Jerry"</b>', code: '123456' },
    );
    expect(mail.subject).toBe('Hello Tom <b>& "Jerry"</b>');
    expect(mail.html).toBe('<p>Dear Tom &lt;b&gt;&amp; &quot;Jerry&quot;&lt;/b&gt;, code 123456.</p>');
    expect(mail.text).toBe('Dear Tom <b>& "Jerry"</b>, code 123456.\n');
  });

  it('puts a value in a link only when it makes an http(s) or mailto URL', () => {
    const body = sanitizeEmailTemplateBody('<p><a href="{{link}}">Open</a></p>');
    expect(renderEmailTemplate({ subject: 's', body }, { link: 'https://cans.example/a?b=1&c=2' }).html).toBe(
      '<p><a href="https://cans.example/a?b=1&amp;c=2" rel="noopener noreferrer">Open</a></p>',
    );
    expect(renderEmailTemplate({ subject: 's', body }, { link: 'https://x.test/"onmouseover="a()' }).html).toBe(
      '<p><a rel="noopener noreferrer">Open</a></p>',
    );
    expect(renderEmailTemplate({ subject: 's', body }, { link: 'javascript:alert(1)' }).html).toBe(
      '<p><a rel="noopener noreferrer">Open</a></p>',
    );
  });

  it('puts a subject on one line (no header injection)', () => {
    expect(renderEmailTemplate({ subject: '{{userName}}', body: '<p>x</p>' }, { userName: 'a\r\nBcc: x@y.z' }).subject).toBe(
      'a Bcc: x@y.z',
    );
  });

  it('derives readable text: paragraphs, breaks, lists and links', () => {
    expect(
      htmlToText(
        '<h2>Title</h2><p>One<br>two &amp; three</p><ul><li>a</li><li>b</li></ul>' +
          '<p><a href="https://x.test/1">https://x.test/1</a> <a href="https://x.test/2">Click</a></p>',
      ),
    ).toBe('Title\n\nOne\ntwo & three\n\n- a\n- b\n\nhttps://x.test/1 Click: https://x.test/2');
  });

  it('ships defaults that the sanitiser keeps as they are and that use only their documented placeholders', () => {
    for (const name of EMAIL_TEMPLATE_NAMES) {
      const { subject, body } = DEFAULT_EMAIL_TEMPLATES[name];
      expect(sanitizeEmailTemplateBody(body)).toBe(body);
      const documented = new Set(placeholdersOf(name).map((placeholder) => placeholder.name));
      const used = [...`${subject}${body}`.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
      expect(used.filter((placeholder) => !documented.has(placeholder))).toEqual([]);
    }
  });

  it('keeps the wording people and scripts read in the sign-in code and password link mails', () => {
    const code = renderEmailTemplate(DEFAULT_EMAIL_TEMPLATES.LoginEmailVerification, { userName: 'A B', code: '654321', minutes: '10' });
    expect(code.subject).toBe('Your CANS verification code');
    expect(code.text).toContain('Your verification code is: 654321');
    const link = 'https://cans.example/initialPassword/1/eo_a/a%40b.c/tok.en-1';
    const created = renderEmailTemplate(DEFAULT_EMAIL_TEMPLATES.CreateUser, { userName: 'A B', username: 'eo_a', link, days: '7' });
    expect(created.text).toContain(`days):\n${link}\n`);
    expect(created.html).toContain(`<a href="${link}" rel="noopener noreferrer">${link}</a>`);
  });
});
