import { deciderSpecification } from '../test-support/decider-specification';
import { DomainRuleViolation } from '../domain-errors';
import { NOT_PUBLISHED, PublishProjection, publishedProjectionDecider } from './published-projection.decider';
import { PublishedProjectionEvent, PublishedProjectionEvents } from './published-projection.events';

const publish: PublishProjection = {
  type: 'PublishProjection',
  name: 'suicide-risk-resolved',
  label: 'Suicide risk resolved',
  description: 'Children whose SUICIDE_RISK went from 3 to 0',
  code: 'const collections = {};',
  collections: [{ name: 'by_quarter', label: 'By quarter', fields: [{ name: 'children', type: 'count' }] }],
  publishedBy: 'analyst-1',
};
const { type: _type, ...content } = publish;
const published = (version: number, change: Partial<typeof content> = {}): PublishedProjectionEvent => ({
  type: PublishedProjectionEvents.Published,
  data: { ...content, ...change, version },
});
const spec = deciderSpecification(publishedProjectionDecider);

describe('published projection decider', () => {
  it('publishes version 1 of a new name with its code and author', () => {
    spec
      .given([])
      .when(publish)
      .then([published(1)]);
  });

  it('publishes the next version when the code changes', () => {
    spec
      .given([published(1)])
      .when({ ...publish, code: 'const collections = { x: 1 };' })
      .then([published(2, { code: 'const collections = { x: 1 };' })]);
  });

  it('decides nothing when the same projection is published again (no rebuild)', () => {
    spec
      .given([published(1)])
      .when(publish)
      .thenNothing();
  });

  it('counts versions on after an unpublish, so a version number is never reused', () => {
    spec
      .given([published(1), { type: PublishedProjectionEvents.Unpublished, data: { name: publish.name, version: 1, unpublishedBy: 'a' } }])
      .when(publish)
      .then([published(2)]);
  });

  it('unpublishes the current version', () => {
    spec
      .given([published(1), published(2, { label: 'Renamed' })])
      .when({ type: 'UnpublishProjection', name: publish.name, unpublishedBy: 'analyst-2' })
      .then([{ type: PublishedProjectionEvents.Unpublished, data: { name: publish.name, version: 2, unpublishedBy: 'analyst-2' } }]);
  });

  it('refuses to unpublish what is not published', () => {
    spec
      .given([])
      .when({ type: 'UnpublishProjection', name: publish.name, unpublishedBy: 'analyst-2' })
      .thenThrows(DomainRuleViolation, NOT_PUBLISHED);
  });
});
