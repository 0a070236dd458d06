/**
 * The people of the report wizard browser specs: a supervisor (who runs the reports) and the case worker they
 * supervise, created through the admin API, and an AssessmentWriter that writes approved assessments as the
 * command handlers do.
 */
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import type { TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';

export interface WizardOrg {
  supervisorId: string;
  workerId: string;
  /** The workers' group, under the supervisors' group. */
  workersGroupId: string;
  /** Creates one more user of the prefix (`${prefix}${name}`) in a group, with a supervisor. */
  addUser: (name: string, groupId: string, supervisorId: string) => Promise<string>;
  writer: AssessmentWriter;
  /** Writes an approved assessment of the worker for `cin` with these child ratings; answers its id. */
  approved: (cin: string, ratings: Record<string, Rating>, child?: Record<string, unknown>) => Promise<string>;
}

export async function createWizardOrg(t: TestApp, prefix: string): Promise<WizardOrg> {
  const admin = `Bearer ${t.adminToken()}`;
  const post = async (path: string, body: object) => {
    const answer = await t.http().post(path).set('Authorization', admin).send(body);
    if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  };
  const privileges = ['HOME_SHOW', 'Assessment_View', 'Report_Assessment'];
  const supervisors = await post('/api/user-groups', { name: `${prefix} Supervisors`, parentGroupId: '153', privileges });
  const workers = await post('/api/user-groups', { name: `${prefix} Workers`, parentGroupId: supervisors, privileges });
  const user = (name: string, groupId: string, supervisor: string) =>
    post('/api/users', {
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: 'Wizard',
      username: `${prefix}${name}`,
      email: `${prefix}${name}@example.test`,
      userGroupId: groupId,
      supervisorId: supervisor,
      externalId: `${prefix}${name}`,
    });
  const supervisorId = await user('supervisor', supervisors, '1');
  const workerId = await user('worker', workers, supervisorId);
  await t.settled();
  const writer = new AssessmentWriter(t, await loadTestLibrary(t));
  const approved = async (cin: string, ratings: Record<string, Rating>, child: Record<string, unknown> = {}) => {
    const id = await writer.start(workerId, { cin, ...child });
    await writer.rate(id, workerId, ratings);
    await writer.complete(id, workerId);
    await writer.approve(id, supervisorId);
    return id;
  };
  return { supervisorId, workerId, workersGroupId: workers, addUser: user, writer, approved };
}

/** The current library's names of a domain and its questions, as the report API lists them. */
export async function domainNames(t: TestApp, code: string): Promise<{ name: string; items: Record<string, string> }> {
  const response = await t.http().get('/api/reports/domains').set('Authorization', `Bearer ${t.adminToken()}`);
  const domain = (response.body as Array<{ code: string; name: string; questions: Array<{ code: string; name: string }> }>).find(
    (d) => d.code === code,
  );
  if (!domain) throw new Error(`no domain ${code}`);
  return { name: domain.name, items: Object.fromEntries(domain.questions.map((q) => [q.code, q.name])) };
}
