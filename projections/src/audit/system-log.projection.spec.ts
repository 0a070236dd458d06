import { AgencyEvents, agencyStreamId } from '@cans/domain/administration/agency.events';
import { AccessAssignmentEvents, accessAssignmentsStreamId } from '@cans/domain/identity/access-assignment.events';
import { ApiClientEvents, apiClientSignInStreamId } from '@cans/domain/identity/api-user.events';
import { CredentialEvents, credentialsStreamId, UNKNOWN_SIGN_IN_STREAM } from '@cans/domain/identity/credentials.events';
import { UserGroupEvents, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { UserEvent, UserEvents, userStreamId } from '@cans/domain/identity/user.events';
import { LIBRARY_STREAM_ID, LibraryItemEvents, QuestionRuleEvents } from '@cans/domain/library/library.events';
import { AssessmentEvents, assessmentStreamId } from '@cans/domain/assessments/assessment.events';
import { ALL_EVENT_TYPES } from '@cans/domain/event-catalogue';
import { describeProjection } from '../test-support/projection-specification';
import { SYSTEM_LOG_COLLECTION, SYSTEM_LOG_NAMES_COLLECTION, SystemLogRow, systemLogProjection } from './system-log.projection';
import { searchSystemLog } from './system-log.queries';
import { SYSTEM_LOG_ACTION_LIST, SYSTEM_LOG_ACTIONS } from './system-log-actions';

const userSaved = (type: typeof UserEvents.Created | typeof UserEvents.Updated, userId: string, username: string): UserEvent => ({
  type,
  data: {
    userId,
    firstName: 'Jo',
    lastName: 'Doe',
    username,
    email: `${userId}@example.org`,
    phone: null,
    status: 1,
    userGroupId: '5',
    supervisorId: null,
    agencyId: null,
    externalId: null,
    expirationDate: null,
  },
});
const system = { userId: null };
const byTime = (direction: 'asc' | 'desc') => ({ sort: [{ field: 'recordedAt', direction }], skip: 0, limit: 100 });

describeProjection(systemLogProjection, (spec) => {
  const latestRow = async (): Promise<SystemLogRow> => (await searchSystemLog(spec.readStore, {}, { ...byTime('desc'), limit: 1 })).rows[0];

  it('logs a system action as "system", naming the record acted on and the IP in canonical form', async () => {
    await spec.given(userStreamId('u1'), [userSaved(UserEvents.Created, 'u1', 'eo_jdoe')], { ...system, ip: '::ffff:10.0.0.1' });
    expect(await latestRow()).toEqual({
      id: expect.any(String),
      position: expect.any(Number),
      action: 'user-created',
      label: 'User added',
      description: 'User added: jdoe',
      eventType: UserEvents.Created,
      ip: '10.0.0.1',
      username: 'system',
      userId: null,
      recordedAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('names the signed-in actor and the group or agency acted on, also once it is deleted', async () => {
    await spec.given(
      userGroupStreamId('g1'),
      [
        {
          type: UserGroupEvents.Created,
          data: { groupId: 'g1', name: 'Supervisors', description: '', parentGroupId: null, reportsToParent: false, privileges: [] },
        },
      ],
      { userId: 'u1' },
    );
    expect(await latestRow()).toMatchObject({
      action: 'user-group-created',
      description: 'User group added: Supervisors',
      username: 'jdoe',
      userId: 'u1',
      ip: null,
    });

    await spec.given(userGroupStreamId('g1'), [{ type: UserGroupEvents.Deleted, data: { groupId: 'g1' } }], { userId: 'u1' });
    expect(await latestRow()).toMatchObject({ action: 'user-group-deleted', description: 'User group deleted: Supervisors' });

    await spec.given(
      agencyStreamId('a1'),
      [{ type: AgencyEvents.Created, data: { agencyId: 'a1', name: 'North', displayName: 'North Office' } }],
      { userId: 'u1' },
    );
    await spec.given(agencyStreamId('a1'), [{ type: AgencyEvents.Deleted, data: { agencyId: 'a1' } }], { userId: 'u1' });
    expect(await latestRow()).toMatchObject({ action: 'agency-deleted', description: 'Agency deleted: North' });

    await spec.given(
      accessAssignmentsStreamId('boss'),
      [
        {
          type: AccessAssignmentEvents.Assigned,
          data: { assignmentId: 'x1', ownerId: 'boss', delegateId: 'u1', startsOn: '2030-01-01', endsOn: '2030-01-02' },
        },
      ],
      { userId: 'boss' },
    );
    expect(await latestRow()).toMatchObject({
      action: 'access-assigned',
      description: 'Temporary access assigned: jdoe',
      username: 'boss',
      userId: 'boss',
    });
  });

  it('logs sign-ins under the account concerned, the login typed, or the API client', async () => {
    await spec.given(
      credentialsStreamId('u1'),
      [
        {
          type: CredentialEvents.SignInSucceeded,
          data: { userId: 'u1', sessionId: 's1', method: 'verification-code', rememberMe: false, expiresAt: '2030-01-01T00:00:00.000Z' },
        },
      ],
      { ...system, ip: '10.0.0.2:51234' },
    );
    expect(await latestRow()).toMatchObject({
      action: 'sign-in',
      description: 'Signed in',
      username: 'jdoe',
      userId: 'u1',
      ip: '10.0.0.2',
    });

    await spec.given(
      UNKNOWN_SIGN_IN_STREAM,
      [{ type: CredentialEvents.SignInFailed, data: { userId: null, login: 'ghost', reason: 'unknown-user' } }],
      system,
    );
    expect(await latestRow()).toMatchObject({
      action: 'sign-in-failed',
      description: 'Sign-in failed: unknown-user',
      username: 'ghost',
      userId: null,
    });

    await spec.given(
      apiClientSignInStreamId('k1'),
      [
        {
          type: ApiClientEvents.SignedIn,
          data: { apiUserId: 'k1', username: 'feed', sessionId: 's2', expiresAt: '2030-01-01T00:00:00.000Z' },
        },
      ],
      system,
    );
    expect(await latestRow()).toMatchObject({
      action: 'api-sign-in',
      description: 'API client signed in: feed',
      username: 'feed',
      userId: 'k1',
    });
  });

  it('shows a renamed user by the new name from then on, keeps an unparseable IP as recorded, and leaves earlier rows as they were', async () => {
    const before = await searchSystemLog(spec.readStore, {}, byTime('asc'));
    await spec.given(userStreamId('u1'), [userSaved(UserEvents.Updated, 'u1', 'eo_jsmith')], { userId: 'u1', ip: 'not-an-ip' });
    expect(await latestRow()).toMatchObject({
      action: 'user-updated',
      description: 'User saved: jsmith',
      username: 'jsmith',
      ip: 'not-an-ip',
    });
    expect(await spec.document(SYSTEM_LOG_NAMES_COLLECTION, 'user:u1')).toEqual({ id: 'user:u1', name: 'jsmith' });

    await spec.given(LIBRARY_STREAM_ID, [{ type: LibraryItemEvents.Reordered, data: { orders: [] } }]);
    const after = await searchSystemLog(spec.readStore, {}, byTime('asc'));
    expect(after.total).toBe(before.total + 2);
    expect(after.rows.slice(0, before.total)).toEqual(before.rows);
    expect(await latestRow()).toMatchObject({ action: 'library-reordered', description: 'Library reordered', username: 'worker-1' });
  });

  it('searches the log: filters, time order by position, and position breaking ties', async () => {
    const all = await searchSystemLog(spec.readStore, {}, byTime('asc'));
    const positions = all.rows.map((row) => row.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect((await searchSystemLog(spec.readStore, {}, byTime('desc'))).rows.map((row) => row.position)).toEqual([...positions].reverse());

    expect(await searchSystemLog(spec.readStore, { action: 'sign-in-failed' }, byTime('desc'))).toMatchObject({
      total: 1,
      rows: [{ username: 'ghost' }],
    });
    const byJdoe = await searchSystemLog(
      spec.readStore,
      { username: 'jdoe' },
      { sort: [{ field: 'action', direction: 'asc' }], skip: 0, limit: 100 },
    );
    expect(byJdoe.rows.map((row) => row.action)).toEqual([
      'agency-created',
      'agency-deleted',
      'sign-in',
      'user-group-created',
      'user-group-deleted',
    ]);
    const byU1 = await searchSystemLog(
      spec.readStore,
      { userId: 'u1' },
      { sort: [{ field: 'username', direction: 'asc' }], skip: 0, limit: 100 },
    );
    expect(byU1.rows.map((row) => row.username)).toEqual(['jdoe', 'jdoe', 'jdoe', 'jdoe', 'jdoe', 'jsmith']);
    const jdoePositions = byU1.rows.slice(0, 5).map((row) => row.position);
    expect(jdoePositions).toEqual([...jdoePositions].sort((a, b) => b - a));
    const page = await searchSystemLog(
      spec.readStore,
      { userId: 'u1' },
      { sort: [{ field: 'username', direction: 'asc' }], skip: 4, limit: 10 },
    );
    expect(page).toMatchObject({ total: 6, rows: [{ username: 'jdoe' }, { username: 'jsmith' }] });
  });

  it('rebuilds from event zero to the same documents', async () => {
    const rows = await spec.documents(SYSTEM_LOG_COLLECTION);
    const names = await spec.documents(SYSTEM_LOG_NAMES_COLLECTION);
    await spec.rebuild();
    expect(await spec.documents(SYSTEM_LOG_COLLECTION)).toEqual(rows);
    expect(await spec.documents(SYSTEM_LOG_NAMES_COLLECTION)).toEqual(names);
  });

  it("logs assessments by PID (never the child's name), library items and rules by name, and answers once per assessment, user and day", async () => {
    const stream = assessmentStreamId('as1');
    await spec.given(
      stream,
      [
        {
          type: AssessmentEvents.Started,
          data: { assessmentId: 'as1', ownerId: 'u1', agencyId: null, assessmentType: '62', previousAssessmentId: null },
        },
        {
          type: AssessmentEvents.ChildInformationSaved,
          data: { assessmentId: 'as1', child: { cin: '12345', firstName: 'Secret', lastName: 'Child' } },
        },
      ],
      { userId: 'u1' },
    );
    expect(await latestRow()).toMatchObject({ action: 'assessment-child-saved', description: 'Child information saved: PID 12345' });
    const rated = (questionCode: string) => ({
      type: AssessmentEvents.ItemRated,
      data: { assessmentId: 'as1', questionCode, caregiverId: null, rating: '1' },
    });
    const before = (await searchSystemLog(spec.readStore, {}, byTime('asc'))).total;
    await spec.given(stream, [rated('SLEEP'), rated('SCHOOL')], { userId: 'u1' });
    await spec.given(
      stream,
      [{ type: AssessmentEvents.ItemRatingCleared, data: { assessmentId: 'as1', questionCode: 'SLEEP', caregiverId: null } }],
      { userId: 'u1' },
    );
    const answers = await searchSystemLog(spec.readStore, { action: 'assessment-answers-saved' }, byTime('desc'));
    expect(answers.rows).toEqual([
      expect.objectContaining({
        description: 'Assessment answers saved: PID 12345 (3 changes)',
        username: 'jsmith',
        eventType: AssessmentEvents.ItemRatingCleared,
      }),
    ]);
    expect((await searchSystemLog(spec.readStore, {}, byTime('asc'))).total).toBe(before + 1);
    await spec.given(stream, [rated('SLEEP')], { userId: 'u2' });
    expect((await searchSystemLog(spec.readStore, { action: 'assessment-answers-saved' }, byTime('desc'))).total).toBe(2);
    await spec.given(stream, [{ type: AssessmentEvents.Approved, data: { assessmentId: 'as1', approvedBy: 'u1' } }], { userId: 'u1' });
    expect(await latestRow()).toMatchObject({ action: 'assessment-approved', description: 'Assessment approved: PID 12345' });
    const logged = await searchSystemLog(spec.readStore, {}, byTime('asc'));
    expect(JSON.stringify(logged.rows)).not.toContain('Secret');

    await spec.given(LIBRARY_STREAM_ID, [
      {
        type: LibraryItemEvents.Edited,
        data: {
          itemId: 'q1',
          name: '<b>Sleep</b>',
          shortName: null,
          description: '',
          ageMin: null,
          ageMax: null,
          answers: null,
          ratingMeaning: null,
          actionableRatings: null,
        },
      },
    ]);
    expect(await latestRow()).toMatchObject({ action: 'library-item-saved', description: 'Library item saved: Sleep' });
    await spec.given(LIBRARY_STREAM_ID, [{ type: QuestionRuleEvents.Deleted, data: { ruleId: 'never-named' } }]);
    expect(await latestRow()).toMatchObject({ action: 'question-rule-deleted', description: 'Question rule deleted' });
  });
});

describe('the System Log action catalogue', () => {
  it('names an action for every event type of the product, and offers each action once in the filter', () => {
    expect(ALL_EVENT_TYPES.filter((type) => !SYSTEM_LOG_ACTIONS[type])).toEqual([]);
    const actions = SYSTEM_LOG_ACTION_LIST.map((entry) => entry.action);
    expect(new Set(actions).size).toBe(actions.length);
    expect(new Set(Object.values(SYSTEM_LOG_ACTIONS).map((entry) => entry.action))).toEqual(new Set(actions));
    expect(SYSTEM_LOG_ACTION_LIST.find((entry) => entry.action === 'assessment-caregivers-changed')?.label).toBe('Caregivers changed');
  });
});
