import { CredentialEvents, CredentialsEvent, credentialsStreamId } from '@cans/domain/identity/credentials.events';
import { UserAccountFields, UserEvent, UserEvents, userStreamId } from '@cans/domain/identity/user.events';
import { describeProjection } from '../test-support/projection-specification';
import { USERS_COLLECTION, UserDocument, usersProjection } from './users.projection';
import { findUsersByLogin, listUsers, userAndSuperviseesBelow } from './users.queries';

const account = (userId: string, supervisorId: string | null, overrides: Partial<UserAccountFields> = {}): UserAccountFields => ({
  firstName: userId.toUpperCase(),
  lastName: 'Doe',
  username: `eo_${userId}`,
  email: `${userId}@Example.org`,
  phone: '(555) 010-2000',
  status: 1,
  userGroupId: '5',
  supervisorId,
  agencyId: null,
  externalId: null,
  expirationDate: null,
  ...overrides,
});
const created = (userId: string, supervisorId: string | null): UserEvent => ({
  type: UserEvents.Created,
  data: { userId, ...account(userId, supervisorId) },
});

describeProjection(usersProjection, (spec) => {
  const user = (id: string) => spec.document<UserDocument>(USERS_COLLECTION, id);

  it('creates a user with its sign-in keys and keeps the supervisor tree both ways', async () => {
    await spec.given(userStreamId('boss'), [created('boss', null)]);
    await spec.given(userStreamId('ann'), [created('ann', 'boss')]);
    await spec.given(userStreamId('bob'), [created('bob', 'ann')]);
    expect(await user('ann')).toMatchObject({
      fullName: 'ANN Doe',
      displayUsername: 'ann',
      usernameKey: 'eo_ann',
      emailKey: 'ann@example.org',
      phoneKey: '5550102000',
      supervisorId: 'boss',
      superviseeIds: ['bob'],
      hasPassword: false,
    });
    expect(await user('boss')).toMatchObject({ superviseeIds: ['ann'] });
    expect([...(await userAndSuperviseesBelow(spec.readStore, 'boss'))].sort()).toEqual(['ann', 'bob', 'boss']);
    expect((await findUsersByLogin(spec.readStore, 'ANN@example.org')).map((u) => u.id)).toEqual(['ann']);
    expect((await findUsersByLogin(spec.readStore, 'bob')).map((u) => u.id)).toEqual(['bob']);
  });

  it('moves a user to a new supervisor, and reassigns the supervisees of a deleted one', async () => {
    await spec.given(userStreamId('bob'), [{ type: UserEvents.Updated, data: { userId: 'bob', ...account('bob', 'boss') } }]);
    expect(await user('ann')).toMatchObject({ superviseeIds: [] });
    expect(await user('boss')).toMatchObject({ superviseeIds: ['ann', 'bob'] });

    await spec.given(userStreamId('ann'), [created('cid', 'ann')]);
    await spec.given(userStreamId('ann'), [
      { type: UserEvents.Deleted, data: { userId: 'ann', successorUserId: 'boss', reassignedSuperviseeIds: ['cid'] } },
    ]);
    expect(await user('ann')).toBeNull();
    expect(await user('cid')).toMatchObject({ supervisorId: 'boss' });
    expect(await user('boss')).toMatchObject({ superviseeIds: ['bob', 'cid'] });
  });

  it('follows passwords, lockouts and sign-ins from the credentials stream', async () => {
    const credentials = (event: CredentialsEvent) => spec.given(credentialsStreamId('bob'), [event]);
    await credentials({
      type: CredentialEvents.SignInLockedOut,
      data: { userId: 'bob', login: 'bob', failedAttempts: 5, lockedUntil: '2030-01-01T00:00:00.000Z' },
    });
    expect(await user('bob')).toMatchObject({ lockedUntil: '2030-01-01T00:00:00.000Z' });
    await credentials({ type: CredentialEvents.PasswordAssigned, data: { userId: 'bob', passwordHash: 'argon2-hash' } });
    const withPassword = await user('bob');
    expect(withPassword).toMatchObject({ hasPassword: true, passwordSetAt: expect.any(String), lockedUntil: null });
    expect(JSON.stringify(withPassword)).not.toContain('argon2-hash');
    await credentials({
      type: CredentialEvents.SignInSucceeded,
      data: { userId: 'bob', sessionId: 's1', method: 'verification-code', rememberMe: false, expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(await user('bob')).toMatchObject({ lastSignInAt: expect.any(String) });
  });

  it('answers the user list: search, status filter, and a refusal for a malformed filter', async () => {
    const page = { sort: [{ field: 'username', direction: 'asc' as const }], skip: 0, limit: 10 };
    expect((await listUsers(spec.readStore, { ...page, filter: {} })).rows.map((u) => u.id)).toEqual(['bob', 'boss', 'cid']);
    expect(await listUsers(spec.readStore, { ...page, filter: { q: 'cid' } })).toMatchObject({ total: 1, rows: [{ id: 'cid' }] });
    expect(await listUsers(spec.readStore, { ...page, filter: { supervisorUsername: 'eo_boss' } })).toMatchObject({ total: 2 });
    await expect(listUsers(spec.readStore, { ...page, filter: { status: 7 } })).rejects.toMatchObject({
      fieldErrors: { filter: ['status must be 0, 1, 2 or 3'] },
    });
  });

  it('rebuilds from event zero to the same documents', async () => {
    const before = await spec.documents(USERS_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(USERS_COLLECTION)).toEqual(before);
  });
});
