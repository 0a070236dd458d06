/**
 * The real event mix: the events the product writes for N assessments and their surroundings, built with the
 * domain's own event types and constructors, in the proportions below. Deterministic (seeded PRNG, ids derived
 * from counters): the same N gives the same events on every run (recordedAt is stamped by the store at append).
 *
 * Proportions (from the demo seed, backend/src/platform/seeding/demo-data/, and spec 000/001):
 * - Surroundings: 3 agencies + 1 per 2,000 assessments; the built-in user groups plus 1 per agency; 1 case worker
 *   per 200 assessments (each with a UserCreated and PasswordAssigned), 1 supervisor per 20 workers; 2 API users.
 *   Library: the seed instrument through the real library decider (≈ 150 item and rule events, one stream).
 * - Sign-ins: per 100 assessments, 40 sessions (SignInSucceeded, 3 in 4 ended by SessionEnded), 4 failed sign-ins
 *   (1 in 10 of those locked out), 5 API client sign-ins; a profile edit, a temporary access assignment now and then.
 * - Per assessment (the decider's events over a life cycle):
 *   start: AssessmentStarted + AssessmentLibraryVersionRecorded + ChildInformationSaved; caregivers 0/1/2 (25/50/25 %),
 *     the family's caregivers bound on 5 %; the child record saved again on 40 %, a caregiver edited on 20 %,
 *     removed on 3 %, the type changed on 2 %;
 *   answers: one ItemRated per answer — every non-triggered child question of the seed library (minus 15 % out of
 *     the age range), a third of the triggered ones, and the caregiver questions once per caregiver; incomplete
 *     assessments answer about half; 10 % of the answers are re-rated later, 1 % cleared; ≈ 3 question comments
 *     (1 in 5 edited, 1 in 20 deleted), 2 narrative saves (draft, final);
 *   status (as the list bench): 20 % incomplete, 10 % pending approval, 5 % returned (complete, return), 55 % approved
 *     (5 % of those returned once first), 10 % closed early; shares on 5 %, reassignments on 2 %, report exclusion on
 *     2 % of the approved, deletion of 1 % (incomplete ones).
 *   That is ≈ 75 events per assessment on average, ItemRated ≈ 85 % of all events.
 * Each assessment's life is written in three appends (start, answers, status) and interleaved with other
 * assessments' in waves, so the log looks like many users working at once rather than one stream after another.
 */
