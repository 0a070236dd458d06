/**
 * Rating saves over HTTP: a save answers what it changed (the item, its domain's progress, triggered items; the whole
 * questionnaire only when a rule opened or closed items), and a burst of concurrent saves on one assessment is never
 * refused — they merge — with every rating stored.
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, caregiverForm, childForm, createOrganisation, Json, seedTestLibrary } from '../assessments.test-support';

const backends = httpTestBackends();

describe.each(backends)('Rating saves over HTTP (%s)', (backend) => {
  let t: TestApp;
  let worker: AssessmentsApi;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
  });
  afterAll(() => t?.close());

  it('answers what the save changed, and the whole questionnaire only when the shown items changed', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-DELTA' }));

    const sleep = await worker.rate(id, 'T_SLEEP', 1);
    expect(sleep.status).toBe(200);
    expect(Number(sleep.headers['x-event-position'])).toBe(sleep.body.position);
    expect(sleep.body).toEqual({
      revision: sleep.body.revision,
      position: sleep.body.position,
      item: { questionCode: 'T_SLEEP', caregiverId: null, rating: 1 },
      domain: {
        code: 'T_CHILD_NEEDS',
        caregiverId: null,
        status: 'incomplete',
        statusCode: 1,
        percentComplete: 50,
        label: '50% Completed',
        colour: '#E6A23C',
        answered: 1,
        total: 2,
      },
      progress: 50,
      allDomainsComplete: false,
      triggered: { modules: [], questions: [] },
      newlyTriggered: { modules: [], questions: [] },
      untriggered: { modules: [], questions: [] },
      questionnaire: null,
    });

    // Rating 2 fires the show-rule: the module opens, so the whole questionnaire comes along with the new question.
    const opened = (await worker.rate(id, 'T_SUBSTANCE_USE', 2)).body;
    expect(opened.newlyTriggered).toEqual({ modules: ['T_SUBSTANCE_MODULE'], questions: [] });
    expect(opened.domain).toMatchObject({ answered: 2, total: 3, percentComplete: 67 });
    expect(opened.questionnaire.domains[0].modules.map((m: Json) => [m.code, m.triggered, m.questions.map((q: Json) => q.code)])).toEqual([
      ['T_SUBSTANCE_MODULE', true, ['T_SEVERITY']],
    ]);
    // 3 fires the same rule: nothing opens or closes.
    const still = (await worker.rate(id, 'T_SUBSTANCE_USE', 3)).body;
    expect(still).toMatchObject({ questionnaire: null, triggered: { modules: ['T_SUBSTANCE_MODULE'], questions: [] } });
    expect(still.newlyTriggered).toEqual({ modules: [], questions: [] });
    // Clearing it closes the module again.
    const cleared = (await worker.rate(id, 'T_SUBSTANCE_USE', null)).body;
    expect(cleared.item).toEqual({ questionCode: 'T_SUBSTANCE_USE', caregiverId: null, rating: null });
    expect(cleared.untriggered).toEqual({ modules: ['T_SUBSTANCE_MODULE'], questions: [] });
    expect(cleared.questionnaire.domains[0].modules).toEqual([]);
    expect(cleared.domain).toMatchObject({ answered: 1, total: 2 });

    // What the answers said is what the editor view shows.
    const view = (await worker.get(`/api/assessments/${id}`)).body;
    expect(view.questionnaire.domains[0]).toMatchObject({ status: 'incomplete', percentComplete: 50, answered: 1, total: 2 });
    expect(view.questionnaire.progress).toBe(cleared.progress);
  });

  it('stores every one of 60 rating saves sent at once to one assessment, refusing none', async () => {
    const started = await worker.start(childForm({ cin: 'PID-BURST' }));
    const { id } = started;
    let revision = started.revision;
    const caregivers: string[] = [];
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan', 'Eve']) {
      const view = (await worker.post(`/api/assessments/${id}/caregivers`, { caregiver: caregiverForm(name), revision })).body;
      revision = view.revision;
      caregivers.push(view.caregivers[view.caregivers.length - 1].caregiverId);
    }
    // 10 distinct caregiver items and the child's two, each saved five times with five different ratings: whatever
    // order they land in, every save changes the item, so each one appends an event.
    const items = [
      ...caregivers.flatMap((cg) => [
        { code: 'T_SUPERVISION', cg },
        { code: 'T_KNOWLEDGE', cg },
      ]),
      { code: 'T_SLEEP', cg: null },
      { code: 'T_SUBSTANCE_USE', cg: null },
    ];
    const ratings = [0, 1, 'NA', 3, 2];
    const saves = Array.from({ length: 60 }, (_, i) => ({ ...items[i % items.length], rating: ratings[Math.floor(i / items.length)] }));
    const answers = await Promise.all(saves.map((save) => worker.rate(id, save.code, save.rating, save.cg)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    expect(answers.map((answer) => answer.body.item.rating)).toEqual(saves.map((save) => save.rating));
    expect(new Set(answers.map((answer) => answer.body.revision)).size).toBe(60);

    const view = (await worker.get(`/api/assessments/${id}`)).body;
    expect(view.revision).toBe(revision + 60);
    // Each item holds the rating of its save that was recorded last (the highest revision).
    const lastRecorded = new Map<string, unknown>();
    saves
      .map((save, i) => ({ key: `${save.code}|${save.cg}`, rating: save.rating, revision: answers[i].body.revision as number }))
      .sort((a, b) => a.revision - b.revision)
      .forEach((save) => lastRecorded.set(save.key, save.rating));
    expect(view.childRatings).toEqual({
      T_SLEEP: lastRecorded.get('T_SLEEP|null'),
      T_SUBSTANCE_USE: lastRecorded.get('T_SUBSTANCE_USE|null'),
    });
    for (const cg of caregivers) {
      expect(view.caregiverRatings[cg]).toEqual({
        T_SUPERVISION: lastRecorded.get(`T_SUPERVISION|${cg}`),
        T_KNOWLEDGE: lastRecorded.get(`T_KNOWLEDGE|${cg}`),
      });
    }
  });
});
