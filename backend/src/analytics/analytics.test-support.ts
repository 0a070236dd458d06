/**
 * Helpers of the analytics HTTP specs (not a spec file): an assessment taken through the whole workflow over the real
 * API (start, ratings, narrative, complete, approve), and an analyst's reads.
 */
import type { TestApp } from '../../test-support/test-app';
import { AssessmentsApi, childForm, Json, NARRATIVE, Sent } from '../assessments/assessments.test-support';

/**
 * Starts an assessment as the worker, rates every question it shows (the given ratings, 0 otherwise — a rating of
 * T_SUBSTANCE_USE 2 or 3 opens T_SEVERITY), writes the narrative, completes it and has the supervisor approve it.
 * Answers its id.
 */
export async function approvedThroughApi(
  worker: AssessmentsApi,
  supervisor: AssessmentsApi,
  child: Record<string, unknown>,
  ratings: Record<string, number | 'NA'>,
): Promise<string> {
  let view = await worker.start(childForm(child));
  const id: string = view.id;
  for (let round = 0; round < 5; round++) {
    const open = questionsOf(view.questionnaire).filter((question) => question.rating === null);
    if (open.length === 0) break;
    for (const question of open) expectOk(await worker.rate(id, question.code, ratings[question.code] ?? 0, question.caregiverId));
    view = (await worker.get(`/api/assessments/${id}`)).body;
  }
  view = expectOk(await worker.put(`/api/assessments/${id}/narrative`, { narrative: NARRATIVE, revision: view.revision })).body;
  view = expectOk(await worker.post(`/api/assessments/${id}/complete`, { revision: view.revision })).body;
  supervisor.waitFor(
    Number(expectOk(await supervisor.post(`/api/assessments/${id}/approve`, { revision: view.revision })).headers['x-event-position']),
  );
  return id;
}

function expectOk(sent: Sent): Sent {
  if (sent.status !== 200 && sent.status !== 201) throw new Error(`${sent.status} ${JSON.stringify(sent.body)}`);
  return sent;
}

function questionsOf(questionnaire: Json): Array<{ code: string; caregiverId: string | null; rating: unknown }> {
  const out: Array<{ code: string; caregiverId: string | null; rating: unknown }> = [];
  const walk = (container: Json, caregiverId: string | null) => {
    for (const question of container.questions) out.push({ code: question.code, caregiverId, rating: question.rating });
    for (const module of container.modules) walk(module, caregiverId);
  };
  for (const domain of questionnaire.domains) walk(domain, domain.caregiverId);
  return out;
}

/** An analyst (Report_Assessment only) reading once every projection holds every event written so far. */
export function analyst(t: TestApp) {
  const token = `Bearer ${t.tokenFor(['Report_Assessment'])}`;
  return async (path: string, query: Record<string, string> = {}) => {
    await t.caughtUp();
    return t.http().get(path).query(query).set('Authorization', token);
  };
}
