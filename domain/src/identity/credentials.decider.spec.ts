import { deciderSpecification } from '../test-support/decider-specification';
import { credentialsDecider } from './credentials.decider';
import { CredentialEvents, CredentialsEvent, PasswordResetRequestedData, PasswordSetWithLinkData } from './credentials.events';
import { CHANNEL_EMAIL, CODE_MAX_ATTEMPTS, LOCKOUT_THRESHOLD } from './identity-rules';

const userId = '9d1c4f0a-2b7e-4c11-8a3d-5e6f7a8b9c01';
const sessionId = 'session-1';
const spec = deciderSpecification(credentialsDecider);
const signedIn: CredentialsEvent = {
  type: CredentialEvents.SignInSucceeded,
  data: { userId, sessionId, method: 'verification-code', rememberMe: false, expiresAt: '2030-01-01T00:00:00.000Z' },
};
const ended: CredentialsEvent = { type: CredentialEvents.SessionEnded, data: { userId, sessionId, reason: 'logout' } };

describe('credentials decider', () => {
  it('ends a session once: a second logout records nothing', () => {
    spec.given([signedIn]).when({ type: 'EndSession', userId, sessionId }).then([ended]);
    spec.given([signedIn, ended]).when({ type: 'EndSession', userId, sessionId }).thenNothing();
  });

  it('counts wrong passwords, locks, and a right password or a new one starts the count again', () => {
    const failed = (failedAttempts: number): CredentialsEvent => ({
      type: CredentialEvents.SignInFailed,
      data: { userId, login: 'jane', reason: 'wrong-password', failedAttempts },
    });
    const lockedUntil = '2030-01-01T00:15:00.000Z';
    spec
      .given([failed(1), failed(2)])
      .when({ type: 'EndSession', userId, sessionId })
      .thenEvents((_events, state) => expect(state.consecutiveFailures).toBe(2));
    spec
      .given([
        failed(LOCKOUT_THRESHOLD),
        { type: CredentialEvents.SignInLockedOut, data: { userId, login: 'jane', failedAttempts: LOCKOUT_THRESHOLD, lockedUntil } },
      ])
      .when({ type: 'EndSession', userId, sessionId })
      .thenEvents((_events, state) => expect(state).toMatchObject({ consecutiveFailures: 0, lockedUntil }));
    spec
      .given([failed(3), { type: CredentialEvents.PasswordChanged, data: { userId, passwordHash: 'hash' } }])
      .when({ type: 'EndSession', userId, sessionId })
      .thenEvents((_events, state) => expect(state).toMatchObject({ consecutiveFailures: 0, lockedUntil: null, passwordHash: 'hash' }));
  });

  it('spends a code after too many wrong attempts', () => {
    const challengeId = 'challenge-1';
    spec
      .given([
        {
          type: CredentialEvents.SignInChallengeStarted,
          data: { userId, challengeId, rememberMe: false, reason: 'remember-me-off', expiresAt: '2030-01-01T00:10:00.000Z' },
        },
        {
          type: CredentialEvents.VerificationCodeSent,
          data: {
            userId,
            challengeId,
            channel: CHANNEL_EMAIL,
            destination: 'j***@example.org',
            codeHash: 'h',
            sentAt: '2030-01-01T00:00:00.000Z',
            expiresAt: '2030-01-01T00:05:00.000Z',
          },
        },
        {
          type: CredentialEvents.VerificationCodeRejected,
          data: { userId, challengeId, reason: 'wrong-code', attempts: CODE_MAX_ATTEMPTS },
        },
      ])
      .when({ type: 'EndSession', userId, sessionId })
      .thenEvents((_events, state) => expect(state.challenge?.code).toMatchObject({ attempts: CODE_MAX_ATTEMPTS, void: true }));
  });

  it('records a failed sign-in, and the lockout with it when the count reaches the threshold', () => {
    const lockedUntil = '2030-01-01T00:15:00.000Z';
    spec
      .given([])
      .when({ type: 'RecordSignInFailure', userId, login: 'jane', reason: 'temporarily-locked' })
      .then([{ type: CredentialEvents.SignInFailed, data: { userId, login: 'jane', reason: 'temporarily-locked' } }]);
    spec
      .given([])
      .when({
        type: 'RecordSignInFailure',
        userId,
        login: 'jane',
        reason: 'wrong-password',
        counted: { failedAttempts: 2, lockedUntil: null },
      })
      .then([{ type: CredentialEvents.SignInFailed, data: { userId, login: 'jane', reason: 'wrong-password', failedAttempts: 2 } }]);
    spec
      .given([])
      .when({
        type: 'RecordSignInFailure',
        userId,
        login: 'jane',
        reason: 'wrong-password',
        counted: { failedAttempts: LOCKOUT_THRESHOLD, deviceHash: 'device', lockedUntil },
      })
      .then([
        {
          type: CredentialEvents.SignInFailed,
          data: { userId, login: 'jane', reason: 'wrong-password', failedAttempts: LOCKOUT_THRESHOLD, deviceHash: 'device' },
        },
        {
          type: CredentialEvents.SignInLockedOut,
          data: { userId, login: 'jane', failedAttempts: LOCKOUT_THRESHOLD, lockedUntil, cause: 'wrong-passwords' },
        },
      ]);
  });

  it('counts wrong codes per account across challenges, and locks at the threshold', () => {
    const challenge = (challengeId: string): CredentialsEvent[] => [
      {
        type: CredentialEvents.SignInChallengeStarted,
        data: { userId, challengeId, rememberMe: false, reason: 'remember-me-off', expiresAt: '2030-01-01T00:10:00.000Z' },
      },
      {
        type: CredentialEvents.VerificationCodeSent,
        data: {
          userId,
          challengeId,
          channel: CHANNEL_EMAIL,
          destination: 'j***@example.org',
          codeHash: 'h',
          sentAt: '2030-01-01T00:00:00.000Z',
          expiresAt: '2030-01-01T00:05:00.000Z',
        },
      },
    ];
    const wrong = (challengeId: string, attempts: number, wrongCodesInARow: number): CredentialsEvent => ({
      type: CredentialEvents.VerificationCodeRejected,
      data: { userId, challengeId, reason: 'wrong-code', attempts, wrongCodesInARow },
    });
    const twoChallenges = [...challenge('c1'), wrong('c1', 1, 1), wrong('c1', 2, 2), ...challenge('c2'), wrong('c2', 1, 3)];
    spec
      .given(twoChallenges)
      .when({ type: 'EndSession', userId, sessionId })
      .thenEvents((_events, state) => expect(state.wrongCodesInARow).toBe(3));
    const lockedUntil = '2030-01-01T00:15:00.000Z';
    const rejection = { userId, challengeId: 'c2', reason: 'wrong-code' as const, attempts: 2, wrongCodesInARow: LOCKOUT_THRESHOLD };
    spec
      .given(twoChallenges)
      .when({ type: 'RejectVerificationCode', rejection, login: 'jane', lockedUntil })
      .thenEvents((events, state) => {
        expect(events).toEqual([
          { type: CredentialEvents.VerificationCodeRejected, data: rejection },
          {
            type: CredentialEvents.SignInLockedOut,
            data: { userId, login: 'jane', failedAttempts: LOCKOUT_THRESHOLD, lockedUntil, cause: 'wrong-codes' },
          },
        ]);
        expect(state).toMatchObject({ wrongCodesInARow: 0, lockedUntil });
      });
    spec
      .given([...twoChallenges, signedIn])
      .when({ type: 'EndSession', userId, sessionId })
      .thenEvents((_events, state) => expect(state.wrongCodesInARow).toBe(0));
  });

  it('records a sign-in, remembering the device when asked', () => {
    const remembered = { userId, deviceHash: 'device', until: '2030-02-01T00:00:00.000Z' };
    spec.given([]).when({ type: 'RecordSignIn', session: signedIn.data }).then([signedIn]);
    spec
      .given([])
      .when({ type: 'RecordSignIn', session: signedIn.data, rememberDevice: remembered })
      .thenEvents((events, state) => {
        expect(events).toEqual([signedIn, { type: CredentialEvents.DeviceRemembered, data: remembered }]);
        expect(state.rememberedDevices).toEqual([{ deviceHash: 'device', until: remembered.until, failures: 0 }]);
      });
  });

  it('forgets every remembered device when a new password is set, whichever way', () => {
    const remembered: CredentialsEvent = {
      type: CredentialEvents.DeviceRemembered,
      data: { userId, deviceHash: 'device', until: '2030-02-01T00:00:00.000Z' },
    };
    for (const replaced of [
      { type: CredentialEvents.PasswordChanged, data: { userId, passwordHash: 'new' } },
      { type: CredentialEvents.PasswordSetWithLink, data: { userId, linkId: 'link', purpose: 'reset', passwordHash: 'new' } },
      { type: CredentialEvents.PasswordAssigned, data: { userId, passwordHash: 'new' } },
    ] as CredentialsEvent[]) {
      spec
        .given([signedIn, remembered, replaced])
        .when({ type: 'EndSession', userId, sessionId })
        .thenEvents((_events, state) => expect([replaced.type, state.rememberedDevices]).toEqual([replaced.type, []]));
    }
  });

  it('a changed password and the session that replaces the old ones are recorded together', () => {
    spec
      .given([])
      .when({ type: 'ChangePassword', userId, passwordHash: 'new-hash', session: signedIn.data })
      .then([{ type: CredentialEvents.PasswordChanged, data: { userId, passwordHash: 'new-hash' } }, signedIn]);
    spec
      .given([])
      .when({ type: 'AssignPassword', userId, passwordHash: 'hash' })
      .then([{ type: CredentialEvents.PasswordAssigned, data: { userId, passwordHash: 'hash' } }]);
  });

  it('a reset link works until a password is set with it, once', () => {
    const request: PasswordResetRequestedData = { userId, linkId: 'link-1', expiresAt: '2030-01-02T00:00:00.000Z', requestedBy: 'user' };
    const requested = spec
      .given([])
      .when({ type: 'RequestPasswordReset', request })
      .then([{ type: CredentialEvents.PasswordResetRequested, data: request }]);
    const link: PasswordSetWithLinkData = { userId, linkId: 'link-1', purpose: 'reset', passwordHash: 'hash' };
    spec
      .given(requested)
      .when({ type: 'SetPasswordWithLink', link })
      .thenEvents((events, state) => {
        expect(events).toEqual([{ type: CredentialEvents.PasswordSetWithLink, data: link }]);
        expect(state).toMatchObject({ passwordHash: 'hash', usedLinkIds: ['link-1'], activeResetLinkId: null });
      });
  });
});
