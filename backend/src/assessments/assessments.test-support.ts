/**
 * Helpers of the assessments HTTP tests (not a spec file): a small library seeded through the real library
 * commands, a small organisation built through the real user API, and a client that sends X-Wait-For-Position.
 */
import { CommandBus } from '@nestjs/cqrs';
import type { Privilege } from '@cans/domain/identity/privileges';
import type { Domain, Instrument, Item, Module, Question, QuestionRule } from '@cans/domain/library/instrument/instrument.types';
import { seedLibrary } from '../library/library-seed';
import { systemActor } from '../platform/commands/actor';
import type { TestApp } from '../../test-support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

const ANSWERS = { '0': 'No evidence.', '1': 'Watch.', '2': 'Act.', '3': 'Act now.', NA: 'Not applicable.' };
const base = { description: '<p>Described.</p>', visible: true } as const;

const question = (code: string, name: string, order: number, caregiverItem = false, extra: Partial<Question> = {}): Question => ({
  ...base,
  kind: 'question',
  code,
  name,
  caregiverItem,
  order,
  answers: ANSWERS,
  ...extra,
});

const substanceModule: Module = {
  ...base,
  kind: 'module',
  code: 'T_SUBSTANCE_MODULE',
  name: 'Substance Use Module',
  caregiverItem: false,
  order: 1,
  triggeredOnly: true,
  items: [question('T_SEVERITY', 'Severity of Use', 1)],
  modules: [],
};

const childDomain: Domain = {
  ...base,
  kind: 'domain',
  code: 'T_CHILD_NEEDS',
  name: 'Child Needs',
  caregiverItem: false,
  order: 1,
  ratingMeaning: 'need',
  actionableRatings: ['2', '3'],
  items: [
    question('T_SUBSTANCE_USE', 'Substance Use', 1),
    question('T_SLEEP', 'Sleep', 2),
    // Outside the 12-year-old child's age: never shown.
    question('T_EARLY_DEVELOPMENT', 'Early Development', 3, false, { ageMin: 0, ageMax: 5 }),
  ] as Item[],
  modules: [substanceModule],
};

const caregiverDomain: Domain = {
  ...base,
  kind: 'domain',
  code: 'T_CAREGIVER_NEEDS',
  name: 'Caregiver Resources and Needs',
  caregiverItem: true,
  order: 2,
  ratingMeaning: 'need',
  actionableRatings: ['2', '3'],
  items: [question('T_SUPERVISION', 'Supervision', 1, true), question('T_KNOWLEDGE', 'Knowledge', 2, true)],
  modules: [],
};

export const TEST_INSTRUMENT: Instrument = {
  code: 'CANS_COMPREHENSIVE',
  name: 'CANS',
  version: '1',
  domains: [childDomain, caregiverDomain],
};

export const TEST_RULES: QuestionRule[] = [
  {
    code: 'T_OPEN_SUBSTANCE_MODULE',
    name: 'Open the Substance Use Module',
    description: 'Substance use rated 2 or 3 opens the module.',
    trigger: { domainCode: 'T_CHILD_NEEDS', questionCode: 'T_SUBSTANCE_USE' },
    answers: ['2', '3'],
    action: 'show',
    target: { moduleCode: 'T_SUBSTANCE_MODULE' },
  },
];

export async function seedTestLibrary(t: TestApp): Promise<void> {
  await seedLibrary(t.app.get(CommandBus), systemActor(), TEST_INSTRUMENT, TEST_RULES);
}

/** A valid child form (12 years old at the date of assessment). */
export function childForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cin: 'PID-0001',
    familyId: null,
    firstName: 'Robin',
    lastName: 'Hale',
    gender: 'F',
    raceEthnicity: 'White British',
    primaryLanguage: 'English',
    medicaidNumber: '123456789',
    age: 12,
    dateOfBirth: '2012-03-15',
    dateOfAssessment: '2024-05-01',
    caseOpeningDate: '2023-11-20',
    assessmentType: '62',
    lookedAfterChild: 'N',
    involvement: 'Looking to transition home',
    ...overrides,
  };
}

export const caregiverForm = (firstName: string, overrides: Record<string, unknown> = {}) => ({
  firstName,
  lastName: 'Hale',
  relationship: { group: 'Parent/Guardian', role: 'Mother' },
  phone: '5550102000',
  ...overrides,
});

