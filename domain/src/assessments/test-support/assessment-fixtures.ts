/**
 * Test fixtures of the assessment domain (not a spec file: shared by the specs of this folder). Builds states by
 * folding real events through the aggregate's evolve, so every fixture is a state the stream can really reach, and
 * remembers those events so a spec can start from them: `given(state).when(command, ctx)` runs the decider's
 * given/when/then harness on the events the state was folded from.
 */
import { PRIVILEGES, Privilege } from '../../identity/privileges';
import type { Rating } from '../../library/instrument/instrument.types';
import { seedInstrument, seedRules } from '../../library/instrument/seed-instrument';
import { deciderSpecification, DeciderThen } from '../../test-support/decider-specification';
import { AssessmentState, evolveAssessmentEvent, initialAssessmentState } from '../assessment.aggregate';
import type { AssessmentCommand, AssessmentContext, AssessmentRowAccess } from '../assessment.commands';
import { assessmentDecider } from '../assessment.decider';
import { AssessmentEvent, AssessmentEventDataMap, AssessmentEventType, assessmentEvent } from '../assessment.events';
import { decideStartAssessment } from '../child-record.decisions';
import type { Caregiver, Narrative } from '../assessment.values';
import type { ChildInformationInput } from '../child-information.validation';
import { QuestionnaireLibrary, visibleQuestionsOf } from '../questionnaire';

export const ASSESSMENT_ID = 'a-1';
export const OWNER = 'worker-1';
export const SUPERVISOR = 'supervisor-1';
export const SIBLING = 'worker-2';
export const NOW = '2024-06-01T12:00:00.000Z';
export const seedLibrary: QuestionnaireLibrary = { instrument: seedInstrument, rules: seedRules };

/** A valid child form: born 15 Mar 2012, assessed 1 May 2024, so 12 years old at the assessment. */
export function childInput(overrides: Partial<ChildInformationInput> = {}): ChildInformationInput {
  return {
    cin: 'PID-0001',
    familyId: 'FAM-1',
    firstName: 'Robin',
    lastName: 'Hale',
    gender: 'F',
    raceEthnicity: 'White British',
    primaryLanguage: 'English',
    medicaidNumber: '123456789',
    age: 12,
    dateOfBirth: '2012-03-15',
    address: '1 Mill Lane',
    city: 'Leeds',
    zip: 'LS1 1AA',
    county: 'West Yorkshire',
    dateOfAssessment: '2024-05-01',
    caseOpeningDate: '2023-11-20',
    assessmentType: '62',
    assessorPhoneNumber: '555-010-2000',
    daysToNextAssessment: null,
    lookedAfterChild: 'N',
    lookedAfterStatus: null,
    ...overrides,
  };
}

export const ALL_ROW_ACCESS: AssessmentRowAccess = { canView: true, canEdit: true, isOwnCase: true };

export function context(overrides: Partial<AssessmentContext> = {}): AssessmentContext {
  return {
    actorId: OWNER,
    privileges: [...PRIVILEGES],
    rowAccess: ALL_ROW_ACCESS,
    now: NOW,
    library: seedLibrary,
    siblingUserIds: [SIBLING, SUPERVISOR],
    ...overrides,
  };
}

export const withPrivileges = (privileges: readonly Privilege[], overrides: Partial<AssessmentContext> = {}): AssessmentContext =>
  context({ privileges, ...overrides });

let clock = Date.parse('2024-05-01T09:00:00.000Z');

/** The recorded events each fixture state was folded from (the initial state has none). */
const histories = new WeakMap<AssessmentState, readonly AssessmentEvent[]>([[initialAssessmentState, []]]);

/** The events `state` was folded from; a state not built by these fixtures is a test bug. */
export function historyOf(state: AssessmentState): readonly AssessmentEvent[] {
  const history = histories.get(state);
  if (!history) throw new Error('This state was not built by the fixtures (fold, startedState …), so it has no events to start from');
  return history;
}

/** Folds events as if recorded one minute apart (or at `at`), by `userId`. */
export function fold(state: AssessmentState, events: readonly AssessmentEvent[], userId: string = OWNER, at?: string): AssessmentState {
  const recorded = events.map((event): AssessmentEvent => {
    clock += 60_000;
    return { ...event, recordedAt: at ?? new Date(clock).toISOString(), metadata: { userId } };
  });
  const next = recorded.reduce(evolveAssessmentEvent, state);
  // Events that change nothing (before the start) return the same state object, whose history stays as it was; a
  // state loaded from a store has no history here (it is not given to the harness).
  const before = histories.get(state);
  if (before && next !== state) histories.set(next, [...before, ...recorded]);
  return next;
}

const spec = deciderSpecification(assessmentDecider);

