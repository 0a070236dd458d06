import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import { API_USER_NOT_FOUND, API_USERNAME_TAKEN, apiUserDecider } from './api-user.decider';
import { ApiUserEvent, ApiUserEvents } from './api-user.events';

const apiUserId = 'd1c2d3e4-0000-4000-8000-000000000001';
const spec = deciderSpecification(apiUserDecider);
const settings = { apiUserId, username: 'state-feed', allowedIp: '203.0.113.20', maxRecords: 250, usernameTaken: false };
const created: ApiUserEvent = {
  type: ApiUserEvents.Created,
  data: { apiUserId, username: 'state-feed', passwordHash: 'hash-1', allowedIp: '203.0.113.20', maxRecords: 250 },
};
const deleted: ApiUserEvent = { type: ApiUserEvents.Deleted, data: { apiUserId } };

describe('API user decider', () => {
  it('creates an API user with its password hash', () => {
    spec
      .given([])
      .when({ type: 'CreateApiUser', passwordHash: 'hash-1', ...settings })
      .then([created]);
  });

  it('keeps the password when an edit sends none, replaces it when one is sent', () => {
    spec
      .given([created])
      .when({ type: 'UpdateApiUser', ...settings, maxRecords: 10 })
      .thenEvents((events, state) => {
        expect(events).toEqual([
          { type: ApiUserEvents.Updated, data: { apiUserId, username: 'state-feed', allowedIp: '203.0.113.20', maxRecords: 10 } },
        ]);
        expect(state).toMatchObject({ passwordHash: 'hash-1', maxRecords: 10 });
      });
    spec
      .given([created])
      .when({ type: 'UpdateApiUser', ...settings, passwordHash: 'hash-2' })
      .thenEvents((_events, state) => expect(state.passwordHash).toBe('hash-2'));
  });

  it('refuses a username another API user has (409)', () => {
    spec
      .given([])
      .when({ type: 'CreateApiUser', passwordHash: 'h', ...settings, usernameTaken: true })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect([error.message, error.fieldErrors, error.conflict]).toEqual([API_USERNAME_TAKEN, { username: [API_USERNAME_TAKEN] }, true]);
      });
  });

  it('changes and deletes only live API users (404)', () => {
    spec
      .given([])
      .when({ type: 'UpdateApiUser', ...settings })
      .thenThrows(NotFoundError, API_USER_NOT_FOUND);
    spec.given([created, deleted]).when({ type: 'DeleteApiUser', apiUserId }).thenThrows(NotFoundError, API_USER_NOT_FOUND);
    spec.given([created]).when({ type: 'DeleteApiUser', apiUserId }).then([deleted]);
  });
});