export const NARRATIVE = {
  impressions: 'Settled at school, anxious at contact.',
  needs: 'Anxiety around family contact.',
  targets: 'Reduce distress before contact.',
  outcomes: 'Calmer transitions within three months.',
  plan: 'Weekly sessions with the school counsellor.',
  recommendations: 'Review contact arrangements.',
};

export const WORKER_PRIVILEGES: Privilege[] = [
  'HOME_SHOW',
  'Assessment_View',
  'Assessment_New',
  'Assessment_Edit',
  'Assessment_Delete',
  'Assessment_Close',
];
export const SUPERVISOR_PRIVILEGES: Privilege[] = [
  ...WORKER_PRIVILEGES,
  'Assessment_Return',
  'Approve_Assessment',
  'Assessment_Report_Inclusion',
];

export interface Sent {
  status: number;
  body: Json;
  headers: Record<string, string>;
}

/** One signed-in user's client: remembers the highest X-Event-Position and waits for it on reads. */
export class AssessmentsApi {
  private position = 0;
  constructor(
    private readonly t: TestApp,
    readonly token: string,
    readonly userId: string,
  ) {}

  private remember(response: { status: number; body: unknown; headers: Record<string, string> }): Sent {
    const position = Number(response.headers['x-event-position'] ?? 0);
    if (position > this.position) this.position = position;
    return { status: response.status, body: response.body, headers: response.headers };
  }

  waitFor(position: number): void {
    if (position > this.position) this.position = position;
  }

  async get(path: string, query: Record<string, string> = {}): Promise<Sent> {
    return this.remember(
      await this.t.http().get(path).query(query).set('Authorization', this.token).set('X-Wait-For-Position', String(this.position)),
    );
  }
  async post(path: string, body: unknown = {}): Promise<Sent> {
    return this.remember(
      await this.t
        .http()
        .post(path)
        .set('Authorization', this.token)
        .send(body as object),
    );
  }
  async put(path: string, body: unknown = {}): Promise<Sent> {
    return this.remember(
      await this.t
        .http()
        .put(path)
        .set('Authorization', this.token)
        .send(body as object),
    );
  }
  async delete(path: string, body: unknown = {}): Promise<Sent> {
    return this.remember(
      await this.t
        .http()
        .delete(path)
        .set('Authorization', this.token)
        .send(body as object),
    );
  }

  async list(
    filter: Record<string, unknown> = {},
    sort: [string, 'ASC' | 'DESC'] = ['lud', 'DESC'],
    range: [number, number] = [0, 19],
  ): Promise<Sent> {
    return this.get('/api/assessments', { filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: JSON.stringify(range) });
  }

  /** Starts an assessment and expects 201. */
  async start(child: Record<string, unknown> = childForm()): Promise<Json> {
    const sent = await this.post('/api/assessments', { child });
    if (sent.status !== 201) throw new Error(`start → ${sent.status} ${JSON.stringify(sent.body)}`);
    return sent.body;
  }

  async rate(id: string, questionCode: string, rating: unknown, caregiverId: string | null = null): Promise<Sent> {
    return this.put(`/api/assessments/${id}/ratings`, { questionCode, caregiverId, rating });
  }
}

/** Creates a user group and users through the admin API; returns their ids. */
export async function createOrganisation(t: TestApp): Promise<{ supervisor: string; worker: string; sibling: string; outsider: string }> {
  const admin = `Bearer ${t.adminToken()}`;
  const post = async (path: string, body: object) => {
    const answer = await t.http().post(path).set('Authorization', admin).send(body);
    if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  };
  const supervisors = await post('/api/user-groups', { name: 'T Supervisors', parentGroupId: '153', privileges: SUPERVISOR_PRIVILEGES });
  const workers = await post('/api/user-groups', { name: 'T Workers', parentGroupId: supervisors, privileges: WORKER_PRIVILEGES });
  const user = (name: string, groupId: string, supervisorId: string) =>
    post('/api/users', {
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: 'Tester',
      username: name,
      email: `${name}@example.test`,
      userGroupId: groupId,
      supervisorId,
      externalId: name,
    });
  const supervisor = await user('supervisor', supervisors, '1');
  const worker = await user('worker', workers, supervisor);
  const sibling = await user('sibling', workers, supervisor);
  const outsider = await user('outsider', workers, '1');
  return { supervisor, worker, sibling, outsider };
}
