import { deciderSpecification } from '../test-support/decider-specification';
import { settingDecider } from './settings.decider';
import { SettingEvents } from './settings.events';

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
});
