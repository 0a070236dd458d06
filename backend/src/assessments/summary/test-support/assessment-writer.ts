/**
 * Test support for the read-side HTTP specs (summary, print, PDFs, answer statistics, home counts): a small real
 * library loaded through the library commands, and assessments written as the domain decides them — the start
 * through decideStartAssessment, later facts as the events the command handlers append — into the real event
 * store, so the projections and the stream folds under test see exactly what production writes.
 */
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../../test-support/test-app';
import { PRIVILEGES } from '@cans/domain/identity/privileges';
import type { Instrument, Rating } from '@cans/domain/library/instrument/instrument.types';
import { seedInstrument, seedRules } from '@cans/domain/library/instrument/seed-instrument';
import { seedLibrary } from '../../../library/library-seed';
import { LibraryStateService } from '../../../library/library-stream/library-state.service';
import { systemActor } from '../../../platform/commands/actor';
import { EVENT_STORE } from '../../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { ProjectionRunnerService } from '../../../platform/projections/projection-runner.service';
import {
  AssessmentEvent,
  AssessmentEventDataMap,
  AssessmentEventType,
  Caregiver,
  ChildInformationInput,
  QuestionnaireLibrary,
  assessmentEvent,
  assessmentStreamId,
  decideStartAssessment,
  initialAssessmentState,
} from '@cans/domain/assessments';
import { childInput as domainChildInput } from '@cans/domain/assessments/test-support/assessment-fixtures';
import type { Narrative } from '@cans/domain/assessments/assessment.values';

/** Three domains of the seed instrument: a strength domain, a need domain with rule-opened modules, a caregiver domain. */
export const TEST_DOMAIN_CODES = ['CHILD_STRENGTHS', 'TRAUMA', 'CAREGIVER_RESOURCES_NEEDS'];

export const testInstrument: Instrument = {
  ...seedInstrument,
  domains: seedInstrument.domains.filter((d) => TEST_DOMAIN_CODES.includes(d.code)),
};
export const testRules = seedRules.filter((r) => TEST_DOMAIN_CODES.includes(r.trigger.domainCode));

/** Loads the small library once per app; answers the current library version. */
export async function loadTestLibrary(t: TestApp): Promise<QuestionnaireLibrary & { version: number }> {
  await seedLibrary(t.app.get(CommandBus), systemActor(), testInstrument, testRules);
  const current = await t.app.get(LibraryStateService).currentInstrument();
  return { instrument: current.instrument, rules: current.rules, version: current.version };
}

/** The domain fixtures' valid child, under a PID and family of its own (read-side specs share an app with others). */
export function childInput(overrides: Partial<ChildInformationInput> = {}): ChildInformationInput {
  return domainChildInput({ cin: 'PID-7001', familyId: 'FAM-7', ...overrides });
}

export function testCaregiver(caregiverId: string, firstName: string): Caregiver {
  return {
    caregiverId,
    firstName,
    lastName: 'Hale',
    relationship: { group: 'Parent/Guardian', role: 'Mother' },
    gender: 'F',
    phone: '5550102000',
    address: '1 Mill Lane',
    city: 'Leeds',
    zip: null,
    county: null,
    cin: null,
  };
}

/** Writes one assessment's events as the command handlers would, and waits for the projections. */
export class AssessmentWriter {
  private readonly eventStore: EventStore;
  private readonly projections: ProjectionRunnerService;
  /** Highest position written, for X-Wait-For-Position. */
  position = 0;

  constructor(
    private readonly t: TestApp,
    private readonly library: QuestionnaireLibrary,
  ) {
    this.eventStore = t.app.get<EventStore>(EVENT_STORE);
    this.projections = t.app.get(ProjectionRunnerService);
  }

  private async append(assessmentId: string, userId: string, events: AssessmentEvent[]): Promise<void> {
    const metadata = { ...systemActor(), userId, causationId: null };
    const stored = events.map((event) => ({ type: event.type, data: event.data, schemaVersion: event.schemaVersion ?? 1, metadata }));
    const result = await this.eventStore.append(assessmentStreamId(assessmentId), stored, 'any');
    this.position = Math.max(this.position, result.position);
    if (!(await this.projections.waitForPosition(result.position, 10_000))) throw new Error('projections did not catch up');
  }

  private event<T extends AssessmentEventType>(
    type: T,
    assessmentId: string,
    data: Omit<AssessmentEventDataMap[T], 'assessmentId'>,
  ): AssessmentEvent {
    return assessmentEvent(type, { assessmentId, ...data } as AssessmentEventDataMap[T]);
  }

  async start(ownerId: string, child: Partial<ChildInformationInput> = {}, agencyId: string | null = null): Promise<string> {
    const assessmentId = randomUUID();
    const events = decideStartAssessment(
      initialAssessmentState,
      { type: 'StartAssessment', assessmentId, child: childInput(child), agencyId },
      {
        actorId: ownerId,
        privileges: [...PRIVILEGES],
        rowAccess: { canView: true, canEdit: true, isOwnCase: true },
        now: new Date().toISOString(),
        library: this.library,
      },
    );
    await this.append(assessmentId, ownerId, events);
    return assessmentId;
  }

  async addCaregiver(assessmentId: string, userId: string, caregiver: Caregiver): Promise<void> {
    await this.append(assessmentId, userId, [this.event('CaregiverAdded', assessmentId, { caregiver })]);
  }

  async rate(assessmentId: string, userId: string, ratings: Record<string, Rating>, caregiverId: string | null = null): Promise<void> {
    await this.append(
      assessmentId,
      userId,
      Object.entries(ratings).map(([questionCode, rating]) => this.event('ItemRated', assessmentId, { questionCode, caregiverId, rating })),
    );
  }

  async comment(assessmentId: string, userId: string, questionCode: string, content: string): Promise<void> {
    await this.append(assessmentId, userId, [
      this.event('QuestionCommentSaved', assessmentId, {
        commentId: randomUUID(),
        questionCode,
        caregiverId: null,
        content,
        authorId: userId,
      }),
    ]);
  }

  async narrative(assessmentId: string, userId: string, narrative: Narrative): Promise<void> {
    await this.append(assessmentId, userId, [this.event('NarrativeSaved', assessmentId, { narrative })]);
  }

  async complete(assessmentId: string, userId: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentCompleted', assessmentId, { completedBy: userId })]);
  }

  async approve(assessmentId: string, userId: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentApproved', assessmentId, { approvedBy: userId })]);
  }

  async returnWith(assessmentId: string, userId: string, reason: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentReturned', assessmentId, { returnedBy: userId, reason })]);
  }

  async exclude(assessmentId: string, userId: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentExcludedFromReports', assessmentId, {})]);
  }

  async include(assessmentId: string, userId: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentIncludedInReports', assessmentId, {})]);
  }

  async delete(assessmentId: string, userId: string, previousStatus: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentDeleted', assessmentId, { deletedBy: userId, previousStatus })]);
  }

  async share(assessmentId: string, userId: string, userIds: string[]): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentSharedWithUsers', assessmentId, { userIds })]);
  }

  async close(assessmentId: string, userId: string, reason: string): Promise<void> {
    await this.append(assessmentId, userId, [this.event('AssessmentClosed', assessmentId, { closedBy: userId, reason })]);
  }
}
