/**
 * Helpers of the history specs (not a spec file): one assessment driven through the real HTTP commands by a case
 * worker and their supervisor — rated, re-rated, the child's date of birth changed, completed, returned with a
 * reason, re-rated, completed again and approved — and the revisions its steps ended at.
 */
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import type { TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, Json, NARRATIVE, Sent, childForm } from '../assessments.test-support';

export const RETURN_REASON = 'Please re-rate Sleep.';

export interface DrivenAssessment {
  id: string;
  /** The revision each step's answer ended at. */
  revisions: {
    started: number;
    rated: number;
    childChanged: number;
    completed: number;
    returned: number;
    reRated: number;
    approved: number;
  };
}

function ok(sent: Sent, step: string): Json {
  if (sent.status !== 200 && sent.status !== 201) throw new Error(`${step} → ${sent.status} ${JSON.stringify(sent.body)}`);
  return sent.body;
}

export async function driveReturnedAndApproved(worker: AssessmentsApi, supervisor: AssessmentsApi, cin: string): Promise<DrivenAssessment> {
  const started = await worker.start(childForm({ cin }));
  const id: string = started.id;
  const path = `/api/assessments/${id}`;
  ok(await worker.rate(id, 'T_SUBSTANCE_USE', 0), 'rate substance use');
  ok(await worker.rate(id, 'T_SLEEP', 1), 'rate sleep');
  const rated = ok(await worker.rate(id, 'T_SLEEP', 2), 're-rate sleep');
  ok(await worker.put(`${path}/narrative`, { narrative: NARRATIVE }), 'narrative');
  const childChanged = ok(await worker.put(`${path}/child-information`, { child: childForm({ cin, dateOfBirth: '2012-03-16' }) }), 'child');
  const completed = ok(await worker.post(`${path}/complete`, {}), 'complete');
  const returned = ok(await supervisor.post(`${path}/return`, { reason: RETURN_REASON }), 'return');
  const reRated = ok(await worker.rate(id, 'T_SLEEP', 3), 're-rate after the return');
  ok(await worker.post(`${path}/complete`, {}), 'complete again');
  const approved = ok(await supervisor.post(`${path}/approve`, {}), 'approve');
  return {
    id,
    revisions: {
      started: started.revision,
      rated: rated.revision,
      childChanged: childChanged.revision,
      completed: completed.revision,
      returned: returned.revision,
      reRated: reRated.revision,
      approved: approved.revision,
    },
  };
}

/** Appends every queued read and waits until the read models hold them (reads are batched, not written at once). */
export async function readsRecorded(t: TestApp): Promise<void> {
  await t.app.get(RecordReadsService).flush();
  await t.caughtUp();
}

/** Every entry of a history answer, in order. */
export const entriesOf = (history: Json): Json[] => history.sessions.flatMap((session: Json) => session.entries);
