/**
 * Test set-up for the browser tutorial's projection (SUICIDE_RISK from 3 to 0): approved assessments of the given
 * children (PIDs) all rating SUICIDE_RISK the same, appended straight into the log as the domain decides them
 * (approved-history.ts), optionally recorded at a past moment.
 */
import type { QuestionnaireLibrary } from '@cans/domain/assessments';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { backdateEvents } from '@cans/storage/test-support/backdate-events';
import { appendApprovedAssessments } from '../../../test-support/approved-history';

export async function appendSuicideRiskApprovals(
  events: EventStore,
  library: QuestionnaireLibrary,
  approvals: { pids: string[]; agencyOf: (pid: string) => string | null; rating: '0' | '3'; recordedAt?: string },
): Promise<void> {
  const before = await events.headPosition();
  await appendApprovedAssessments(events, library, {
    count: approvals.pids.length,
    ownerId: '1',
    dateOfAssessment: () => '2025-02-01',
    ratedItems: ['SUICIDE_RISK'],
    writers: 2,
    pid: (i) => approvals.pids[i],
    agencyId: (i) => approvals.agencyOf(approvals.pids[i]),
    rating: () => approvals.rating,
  });
  if (approvals.recordedAt) await backdateEvents(events, { after: before, upTo: await events.headPosition() }, approvals.recordedAt);
}
