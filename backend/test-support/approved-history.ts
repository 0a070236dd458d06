/**
 * Test and bench support: many approved assessments written cheaply, straight into the event store as the domain
 * decides them (start through decideStartAssessment, a few ratings, completion, approval) — one append per
 * assessment, several writers at once. The projections then build the feed documents as in production.
 */
import { randomUUID } from 'node:crypto';
import { assessmentEvent, assessmentStreamId, decideStartAssessment, initialAssessmentState } from '@cans/domain/assessments';
import type { AssessmentEvent, QuestionnaireLibrary } from '@cans/domain/assessments';
import { childInput } from '@cans/domain/assessments/test-support/assessment-fixtures';
import { PRIVILEGES } from '@cans/domain/identity/privileges';
import type { EventStore } from '@cans/storage/event-store/event-store.port';

export interface ApprovedHistory {
  count: number;
  ownerId: string;
  /** yyyy-MM-dd of the i-th assessment. */
  dateOfAssessment: (i: number) => string;
  /** Concurrent appends (8 by default). */
  writers?: number;
  /** Child items rated on each assessment (ratings 0-3 in turn); SEXUAL_ABUSE by default. */
  ratedItems?: readonly string[];
  /** The rating of the i-th assessment's k-th rated item ((i + k) % 4 by default). */
  rating?: (i: number, k: number) => '0' | '1' | '2' | '3';
  /** The i-th assessment's child (PID-BULK-i by default): the same PID twice is one child assessed twice. */
  pid?: (i: number) => string;
  /** The i-th assessment's agency (none by default). */
  agencyId?: (i: number) => string | null;
}

/** Appends the approved assessments; answers the highest position written. */
export async function appendApprovedAssessments(
  eventStore: EventStore,
  library: QuestionnaireLibrary,
  history: ApprovedHistory,
): Promise<number> {
  const now = new Date().toISOString();
  let next = 0;
  let position = 0;
  await Promise.all(
    Array.from({ length: history.writers ?? 8 }, async () => {
      while (next < history.count) {
        const i = next++;
        const assessmentId = randomUUID();
        const events: AssessmentEvent[] = decideStartAssessment(
          initialAssessmentState,
          {
            type: 'StartAssessment',
            assessmentId,
            child: childInput({
              cin: history.pid?.(i) ?? `PID-BULK-${String(i).padStart(6, '0')}`,
              familyId: `FAM-BULK-${i}`,
              dateOfAssessment: history.dateOfAssessment(i),
            }),
            agencyId: history.agencyId?.(i) ?? null,
          },
          {
            actorId: history.ownerId,
            privileges: [...PRIVILEGES],
            rowAccess: { canView: true, canEdit: true, isOwnCase: true },
            now,
            library,
          },
        );
        events.push(
          ...(history.ratedItems ?? ['SEXUAL_ABUSE']).map((questionCode, k) =>
            assessmentEvent('ItemRated', {
              assessmentId,
              questionCode,
              caregiverId: null,
              rating: history.rating?.(i, k) ?? (String((i + k) % 4) as '0'),
            }),
          ),
          assessmentEvent('AssessmentCompleted', { assessmentId, completedBy: history.ownerId }),
          assessmentEvent('AssessmentApproved', { assessmentId, approvedBy: '1' }),
        );
        const metadata = { userId: history.ownerId, correlationId: randomUUID(), causationId: null, ip: '127.0.0.1' };
        const result = await eventStore.append(
          assessmentStreamId(assessmentId),
          events.map((event) => ({ type: event.type, data: event.data, schemaVersion: event.schemaVersion ?? 1, metadata })),
          'no_stream',
        );
        position = Math.max(position, result.position);
      }
    }),
  );
  return position;
}
