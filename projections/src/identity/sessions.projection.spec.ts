import { ApiClientEvents, apiClientSignInStreamId } from '@cans/domain/identity/api-user.events';
import { CredentialEvents, CredentialsEvent, credentialsStreamId } from '@cans/domain/identity/credentials.events';
import { describeProjection } from '../test-support/projection-specification';
import { SESSIONS_COLLECTION, SessionDocument, sessionsProjection } from './sessions.projection';
import { getSession } from './sessions.queries';

const signedIn = (userId: string, sessionId: string): CredentialsEvent => ({
  type: CredentialEvents.SignInSucceeded,
  data: { userId, sessionId, method: 'verification-code', rememberMe: true, expiresAt: '2030-01-01T00:00:00.000Z' },
});

describeProjection(sessionsProjection, (spec) => {
  it('starts a user session on a successful sign-in, with the client IP from the metadata', async () => {
    await spec.given(credentialsStreamId('ann'), [signedIn('ann', 's1')], { ip: '10.1.2.3' });
    expect(await getSession(spec.readStore, 's1')).toEqual({
      id: 's1',
      userId: 'ann',
      kind: 'user',
      method: 'verification-code',
      rememberMe: true,
      startedAt: expect.stringMatching(/^\d{4}-/),
      expiresAt: '2030-01-01T00:00:00.000Z',
      endedAt: null,
      ip: '10.1.2.3',
    });
  });

  it('starts an API client session on an API sign-in, without an IP when none was recorded', async () => {
    await spec.given(apiClientSignInStreamId('k1'), [
      {
        type: ApiClientEvents.SignedIn,
        data: { apiUserId: 'k1', username: 'feed', sessionId: 's2', expiresAt: '2030-02-01T00:00:00.000Z' },
      },
    ]);
    expect(await getSession(spec.readStore, 's2')).toMatchObject({
      userId: 'k1',
      kind: 'api-client',
      method: 'api-token',
      rememberMe: false,
      expiresAt: '2030-02-01T00:00:00.000Z',
      endedAt: null,
      ip: null,
    });
  });

  it('ends a session on logout, leaving the others; a token the API never issued has no session', async () => {
    await spec.given(credentialsStreamId('ann'), [signedIn('ann', 's3')]);
    await spec.given(credentialsStreamId('ann'), [
      { type: CredentialEvents.SessionEnded, data: { userId: 'ann', sessionId: 's1', reason: 'logout' } },
    ]);
    expect(await getSession(spec.readStore, 's1')).toMatchObject({ endedAt: expect.stringMatching(/^\d{4}-/) });
    expect(await getSession(spec.readStore, 's3')).toMatchObject({ endedAt: null });
    expect(await getSession(spec.readStore, 'never-issued')).toBeNull();
  });

  it('ignores the other credential events', async () => {
    await spec.given(credentialsStreamId('ann'), [{ type: CredentialEvents.PasswordAssigned, data: { userId: 'ann', passwordHash: 'h' } }]);
    expect((await spec.documents<SessionDocument>(SESSIONS_COLLECTION)).map((s) => s.id)).toEqual(['s1', 's2', 's3']);
  });

  it('rebuilds from event zero to the same documents', async () => {
    const before = await spec.documents(SESSIONS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(SESSIONS_COLLECTION)).toEqual(before);
  });
});
