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
