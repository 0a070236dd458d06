import { deciderSpecification } from '../test-support/decider-specification';
import { settingDecider } from './settings.decider';
import { SettingEvents } from './settings.events';
import { DomainRuleViolation } from '../domain-errors';

const spec = deciderSpecification(settingDecider);

describe('settings decider', () => {
  it('records the app version as typed, trimmed', () => {
    spec
      .given([])
      .when({ type: 'SaveAppVersion', version: ' 2.4.1 ' })
      .then([{ type: SettingEvents.AppVersionSaved, data: { version: '2.4.1' } }]);
  });

  it('records the notification sanitised: no script or handler is ever recorded', () => {
    spec
      .given([])
      .when({ type: 'SaveSystemNotification', content: '<p onclick="steal()">Office <b>closed</b> Friday<script>alert(1)</script></p>' })
      .then([{ type: SettingEvents.SystemNotificationSaved, data: { content: '<p>Office <b>closed</b> Friday</p>' } }]);
  });

  it('records an editor’s empty paragraph as no notification', () => {
    spec
      .given([{ type: SettingEvents.SystemNotificationSaved, data: { content: '<p>Old</p>' } }])
      .when({ type: 'SaveSystemNotification', content: '<p><br></p> &nbsp;' })
      .then([{ type: SettingEvents.SystemNotificationSaved, data: { content: '' } }]);
  });

  const mailServer = {
    smtp: 'smtp.example.org',
    port: 587,
    userName: 'cans',
    fromEmail: 'cans@example.org',
    fromName: 'CANS',
    sslKey: 2 as const,
  };

  it('keeps the sealed mail server password when a save to the same destination leaves it out', () => {
    spec
      .given([{ type: SettingEvents.EmailServerSaved, data: { ...mailServer, passwordSealed: 'sealed-1' } }])
      .when({ type: 'SaveEmailServer', ...mailServer, smtp: 'SMTP.example.org', fromName: 'CANS Mail' })
      .then([
        {
          type: SettingEvents.EmailServerSaved,
          data: { ...mailServer, smtp: 'SMTP.example.org', fromName: 'CANS Mail', allowUnencrypted: false, passwordSealed: 'sealed-1' },
        },
      ]);
    spec
      .given([{ type: SettingEvents.EmailServerSaved, data: { ...mailServer, passwordSealed: 'sealed-1' } }])
      .when({ type: 'SaveEmailServer', ...mailServer, port: 2525, passwordSealed: 'sealed-2' })
      .then([
        { type: SettingEvents.EmailServerSaved, data: { ...mailServer, port: 2525, allowUnencrypted: false, passwordSealed: 'sealed-2' } },
      ]);
  });

  it.each([
    ['another port', { port: 2526 }],
    ['another host', { smtp: 'mail.attacker.example' }],
    ['another user', { userName: 'someone' }],
    ['another security mode', { sslKey: 1 as const }],
    ['allowing unencrypted sign-in', { sslKey: 1 as const, allowUnencrypted: true }],
  ])('never keeps the saved mail password for %s: the password must be entered again', (_, change) => {
    spec
      .given([{ type: SettingEvents.EmailServerSaved, data: { ...mailServer, passwordSealed: 'sealed-1' } }])
      .when({ type: 'SaveEmailServer', ...mailServer, ...change })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.fieldErrors).toEqual({ password: [expect.stringContaining('Enter the password again')] });
      });
  });

  it('keeps no mail password for a server without sign-in', () => {
    spec
      .given([{ type: SettingEvents.EmailServerSaved, data: { ...mailServer, passwordSealed: 'sealed-1' } }])
      .when({ type: 'SaveEmailServer', ...mailServer, userName: null })
      .then([
        { type: SettingEvents.EmailServerSaved, data: { ...mailServer, userName: null, allowUnencrypted: false, passwordSealed: null } },
      ]);
  });

  it('never keeps a saved SFTP secret for another host, port, user or host key', () => {
    const sftp = { host: 'sftp.state.example', port: 22, userName: 'feed', remoteFolder: 'in', hostKeyFingerprint: 'SHA256:aaa' };
    const given = [{ type: SettingEvents.SftpServerSaved, data: { ...sftp, passwordSealed: null, privateKeySealed: 'key-1' } }];
    spec
      .given(given)
      .when({ type: 'SaveSftpServer', ...sftp, remoteFolder: 'other' })
      .then([
        { type: SettingEvents.SftpServerSaved, data: { ...sftp, remoteFolder: 'other', passwordSealed: null, privateKeySealed: 'key-1' } },
      ]);
    for (const change of [{ host: 'evil.example' }, { port: 2222 }, { userName: 'x' }, { hostKeyFingerprint: 'SHA256:bbb' }])
      spec
        .given(given)
        .when({ type: 'SaveSftpServer', ...sftp, ...change })
        .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
          expect(error.fieldErrors).toEqual({ privateKey: [expect.stringContaining('Enter the private key again')] });
        });
  });

  it('records the reminder settings, and refuses a negative, fractional or too large value with its field message', () => {
    const settings = { daysOfIncompletionAlert: 14, monthOfNextCaseAlert: 3, daysOfTimeoutAlert: 0 };
    spec
      .given([])
      .when({ type: 'SaveReminderSettings', ...settings })
      .then([{ type: SettingEvents.ReminderSettingsSaved, data: settings }]);
    spec
      .given([])
      .when({ type: 'SaveReminderSettings', daysOfIncompletionAlert: -1, monthOfNextCaseAlert: 2.5, daysOfTimeoutAlert: 366 })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.fieldErrors).toEqual({
          daysOfIncompletionAlert: ['Days of incompletion alert must be a whole number from 0 to 365.'],
          monthOfNextCaseAlert: ['Months of next assessment alert must be a whole number from 0 to 60.'],
          daysOfTimeoutAlert: ['Days of overdue alert must be a whole number from 0 to 365.'],
        });
      });
  });
});