/** Given the events `state` was folded from, when these commands are decided in one batch in `ctx` (default: the owner's). */
export const given = (state: AssessmentState) => ({
  when: (
    commands: AssessmentCommand | readonly AssessmentCommand[],
    ctx: AssessmentContext = context(),
  ): DeciderThen<AssessmentState, AssessmentEvent> =>
    spec.given(historyOf(state)).when({ commands: Array.isArray(commands) ? commands : [commands], context: ctx }),
});

/** The events the decider answers (a refusal is thrown): given(state).when(command, ctx).thenEvents(…) kept short. */
export const decided = (
  state: AssessmentState,
  commands: AssessmentCommand | readonly AssessmentCommand[],
  ctx: AssessmentContext = context(),
): AssessmentEvent[] =>
  given(state)
    .when(commands, ctx)
    .thenEvents(() => undefined);

export const ev = <T extends AssessmentEventType>(type: T, data: Omit<AssessmentEventDataMap[T], 'assessmentId'>): AssessmentEvent =>
  assessmentEvent(type, { assessmentId: ASSESSMENT_ID, ...data } as AssessmentEventDataMap[T]);

/** A freshly started assessment (status Incomplete) of the 12-year-old child. */
export function startedState(child: Partial<ChildInformationInput> = {}): AssessmentState {
  const events = decideStartAssessment(
    initialAssessmentState,
    { type: 'StartAssessment', assessmentId: ASSESSMENT_ID, child: childInput(child), agencyId: 'agency-1' },
    context(),
  );
  return fold(initialAssessmentState, events);
}

export function caregiver(caregiverId: string, firstName: string, overrides: Partial<Caregiver> = {}): Caregiver {
  return {
    caregiverId,
    firstName,
    lastName: 'Hale',
    relationship: { group: 'Parent/Guardian', role: 'Mother' },
    gender: 'F',
    phone: '5550102000',
    address: null,
    city: null,
    zip: null,
    county: null,
    cin: null,
    ...overrides,
  };
}

export function withCaregivers(state: AssessmentState, ...caregivers: Caregiver[]): AssessmentState {
  return fold(
    state,
    caregivers.map((c) => ev('CaregiverAdded', { caregiver: c })),
  );
}

export function rate(state: AssessmentState, ratings: Record<string, Rating>, caregiverId: string | null = null): AssessmentState {
  return fold(
    state,
    Object.entries(ratings).map(([questionCode, rating]) => ev('ItemRated', { questionCode, caregiverId, rating })),
  );
}

/** Rates every question visible now with `rating`, repeating until rules settle (ratings may open modules). */
export function rateEverything(state: AssessmentState, rating: Rating = '0'): AssessmentState {
  let current = state;
  for (let round = 0; round < 10; round++) {
    const open = visibleQuestionsOf(current, seedLibrary).filter((q) =>
      q.caregiverId === null ? current.childRatings[q.code] === undefined : current.caregiverRatings[q.caregiverId]?.[q.code] === undefined,
    );
    if (open.length === 0) return current;
    current = fold(
      current,
      open.map((q) => ev('ItemRated', { questionCode: q.code, caregiverId: q.caregiverId, rating })),
    );
  }
  throw new Error('ratings did not settle');
}

export const COMPLETE_NARRATIVE: Narrative = {
  impressions: 'Settled at school, anxious at contact.',
  needs: 'Anxiety around family contact.',
  targets: 'Reduce distress before contact.',
  outcomes: 'Calmer transitions within three months.',
  plan: 'Weekly sessions with the school counsellor.',
  recommendations: 'Review contact arrangements.',
};

/** An Incomplete assessment ready to complete: one caregiver with a relationship, everything rated, narrative written. */
export function completableState(): AssessmentState {
  let state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'));
  state = rateEverything(state, '0');
  return fold(state, [ev('NarrativeSaved', { narrative: COMPLETE_NARRATIVE })]);
}

/** Moves a state to a status through the real transition events. */
export function inStatus(state: AssessmentState, status: AssessmentState['status']): AssessmentState {
  const complete = ev('AssessmentCompleted', { completedBy: OWNER });
  switch (status) {
    case 'incomplete':
      return state;
    case 'pendingApproval':
      return fold(state, [complete]);
    case 'returned':
      return fold(state, [complete, ev('AssessmentReturned', { returnedBy: SUPERVISOR, reason: 'Please rate trauma again.' })]);
    case 'approved':
      return fold(state, [complete, ev('AssessmentApproved', { approvedBy: SUPERVISOR })]);
    case 'closed':
      return fold(state, [ev('AssessmentClosed', { closedBy: OWNER, reason: 'Family moved away.' })]);
    case 'deleted':
      return fold(state, [ev('AssessmentDeleted', { deletedBy: OWNER, previousStatus: 'i' })]);
  }
}
