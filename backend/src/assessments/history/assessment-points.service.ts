import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, ReadStreamOptions, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { NotFoundError } from '@cans/domain/domain-errors';
import { AssessmentState, RULE_MESSAGES, assessmentStreamId, evolveAssessment, initialAssessmentState } from '@cans/domain/assessments';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { AssessmentContextService, LoadedAssessment } from '../commands/assessment-context.service';
import { AS_OF_MESSAGES, AsOfPoint, refuse } from './as-of-point';

/** Where an as-of answer stands: the last event folded, when (the moment asked for, or that event's time), the library. */
export interface AsOfMark {
  revision: number;
  at: string;
  libraryVersion: string | null;
}

/** An assessment as it stood at a point, with its events up to there. */
export interface AssessmentAtPoint {
  readonly state: AssessmentState;
  readonly mark: AsOfMark;
  readonly events: readonly RecordedEvent[];
}

export function foldAssessment(events: readonly RecordedEvent[], state: AssessmentState = initialAssessmentState): AssessmentState {
  let folded = state;
  for (const event of events) folded = evolveAssessment(folded, event);
  return folded;
}

export function markOf(state: AssessmentState, events: readonly RecordedEvent[], at?: string): AsOfMark {
  const last = events[events.length - 1];
  return { revision: last?.revision ?? -1, at: at ?? last?.recordedAt ?? '', libraryVersion: state.libraryVersion?.version ?? null };
}

/**
 * Reads an assessment as it stood at a past point, for whoever may view it now: the same 404 as the editor (missing,
 * deleted, or not visible to the reader), then the events up to the point read with the store's own bounds
 * (toRevision / until) and folded. A point past the last revision or before the creation is a 400 on its field.
 */
@Injectable()
export class AssessmentPointsService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly contexts: AssessmentContextService,
    private readonly access: AssessmentAccessService,
  ) {}

  /** The current assessment if the reader may view it (404 otherwise, as GET /assessments/{id}). */
  async visible(principal: AssessmentPrincipal, assessmentId: string): Promise<LoadedAssessment & { revision: number }> {
    const loaded = await this.contexts.load(assessmentId);
    await this.assertVisible(principal, loaded.state);
    return { ...loaded, revision: loaded.revision === 'no_stream' ? -1 : loaded.revision };
  }

  async assertVisible(principal: AssessmentPrincipal, state: AssessmentState): Promise<void> {
    if (!state.exists || state.status === 'deleted') throw new NotFoundError(RULE_MESSAGES.notFound);
    const { rowAccess } = await this.access.forState(principal, state);
    if (!rowAccess.canView) throw new NotFoundError(RULE_MESSAGES.notFound);
  }

  /** A revision of the stream, or a field error naming the last one. */
  checkRevision(revision: number, lastRevision: number, field = 'revision'): void {
    if (revision > lastRevision) refuse({ [field]: [AS_OF_MESSAGES.revisionPast(lastRevision)] });
  }

  /** The assessment at the point; `lastRevision` is the current one (from visible()). */
  async at(assessmentId: string, point: AsOfPoint, lastRevision: number): Promise<AssessmentAtPoint> {
    let options: ReadStreamOptions;
    if ('revision' in point) {
      this.checkRevision(point.revision, lastRevision);
      options = { toRevision: point.revision };
    } else {
      options = { until: point.at };
    }
    const events = await this.eventStore.readStream(assessmentStreamId(assessmentId), options);
    const state = foldAssessment(events);
    if (!state.exists) refuse('at' in point ? { at: [AS_OF_MESSAGES.atBeforeCreation] } : { revision: [AS_OF_MESSAGES.atBeforeCreation] });
    return { state, events, mark: markOf(state, events, 'at' in point ? point.at : undefined) };
  }

  /** Every event of the stream up to a revision (all when undefined). */
  readUpTo(assessmentId: string, toRevision?: number): Promise<RecordedEvent[]> {
    return this.eventStore.readStream(assessmentStreamId(assessmentId), toRevision === undefined ? undefined : { toRevision });
  }
}