import { AgencyEvents } from '@cans/domain/administration/agency.events';
import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  addDays,
  assessmentEvent,
  assessmentStreamId,
  type Caregiver,
} from '@cans/domain/assessments';
import { AccessAssignmentEvents, accessAssignmentsStreamId } from '@cans/domain/identity/access-assignment.events';
import { ApiClientEvents, ApiUserEvents, apiClientSignInStreamId, apiUserStreamId } from '@cans/domain/identity/api-user.events';
import { CredentialEvents, UNKNOWN_SIGN_IN_STREAM, credentialsStreamId } from '@cans/domain/identity/credentials.events';
import { UserGroupEvents, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { UserEvents, userStreamId } from '@cans/domain/identity/user.events';
import type { Item, Module, Rating } from '@cans/domain/library/instrument/instrument.types';
import { seedInstrument } from '@cans/domain/library/instrument/seed-instrument';
import type { NewEvent } from '@cans/storage/event-store/event-store.port';
import { BUILT_IN_GROUPS } from '@cans/backend/identity/user-groups/built-in-groups';
import { FIRST, LAST, NARRATIVE, caregiverOf, childOf, mixId, prng } from './real-mix-records';

export { mixId, prng } from './real-mix-records';

/** One append: events for one stream. */
export interface RealMixAppend {
  streamId: string;
  events: NewEvent[];
}

const RATINGS: Rating[] = ['0', '1', '0', '2', '1', '0', '3', '1', '0', '2', 'NA', '1'];
interface QuestionRef {
  code: string;
  caregiver: boolean;
  triggered: boolean;
}

/** The seed library's questions, as an assessment answers them. */
function seedQuestions(): QuestionRef[] {
  const out: QuestionRef[] = [];
  const items = (list: readonly Item[], caregiver: boolean, triggered: boolean) => {
    for (const item of list) if (item.kind === 'question') out.push({ code: item.code, caregiver, triggered });
  };
  const modules = (list: readonly Module[], caregiver: boolean, triggered: boolean) => {
    for (const m of list) {
      items(m.items, caregiver, triggered || m.triggeredOnly);
      modules(m.modules, caregiver, triggered || m.triggeredOnly);
    }
  };
  for (const domain of seedInstrument.domains) {
    items(domain.items, domain.caregiverItem, false);
    modules(domain.modules, domain.caregiverItem, false);
  }
  return out;
}

const QUESTIONS = seedQuestions();

export interface RealMixShape {
  assessments: number;
  agencies: number;
  workers: number;
  supervisors: number;
}

export function realMixShape(assessments: number): RealMixShape {
  const workers = Math.max(2, Math.ceil(assessments / 200));
  return { assessments, agencies: 3 + Math.floor(assessments / 2000), workers, supervisors: Math.max(1, Math.ceil(workers / 20)) };
}

const metadataOf = (userId: string | null, n: number) => ({
  userId,
  correlationId: mixId('correlation', n),
  causationId: null,
  ip: `10.0.${(n >> 8) & 255}.${n & 255}`,
});

/** Builds the appends in log order, wave by wave (a wave's appends touch distinct streams, so they may run concurrently). */
export function* realMixWaves(assessments: number, libraryAppends: RealMixAppend[], seed = 42): Generator<RealMixAppend[]> {
  const shape = realMixShape(assessments);
  const random = prng(seed);
  let counter = 0;
  const meta = (userId: string | null) => metadataOf(userId, counter++);
  const event = (type: string, data: object, userId: string | null): NewEvent => ({ type, data, metadata: meta(userId) });
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const agencyId = (a: number) => mixId('agency', a);
  const workerId = (w: number) => mixId('worker', w);
  const supervisorId = (s: number) => mixId('supervisor', s);
  const today = new Date().toISOString().slice(0, 10);

  // Surroundings: agencies, groups, users and their passwords, API users, then the library.
  const setup: RealMixAppend[] = [];
  for (let a = 0; a < shape.agencies; a++)
    setup.push({
      streamId: `agency-${agencyId(a)}`,
      events: [event(AgencyEvents.Created, { agencyId: agencyId(a), name: `Agency ${a}`, displayName: `A${a}` }, null)],
    });
  for (const group of BUILT_IN_GROUPS) {
    const { id, ...fields } = group;
    setup.push({ streamId: userGroupStreamId(id), events: [event(UserGroupEvents.Created, { groupId: id, ...fields }, null)] });
  }
  const workerGroup = BUILT_IN_GROUPS[BUILT_IN_GROUPS.length - 2];
  for (let a = 0; a < shape.agencies; a++) {
    const groupId = mixId('group', a);
    const data = { ...workerGroup, groupId, name: `Agency ${a} workers`, description: '', parentGroupId: workerGroup.parentGroupId };
    delete (data as { id?: string }).id;
    setup.push({ streamId: userGroupStreamId(groupId), events: [event(UserGroupEvents.Created, data, null)] });
  }
  const user = (userId: string, n: number, supervisor: string | null, agency: string) => ({
    userId,
    firstName: FIRST[n % FIRST.length],
    lastName: `${LAST[n % LAST.length]} ${n}`,
    username: `eo_user${n}`,
    email: `user${n}@example.org`,
    phone: `555${String(n).padStart(7, '0')}`,
    status: 1 as const,
    userGroupId: workerGroup.id,
    supervisorId: supervisor,
    agencyId: agency,
    externalId: null,
    expirationDate: null,
  });
  const users: string[] = [];
  for (let s = 0; s < shape.supervisors; s++) users.push(supervisorId(s));
  for (let w = 0; w < shape.workers; w++) users.push(workerId(w));
  users.forEach((userId, n) => {
    const isWorker = n >= shape.supervisors;
    const w = n - shape.supervisors;
    const supervisor = isWorker ? supervisorId(Math.floor(w / 20) % shape.supervisors) : null;
    setup.push({
      streamId: userStreamId(userId),
      events: [event(UserEvents.Created, user(userId, n, supervisor, agencyId(n % shape.agencies)), null)],
    });
    setup.push({
      streamId: credentialsStreamId(userId),
      events: [event(CredentialEvents.PasswordAssigned, { userId, passwordHash: `$2b$10$${mixId('hash', n)}` }, null)],
    });
  });
  for (let k = 0; k < 2; k++) {
    const apiUserId = mixId('api-user', k);
    setup.push({
      streamId: apiUserStreamId(apiUserId),
      events: [
        event(ApiUserEvents.Created, { apiUserId, username: `api${k}`, passwordHash: 'x', allowedIp: '10.0.0.1', maxRecords: 1000 }, null),
      ],
    });
  }
  yield setup;
  for (const append of libraryAppends) yield [append];

  const WAVE = 200;
  let session = 0;
  for (let first = 0; first < assessments; first += WAVE) {
    const lives = Array.from({ length: Math.min(WAVE, assessments - first) }, (_, k) => assessmentLife(first + k));
    // Sign-ins and other identity traffic of the same period.
    const identity: RealMixAppend[] = [];
    const byStream = new Map<string, NewEvent[]>();
    const add = (streamId: string, e: NewEvent) => byStream.set(streamId, [...(byStream.get(streamId) ?? []), e]);
    for (let k = 0; k < (lives.length * 40) / 100; k++) {
      const userId = pick(users);
      const sessionId = mixId('session', session++);
      add(
        credentialsStreamId(userId),
        event(
          CredentialEvents.SignInSucceeded,
          { userId, sessionId, method: 'remembered-device', rememberMe: random() < 0.5, expiresAt: `${addDays(today, 1)}T00:00:00.000Z` },
          null,
        ),
      );
      if (random() < 0.75)
        add(credentialsStreamId(userId), event(CredentialEvents.SessionEnded, { userId, sessionId, reason: 'logout' }, userId));
    }
    for (let k = 0; k < (lives.length * 4) / 100; k++) {
      const userId = pick(users);
      add(
        credentialsStreamId(userId),
        event(CredentialEvents.SignInFailed, { userId, login: 'user', reason: 'wrong-password', failedAttempts: 1 }, null),
      );
      if (random() < 0.1)
        add(
          credentialsStreamId(userId),
          event(
            CredentialEvents.SignInLockedOut,
            { userId, login: 'user', failedAttempts: 5, lockedUntil: `${today}T23:59:00.000Z` },
            null,
          ),
        );
    }
    if (random() < 0.5)
      add(UNKNOWN_SIGN_IN_STREAM, event(CredentialEvents.SignInFailed, { userId: null, login: 'nobody', reason: 'unknown-user' }, null));
    for (let k = 0; k < (lives.length * 5) / 100; k++) {
      const apiUserId = mixId('api-user', k % 2);
      add(
        apiClientSignInStreamId(apiUserId),
        event(
          ApiClientEvents.SignedIn,
          {
            apiUserId,
            username: `api${k % 2}`,
            sessionId: mixId('api-session', session++),
            expiresAt: `${addDays(today, 1)}T00:00:00.000Z`,
          },
          null,
        ),
      );
    }
    if (random() < 0.3) {
      const userId = pick(users);
      const n = users.indexOf(userId);
      add(
        userStreamId(userId),
        event(
          UserEvents.ProfileUpdated,
          { userId, firstName: FIRST[(n + 1) % FIRST.length], lastName: `Renamed ${n}`, email: `u${n}@example.org`, phone: null },
          userId,
        ),
      );
    }
    if (random() < 0.1) {
      const ownerId = pick(users);
      const assignmentId = mixId('assignment', first);
      add(
        accessAssignmentsStreamId(ownerId),
        event(
          AccessAssignmentEvents.Assigned,
          { assignmentId, ownerId, delegateId: pick(users), startsOn: today, endsOn: addDays(today, 14) },
          ownerId,
        ),
      );
    }
    for (const [streamId, events] of byStream) identity.push({ streamId, events });

    yield lives.map((life) => life.start);
    yield [...lives.flatMap((life) => (life.answers ? [life.answers] : [])), ...identity];
    yield lives.flatMap((life) => (life.status ? [life.status] : []));
  }

  function assessmentLife(i: number): { start: RealMixAppend; answers: RealMixAppend | null; status: RealMixAppend | null } {
    const assessmentId = mixId('assessment', i);
    const streamId = assessmentStreamId(assessmentId);
    const w = Math.floor(random() * shape.workers);
    const owner = workerId(w);
    const supervisor = supervisorId(Math.floor(w / 20) % shape.supervisors);
    const ev = <T extends AssessmentEventType>(type: T, data: AssessmentEventDataMap[T], by = owner): NewEvent => {
      const domainEvent: AssessmentEvent = assessmentEvent(type, data);
      return event(domainEvent.type, domainEvent.data as object, by);
    };
    const child = childOf(i, random, today, assessments);
    const start: NewEvent[] = [
      ev('AssessmentStarted', {
        assessmentId,
        ownerId: owner,
        agencyId: agencyId(w % shape.agencies),
        assessmentType: pick(['62', '62', '63', '64']),
        previousAssessmentId: null,
      }),
      ev('AssessmentLibraryVersionRecorded', { assessmentId, instrumentCode: seedInstrument.code, version: '1' }),
      ev('ChildInformationSaved', { assessmentId, child }),
    ];
    const caregiverCount = random() < 0.25 ? 0 : random() < 0.67 ? 1 : 2;
    const caregivers: Caregiver[] = Array.from({ length: caregiverCount }, (_, c) => caregiverOf(`${assessmentId}:${c}`, c));
    for (const caregiver of caregivers) start.push(ev('CaregiverAdded', { assessmentId, caregiver }));
    if (random() < 0.05) start.push(ev('FamilyCaregiversBound', { assessmentId, familyId: child.familyId ?? `FAM-${i}`, caregivers: [] }));

    const roll = random();
    const stage = roll < 0.2 ? 'incomplete' : roll < 0.3 ? 'pending' : roll < 0.35 ? 'returned' : roll < 0.9 ? 'approved' : 'closed';
    const answers: NewEvent[] = [];
    if (stage !== 'closed') {
      const share = stage === 'incomplete' ? 0.5 : 1;
      const answered: Array<{ code: string; caregiverId: string | null }> = [];
      for (const q of QUESTIONS) {
        if (random() < 0.15 || (q.triggered && random() < 0.67) || random() > share) continue;
        if (q.caregiver) for (const c of caregivers) answered.push({ code: q.code, caregiverId: c.caregiverId });
        else answered.push({ code: q.code, caregiverId: null });
      }
      let n = i;
      for (const a of answered)
        answers.push(
          ev('ItemRated', { assessmentId, questionCode: a.code, caregiverId: a.caregiverId, rating: RATINGS[n++ % RATINGS.length] }),
        );
      for (let c = 0; c < 3 && answered.length > 0; c++) {
        const commentId = mixId('comment', `${i}:${c}`);
        const on = pick(answered);
        const saved = {
          assessmentId,
          commentId,
          questionCode: on.code,
          caregiverId: on.caregiverId,
          content: 'Discussed with the family.',
          authorId: owner,
        };
        answers.push(ev('QuestionCommentSaved', saved));
        if (random() < 0.2) answers.push(ev('QuestionCommentSaved', { ...saved, content: 'Discussed with the family; follow up.' }));
        if (random() < 0.05) answers.push(ev('QuestionCommentDeleted', { assessmentId, commentId }));
      }
      for (const a of answered)
        if (random() < 0.1)
          answers.push(ev('ItemRated', { assessmentId, questionCode: a.code, caregiverId: a.caregiverId, rating: pick(RATINGS) }));
      for (const a of answered)
        if (random() < 0.01) answers.push(ev('ItemRatingCleared', { assessmentId, questionCode: a.code, caregiverId: a.caregiverId }));
      answers.push(ev('NarrativeSaved', { assessmentId, narrative: { ...NARRATIVE, plan: '' } }));
      if (stage !== 'incomplete') answers.push(ev('NarrativeSaved', { assessmentId, narrative: NARRATIVE }));
    }
    if (random() < 0.4) answers.push(ev('ChildInformationSaved', { assessmentId, child: { ...child, recommendationsNote: 'Reviewed.' } }));
    if (caregivers.length > 0 && random() < 0.2) {
      const { caregiverId, ...details } = caregivers[0];
      answers.push(ev('CaregiverEdited', { assessmentId, caregiverId, details: { ...details, phone: '5550109999' } }));
    }
    if (caregivers.length > 1 && random() < 0.06)
      answers.push(ev('CaregiverRemoved', { assessmentId, caregiverId: caregivers[1].caregiverId }));
    if (random() < 0.02) answers.push(ev('AssessmentTypeChanged', { assessmentId, from: '62', to: '63' }));

    const status: NewEvent[] = [];
    const complete = () => status.push(ev('AssessmentCompleted', { assessmentId, completedBy: owner }));
    const giveBack = () =>
      status.push(ev('AssessmentReturned', { assessmentId, returnedBy: supervisor, reason: 'Please review the ratings.' }, supervisor));
    if (stage === 'closed') status.push(ev('AssessmentClosed', { assessmentId, closedBy: owner, reason: 'Case closed.' }));
    if (stage === 'pending') complete();
    if (stage === 'returned') {
      complete();
      giveBack();
    }
    if (stage === 'approved') {
      if (random() < 0.05) {
        complete();
        giveBack();
      }
      complete();
      status.push(ev('AssessmentApproved', { assessmentId, approvedBy: supervisor }, supervisor));
      if (random() < 0.02) status.push(ev('AssessmentExcludedFromReports', { assessmentId }, supervisor));
    }
    if (random() < 0.05)
      status.push(
        ev('AssessmentSharedWithUsers', {
          assessmentId,
          userIds: [workerId((w + 1) % shape.workers)],
          grantedBy: { [workerId((w + 1) % shape.workers)]: owner },
        }),
      );
    if (random() < 0.02) {
      const to = (w + 7) % shape.workers;
      status.push(
        ev(
          'AssessmentReassigned',
          { assessmentId, fromUserId: owner, toUserId: workerId(to), agencyId: agencyId(to % shape.agencies) },
          supervisor,
        ),
      );
    }
    if (stage === 'incomplete' && random() < 0.05)
      status.push(ev('AssessmentDeleted', { assessmentId, deletedBy: supervisor, previousStatus: 'incomplete' }, supervisor));
    return {
      start: { streamId, events: start },
      answers: answers.length ? { streamId, events: answers } : null,
      status: status.length ? { streamId, events: status } : null,
    };
  }
}
