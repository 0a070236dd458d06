import { HelpEvents, helpStreamId } from '@cans/domain/administration/help.events';
import { describeProjection } from '../test-support/projection-specification';
import { HELP_COLLECTION, helpProjection } from './help.projection';

describeProjection(helpProjection, (spec) => {
  it('keeps the last saved help of each page', async () => {
    await spec.given(helpStreamId('/home'), [
      { type: HelpEvents.ContentSaved, data: { path: '/home', content: '<p>One</p>' } },
      { type: HelpEvents.ContentSaved, data: { path: '/home', content: '<p>Two</p>' } },
    ]);
    await spec.given(helpStreamId('/users'), [{ type: HelpEvents.ContentSaved, data: { path: '/users', content: '' } }]);
    expect(await spec.document(HELP_COLLECTION, '/home')).toMatchObject({ content: '<p>Two</p>', revision: 1 });
    expect(await spec.document(HELP_COLLECTION, '/users')).toMatchObject({ content: '', revision: 0 });
  });
});
