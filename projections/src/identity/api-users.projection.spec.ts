import {
  ApiClientEvent,
  ApiClientEvents,
  apiClientSignInStreamId,
  ApiUserEvent,
  ApiUserEvents,
  apiUserStreamId,
} from '@cans/domain/identity/api-user.events';
import { describeProjection } from '../test-support/projection-specification';
import { API_USERS_COLLECTION, ApiUserDocument, apiUsersProjection } from './api-users.projection';
import { findApiUsersByUsername, getApiUser, listApiUsers } from './api-users.queries';

const created = (apiUserId: string, username: string, allowedIp: string): ApiUserEvent => ({
  type: ApiUserEvents.Created,
  data: { apiUserId, username, passwordHash: 'argon2-secret-hash', allowedIp, maxRecords: 100 },
});
const signedIn = (apiUserId: string, username: string): ApiClientEvent => ({
  type: ApiClientEvents.SignedIn,
  data: { apiUserId, username, sessionId: `s-${apiUserId}`, expiresAt: '2030-01-01T00:00:00.000Z' },
});

describeProjection(apiUsersProjection, (spec) => {
  const apiUser = (id: string) => spec.document<ApiUserDocument>(API_USERS_COLLECTION, id);

  it('creates an API user with its lower-case username key and never the password hash', async () => {
    await spec.given(apiUserStreamId('k1'), [created('k1', 'FeedClient', '10.0.0.5')]);
    const document = await apiUser('k1');
    expect(document).toMatchObject({
      id: 'k1',
      username: 'FeedClient',
      usernameKey: 'feedclient',
      allowedIp: '10.0.0.5',
      maxRecords: 100,
      lastSignInAt: null,
      revision: 0,
    });
    expect(document?.createdAt).toBe(document?.updatedAt);
    expect(JSON.stringify(document)).not.toContain('argon2-secret-hash');
  });

  it('saves edits with the new revision, keeps createdAt, and notes the last sign-in from the sign-in stream', async () => {
    const before = await apiUser('k1');
    await spec.given(apiUserStreamId('k1'), [
      {
        type: ApiUserEvents.Updated,
        data: { apiUserId: 'k1', username: 'Reports', allowedIp: '10.0.0.6', maxRecords: 50, passwordHash: 'new-hash' },
      },
    ]);
    const edited = await apiUser('k1');
    expect(edited).toMatchObject({
      username: 'Reports',
      usernameKey: 'reports',
      allowedIp: '10.0.0.6',
      maxRecords: 50,
      revision: 1,
      createdAt: before?.createdAt,
    });
    expect(JSON.stringify(edited)).not.toContain('new-hash');

    await spec.given(apiClientSignInStreamId('k1'), [signedIn('k1', 'Reports')]);
    expect(await apiUser('k1')).toMatchObject({ lastSignInAt: expect.stringMatching(/^\d{4}-/), revision: 1 });
  });

  it('removes a deleted API user; a later sign-in of it creates nothing', async () => {
    await spec.given(apiUserStreamId('k2'), [created('k2', 'Gone', '10.0.0.9')]);
    await spec.given(apiUserStreamId('k2'), [{ type: ApiUserEvents.Deleted, data: { apiUserId: 'k2' } }]);
    await spec.given(apiClientSignInStreamId('k2'), [signedIn('k2', 'Gone')]);
    expect(await apiUser('k2')).toBeNull();
  });

  it('answers the list (q searches username and IP, screen columns sort by their fields), one API user and a username look-up', async () => {
    await spec.given(apiUserStreamId('k3'), [created('k3', 'alpha', '192.168.1.1')]);
    const page = { skip: 0, limit: 10, filter: {} };
    expect(
      (await listApiUsers(spec.readStore, { ...page, sort: [{ field: 'username', direction: 'asc' }] })).rows.map((u) => u.id),
    ).toEqual(['k3', 'k1']);
    expect((await listApiUsers(spec.readStore, { ...page, sort: [{ field: 'ip', direction: 'asc' }] })).rows.map((u) => u.id)).toEqual([
      'k1',
      'k3',
    ]);
    expect(await listApiUsers(spec.readStore, { ...page, sort: [], filter: { q: '192.168' } })).toMatchObject({
      total: 1,
      rows: [{ id: 'k3' }],
    });
    expect(await listApiUsers(spec.readStore, { ...page, sort: [], filter: { q: 'Repo' } })).toMatchObject({
      total: 1,
      rows: [{ id: 'k1' }],
    });
    await expect(listApiUsers(spec.readStore, { ...page, sort: [], filter: { q: 5 } })).rejects.toMatchObject({
      fieldErrors: { 'filter.q': ['must be text'] },
    });

    expect(await getApiUser(spec.readStore, 'k3')).toMatchObject({ username: 'alpha' });
    expect(await getApiUser(spec.readStore, 'k2')).toBeNull();
    expect((await findApiUsersByUsername(spec.readStore, 'REPORTS')).map((u) => u.id)).toEqual(['k1']);
    expect(await findApiUsersByUsername(spec.readStore, 'feedclient')).toEqual([]);
  });

  it('rebuilds from event zero to the same documents', async () => {
    const before = await spec.documents(API_USERS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(API_USERS_COLLECTION)).toEqual(before);
  });
});
