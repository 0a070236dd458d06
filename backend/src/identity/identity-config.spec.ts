import { loadIdentityConfig } from './identity-config';

describe('loadIdentityConfig: the console outbox', () => {
  it('outside production, mail without SMTP is printed to the console (unless the log is silent)', () => {
    expect(loadIdentityConfig({})).toMatchObject({ smtp: null, printOutbox: true });
    expect(loadIdentityConfig({ LOG_LEVEL: 'silent' }).printOutbox).toBe(false);
    expect(loadIdentityConfig({ MAIL_CONSOLE_OUTBOX: 'false' }).printOutbox).toBe(false);
  });

  it('in production refuses to start without SMTP unless MAIL_CONSOLE_OUTBOX=true', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_HOST.*MAIL_CONSOLE_OUTBOX=true/s);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', MAIL_CONSOLE_OUTBOX: 'false' })).toThrow(/MAIL_CONSOLE_OUTBOX/);
    expect(loadIdentityConfig({ NODE_ENV: 'production', MAIL_CONSOLE_OUTBOX: 'true' })).toMatchObject({
      smtp: null,
      printOutbox: true,
      secureCookiesAlways: true,
    });
  });

  it('in production with SMTP: mail goes out, nothing is printed', () => {
    const config = loadIdentityConfig({ NODE_ENV: 'production', SMTP_HOST: 'mail.example.org' });
    expect(config.smtp).toMatchObject({ host: 'mail.example.org', port: 587 });
    expect(config.printOutbox).toBe(false);
  });

  it('refuses a MAIL_CONSOLE_OUTBOX that is neither true nor false', () => {
    expect(() => loadIdentityConfig({ MAIL_CONSOLE_OUTBOX: 'yes' })).toThrow(/MAIL_CONSOLE_OUTBOX/);
  });
});

describe('loadIdentityConfig: the SMS gateway', () => {
  it('has none without CANS_SMS_GATEWAY_URL', () => {
    expect(loadIdentityConfig({}).smsGateway).toBeNull();
  });

  it('takes an https URL with a bearer token, or a Basic user name, and a timeout', () => {
    expect(
      loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'https://sms.example.org/send', CANS_SMS_GATEWAY_TOKEN: 't0ken' }).smsGateway,
    ).toEqual({
      url: 'https://sms.example.org/send',
      token: 't0ken',
      username: null,
      timeoutMs: 10_000,
    });
    expect(
      loadIdentityConfig({
        CANS_SMS_GATEWAY_URL: 'http://127.0.0.1:8025/sms',
        CANS_SMS_GATEWAY_USERNAME: 'cans',
        CANS_SMS_GATEWAY_TOKEN: 'pw',
        CANS_SMS_GATEWAY_TIMEOUT_MS: '2500',
      }).smsGateway,
    ).toMatchObject({ url: 'http://127.0.0.1:8025/sms', username: 'cans', timeoutMs: 2500 });
    expect(loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'http://localhost/sms' }).smsGateway).toMatchObject({ token: null });
  });

  it('refuses plain http to another host, credentials in the URL, a bad URL or timeout', () => {
    expect(() => loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'http://sms.example.org/send' })).toThrow(/https/);
    expect(() => loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'ftp://localhost/send' })).toThrow(/https/);
    expect(() => loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'https://u:p@sms.example.org/' })).toThrow(/credentials/);
    expect(() => loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'not a url' })).toThrow(/not a URL/);
    expect(() => loadIdentityConfig({ CANS_SMS_GATEWAY_URL: 'https://sms.example.org', CANS_SMS_GATEWAY_TIMEOUT_MS: '5s' })).toThrow(
      /TIMEOUT/,
    );
  });
});
