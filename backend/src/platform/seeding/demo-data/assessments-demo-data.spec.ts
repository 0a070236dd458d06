import { CommandBus } from '@nestjs/cqrs';
import { EVENT_STORE } from '../../storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../../test-support/test-app';
import { seedDemoData } from './demo-data';
import { demoAssessmentId, seedAssessmentsDemoData } from './assessments-demo-data';
import { DEMO_USER_IDS } from './identity-demo-data';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('Demo assessments: a dozen cases in every state, through the real commands', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ config: { seedDemoData: true } });
    await seedDemoData(t.app.get(CommandBus));
  }, 180_000);
  afterAll(() => t?.close());

  it("shows the supervisor's team its cases in every list state, one overdue and one to follow up", async () => {
    const supervisor = `Bearer ${t.tokenForUser(DEMO_USER_IDS.supervisor)}`;
    await t.settled();
    const head = await t.app.get<EventStore>(EVENT_STORE).headPosition();
    const list = await t
      .http()
      .get('/api/assessments')
      .query({ range: '[0,49]' })
      .set('Authorization', supervisor)
      .set('X-Wait-For-Position', String(head));
    expect(list.headers['x-read-model-stale']).toBeUndefined();
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(12);
    expect(new Set(list.body.map((r: Json) => r.agencyName))).toEqual(new Set(['Northside']));
    const count = (code: string) => list.body.filter((r: Json) => r.statusCode === code).length;
    expect({ i: count('i'), r: count('r'), c: count('c'), a: count('a'), e: count('e') }).toEqual({ i: 4, r: 1, c: 2, a: 4, e: 1 });
    const overdue = await t
      .http()
      .get('/api/assessments')
      .query({ filter: JSON.stringify({ view: 'overdue' }) })
      .set('Authorization', supervisor);
    expect(overdue.body.map((r: Json) => r.cin)).toEqual(['PID-1001']);
    const followUp = await t
      .http()
      .get('/api/assessments')
      .query({ filter: JSON.stringify({ view: 'followUp' }) })
      .set('Authorization', supervisor);
    expect(followUp.body.map((r: Json) => r.cin)).toEqual(['PID-1002']);

    const returned = await t
      .http()
      .get(`/api/assessments/${demoAssessmentId('emma-returned')}`)
      .set('Authorization', supervisor);
    expect(returned.body.reasons[0]).toMatchObject({ kind: 'return', byName: 'Sofia Martinez' });
    const approved = await t
      .http()
      .get(`/api/assessments/${demoAssessmentId('ava-2025')}`)
      .set('Authorization', supervisor);
    expect(approved.body).toMatchObject({ statusCode: 'a', questionnaire: { progress: 100 } });
    const sibling = await t
      .http()
      .get(`/api/assessments/${demoAssessmentId('grace-sibling')}`)
      .set('Authorization', supervisor);
    expect(sibling.body.caregivers.map((c: Json) => c.firstName)).toEqual(['Sarah', 'James']);
  });

  it('skips every case on a second run', async () => {
    const report = { created: 0, skipped: 0 };
    await seedAssessmentsDemoData(t.app.get(CommandBus), report);
    expect(report).toEqual({ created: 0, skipped: 12 });
  });
});
