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

  it('keeps the sealed mail server password when a save leaves it out', () => {
    const server = {
      smtp: 'smtp.example.org',
      port: 587,
      userName: 'cans',
      fromEmail: 'cans@example.org',
      fromName: 'CANS',
      sslKey: 2 as const,
    };
    spec
      .given([{ type: SettingEvents.EmailServerSaved, data: { ...server, passwordSealed: 'sealed-1' } }])
      .when({ type: 'SaveEmailServer', ...server, port: 2525 })
      .then([{ type: SettingEvents.EmailServerSaved, data: { ...server, port: 2525, passwordSealed: 'sealed-1' } }]);
    spec
      .given([{ type: SettingEvents.EmailServerSaved, data: { ...server, passwordSealed: 'sealed-1' } }])
      .when({ type: 'SaveEmailServer', ...server, passwordSealed: 'sealed-2' })
      .then([{ type: SettingEvents.EmailServerSaved, data: { ...server, passwordSealed: 'sealed-2' } }]);
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
