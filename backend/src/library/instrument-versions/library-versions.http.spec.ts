import { CommandBus } from '@nestjs/cqrs';
import { seedDemoData } from '../../platform/seeding/demo-data/demo-data';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { indexInstrument } from '@cans/domain/library/instrument/instrument-tree';
import { seedInstrument, seedRules } from '@cans/domain/library/instrument/seed-instrument';
import { withoutIds } from '@cans/domain/library/library-instrument';
import { LibraryStateService } from '../library-stream/library-state.service';
import { seedItemId } from '../library-seed';
import { ANSWERS, findInTree, Json, LibraryApi } from '../library.test-support';

const backends = httpTestBackends();

describe.each(backends)('Library versions, evaluation and the seeded instrument over HTTP (%s)', (backend) => {
  let t: TestApp;
  let api: LibraryApi;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    api = new LibraryApi(t, `Bearer ${await t.adminToken()}`);
  });
  afterAll(() => t?.close());

  it('starts empty at version 0', async () => {
    const current = await api.get('/api/library/versions/current');
    expect(current.body).toEqual({ version: 0, instrument: expect.objectContaining({ domains: [] }), rules: [] });
    expect((await api.tree()).domains).toEqual([]);
    expect((await api.get('/api/library/versions/1')).status).toBe(404);
  });

  it('loads the seed instrument through the commands on a fresh start, idempotently', async () => {
    const first = await seedDemoData(t.app.get(CommandBus));
    api.waitFor((await t.app.get(LibraryStateService).current()).position);
    const seededRecords = indexInstrument(seedInstrument).nodes.length + seedRules.length;
    expect(first.created).toBeGreaterThanOrEqual(seededRecords);

    const current = await api.get('/api/library/versions/current');
    expect(current.body.version).toBe(seededRecords);
    // Rebuilt from the events, the instrument is exactly the seed (codes, names, orders, ages, answers, gating, rules).
    const plain = withoutIds(current.body);
    expect(plain.instrument.domains).toEqual(seedInstrument.domains);
    expect(plain.rules).toEqual([...seedRules].sort((a, b) => a.code.localeCompare(b.code)));
    expect(indexInstrument(plain.instrument).questions).toHaveLength(114);

    const tree = await api.tree();
    expect(tree.version).toBe(seededRecords);
    expect(tree.domains.map((d: Json) => d.code)).toEqual(seedInstrument.domains.map((d) => d.code));
    expect(findInTree(tree, 'SUBSTANCE_USE')).toMatchObject({ id: seedItemId('SUBSTANCE_USE'), typeCode: 3, visibilityState: 'visible' });
    expect(findInTree(tree, 'CAREGIVER_RESOURCES_NEEDS')).toMatchObject({ caregiverItem: true });
    const rules = await api.get('/api/question-rules', { range: '[0,49]' });
    expect(rules.headers['content-range']).toBe(`question-rules 0-9/10`);

    const second = await seedDemoData(t.app.get(CommandBus));
    expect(second.created).toBe(0);
    expect((await api.get('/api/library/versions/current')).body.version).toBe(seededRecords);

    // The seeded rules drive the evaluation: substance use rated 2 opens the substance use module.
    const evaluation = await api.evaluate({ answers: { SUBSTANCE_USE: '2' }, childAgeYears: 14, caregiverCount: 1 });
    expect(evaluation.status).toBe(200);
    expect(evaluation.body.triggeredModules.map((m: Json) => m.code)).toEqual(['SUBSTANCE_USE_MODULE']);
    expect(evaluation.body.visibleQuestions.filter((q: Json) => q.caregiverIndex === 0).length).toBeGreaterThan(0);
    const quiet = await api.evaluate({ answers: { SUBSTANCE_USE: '0' }, childAgeYears: 14, caregiverCount: 1 });
    expect(quiet.body.triggeredModules).toEqual([]);
  });

  it('keeps rendering an old version after the library changed', async () => {
    const before = (await api.get('/api/library/versions/current')).body;
    const sleep = await api.item(seedItemId('SLEEP'));
    const renamed = await api.put(`/api/library/items/${sleep.id}`, { ...sleep, name: 'SLEEP AND REST' });
    expect(renamed.status).toBe(200);
    const added = await api.add({ type: 'question', domainId: seedItemId('LIFE_FUNCTIONING'), name: 'SCREEN TIME', answers: ANSWERS });
    const deletedRule = await api.delete(
      `/api/question-rules/${(await api.get('/api/question-rules', { filter: JSON.stringify({ code: 'SHOW_SUBSTANCE_USE_MODULE' }) })).body[0].id}`,
    );
    expect(deletedRule.status).toBe(200);

    const current = (await api.get('/api/library/versions/current')).body;
    expect(current.version).toBe(before.version + 3);
    const old = await api.get(`/api/library/versions/${before.version}`);
    expect(old.status).toBe(200);
    expect(old.headers['cache-control']).toContain('immutable');
    expect(old.body).toEqual(before);
    const oldIndex = indexInstrument(old.body.instrument);
    const newIndex = indexInstrument(current.instrument);
    expect(oldIndex.byCode.get('SLEEP')?.node.name).toBe('SLEEP');
    expect(newIndex.byCode.get('SLEEP')?.node.name).toBe('SLEEP AND REST');
    expect(oldIndex.byCode.has('SCREEN_TIME')).toBe(false);
    expect(newIndex.byCode.get('SCREEN_TIME')?.node).toMatchObject({ id: added.id });

    // An assessment started on the old version evaluates with that version's rules.
    const onOld = await api.evaluate({ version: before.version, answers: { SUBSTANCE_USE: '3' }, childAgeYears: 15 });
    expect(onOld.body).toMatchObject({
      version: before.version,
      triggeredModules: [expect.objectContaining({ code: 'SUBSTANCE_USE_MODULE' })],
    });
    const onNew = await api.evaluate({ answers: { SUBSTANCE_USE: '3' }, childAgeYears: 15 });
    expect(onNew.body.version).toBe(current.version);
    expect(onNew.body.triggeredModules).toEqual([]);

    // Every intermediate version renders too, and the history lists the changes.
    expect((await api.get(`/api/library/versions/${before.version + 1}`)).body.instrument.version).toBe(String(before.version + 1));
    const history = await api.get('/api/library/versions', { range: '[0,2]' });
    expect(history.body.map((v: Json) => [v.version, v.change])).toEqual([
      [current.version, 'QuestionRuleDeleted'],
      [current.version - 1, 'LibraryItemAdded'],
      [current.version - 2, 'LibraryItemEdited'],
    ]);
    expect(history.body[2].summary).toBe('Edited question SLEEP');
    expect(history.headers['content-range']).toBe(`library/versions 0-2/${current.version}`);
  });

  it('validates versions and evaluation input', async () => {
    expect((await api.get('/api/library/versions/abc')).status).toBe(400);
    expect((await api.get('/api/library/versions/0')).body.errors).toEqual({
      version: ['version must be a whole number of at least 1, or "current".'],
    });
    const missing = await api.get('/api/library/versions/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Library version 999999 does not exist.');

    const bad = await api.evaluate({ answers: { SUBSTANCE_USE: '7' }, childAgeYears: -1, caregiverCount: 1.5, version: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      answers: ['Answers are 0, 1, 2, 3, 4, NA.'],
      childAgeYears: ['childAgeYears must be at least 0.'],
      caregiverCount: ['caregiverCount must be a whole number.'],
      version: ['version must be a whole number.'],
    });
    expect((await api.evaluate({ answers: [], childAgeYears: 3 })).body.errors).toEqual({
      answers: ['answers must be an object of answer key → rating.'],
    });
    const keys = await api.evaluate({
      answers: { NOT_A_QUESTION: '1', SUBSTANCE_USE_MODULE: '1', 'SLEEP#0': '1', CG_SUPERVISION: '2', 'CG_SUPERVISION#3': '2' },
      childAgeYears: 3,
      caregiverCount: 2,
    });
    expect(keys.status).toBe(400);
    expect(keys.body.errors).toEqual({
      'answers.NOT_A_QUESTION': [expect.stringMatching(/^There is no question NOT_A_QUESTION in library version \d+\.$/)],
      'answers.SUBSTANCE_USE_MODULE': [expect.stringMatching(/^There is no question SUBSTANCE_USE_MODULE/)],
      'answers.SLEEP#0': ['Only caregiver questions take a caregiver index.'],
      'answers.CG_SUPERVISION': ['A caregiver question is answered per caregiver: use CG_SUPERVISION#<caregiver index>.'],
      'answers.CG_SUPERVISION#3': ['The caregiver index is beyond caregiverCount (2).'],
    });
    expect((await api.evaluate({ answers: {}, childAgeYears: 3, version: 999999 })).status).toBe(404);
  });

  it('documents the library endpoints in OpenAPI', async () => {
    const docs = await t.http().get('/api/docs-json');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/library',
        '/api/library/items',
        '/api/library/items/{id}',
        '/api/library/items/{id}/visibility',
        '/api/library/order',
        '/api/library/versions',
        '/api/library/versions/current',
        '/api/library/versions/{version}',
        '/api/library/evaluate',
        '/api/question-rules',
        '/api/question-rules/{id}',
      ]),
    );
  });
});
