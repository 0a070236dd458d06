import { APP_VERSION_STREAM_ID, SettingEvents, SYSTEM_NOTIFICATION_STREAM_ID } from '@cans/domain/administration/settings.events';
import { describeProjection } from '../test-support/projection-specification';
import { APP_VERSION_SETTING_ID, SETTINGS_COLLECTION, settingsProjection, SYSTEM_NOTIFICATION_SETTING_ID } from './settings.projection';

describeProjection(settingsProjection, (spec) => {
  it('keeps the last saved app version and notification, each with its revision', async () => {
    await spec.given(APP_VERSION_STREAM_ID, [
      { type: SettingEvents.AppVersionSaved, data: { version: '1.0' } },
      { type: SettingEvents.AppVersionSaved, data: { version: '1.1' } },
    ]);
    await spec.given(SYSTEM_NOTIFICATION_STREAM_ID, [
      { type: SettingEvents.SystemNotificationSaved, data: { content: '<p>Closed Friday</p>' } },
    ]);
    expect(await spec.document(SETTINGS_COLLECTION, APP_VERSION_SETTING_ID)).toEqual({
      id: APP_VERSION_SETTING_ID,
      version: '1.1',
      revision: 1,
      updatedAt: expect.any(String),
    });
    expect(await spec.document(SETTINGS_COLLECTION, SYSTEM_NOTIFICATION_SETTING_ID)).toMatchObject({
      content: '<p>Closed Friday</p>',
      revision: 0,
    });
  });
});
