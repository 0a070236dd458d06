import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { LIBRARY_ITEMS_COLLECTION, libraryProjection } from '@cans/projections/library/library.projection';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { LIBRARY_MESSAGE_TEXT } from '@cans/domain/library/library-messages';
import { ANSWERS, DESCRIPTION, findInTree, Json, LibraryApi } from '../library.test-support';

/** The English text the server answers for a catalogue key (an unknown key fails the test, not the comparison). */
function englishOf(key: string): string {
  const english = LIBRARY_MESSAGE_TEXT[key];
  if (!english) throw new Error(`No English text for the message key ${key}`);
  return english;
}

const backends = httpTestBackends();

describe.each(backends)('Question library items over HTTP (%s)', (backend) => {
  let t: TestApp;
  let api: LibraryApi;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    api = new LibraryApi(t, `Bearer ${await t.adminToken()}`);
  });
  afterAll(() => t?.close());

  it('adds a module with two questions, reorders them, hides one, and a show-rule on 2 or 3 triggers the module', async () => {
    const domain = await api.add({ type: 'domain', name: 'Family Life', shortName: 'Family' });
    expect(domain).toMatchObject({
      type: 'domain',
      typeCode: 1,
      code: 'FAMILY_LIFE',
      order: 1,
      parentId: null,
      visible: true,
      visibilityState: 'visible',
      ratingMeaning: 'need',
      actionableRatings: ['2', '3'],
      caregiverItem: false,
    });
    const trigger = await api.add({ type: 'question', domainId: domain.id, name: 'HOME CONFLICT', answers: ANSWERS });
    const module = await api.add({ type: 'module', domainId: domain.id, name: 'Conflict Module' });
    const first = await api.add({ type: 'question', domainId: domain.id, moduleId: module.id, name: 'VERBAL CONFLICT', answers: ANSWERS });
    const second = await api.add({
      type: 'question',
      domainId: domain.id,
      moduleId: module.id,
      name: 'PHYSICAL CONFLICT',
      answers: ANSWERS,
    });
    expect([trigger.order, module.order, first.order, second.order]).toEqual([1, 1, 1, 2]);
    expect(first).toMatchObject({ typeCode: 3, parentId: module.id, domainId: domain.id, moduleId: module.id, code: 'VERBAL_CONFLICT' });

    const reordered = await api.put('/api/library/order', {
      items: [
        { id: first.id, order: 2 },
        { id: second.id, order: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    let tree = await api.tree();
    expect(findInTree(tree, 'CONFLICT_MODULE').items.map((i: Json) => i.code)).toEqual(['PHYSICAL_CONFLICT', 'VERBAL_CONFLICT']);

    const hidden = await api.put(`/api/library/items/${first.id}/visibility`, { visible: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ item: { id: first.id, visible: false, visibilityState: 'hidden' }, changedItemIds: [first.id] });
    tree = await api.tree();
    expect(findInTree(tree, 'CONFLICT_MODULE').visibilityState).toBe('indeterminate');
    expect(findInTree(tree, 'FAMILY_LIFE').visibilityState).toBe('indeterminate');

    const rule = await api.post('/api/question-rules', {
      name: 'Open the Conflict Module',
      description: 'Home conflict rated 2 or 3 opens it.',
      triggerDomainId: domain.id,
      triggerQuestionId: trigger.id,
      answers: ['2', '3'],
      moduleId: module.id,
    });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({
      code: 'OPEN_THE_CONFLICT_MODULE',
      action: 'show',
      answers: ['2', '3'],
      triggerQuestionCode: 'HOME_CONFLICT',
      targetModuleCode: 'CONFLICT_MODULE',
    });

    for (const answer of ['2', '3']) {
      const evaluation = await api.evaluate({ answers: { HOME_CONFLICT: answer }, childAgeYears: 10 });
      expect(evaluation.status).toBe(200);
      expect(evaluation.body.triggeredModules).toEqual([
        expect.objectContaining({ code: 'CONFLICT_MODULE', id: module.id, showQuestions: ['PHYSICAL_CONFLICT'] }),
      ]);
      expect(evaluation.body.firedRules).toEqual([expect.objectContaining({ ruleCode: 'OPEN_THE_CONFLICT_MODULE', action: 'show' })]);
      // The hidden question stays hidden even inside the triggered module.
      expect(evaluation.body.visibleQuestions.map((q: Json) => q.code)).toEqual(['HOME_CONFLICT', 'PHYSICAL_CONFLICT']);
      expect(evaluation.body.visibleModules).toEqual([{ code: 'CONFLICT_MODULE' }]);
    }
    for (const answer of ['0', '1']) {
      const evaluation = await api.evaluate({ answers: { HOME_CONFLICT: answer }, childAgeYears: 10 });
      expect(evaluation.body.triggeredModules).toEqual([]);
      expect(evaluation.body.hiddenModules).toEqual([{ code: 'CONFLICT_MODULE', reason: 'not-triggered' }]);
      expect(evaluation.body.visibleQuestions.map((q: Json) => q.code)).toEqual(['HOME_CONFLICT']);
    }
  });

  it('answers every library dialog rule with 400 and the English text of the spec message keys', async () => {
    const domain = await api.add({ type: 'domain', name: 'Validation Domain' });
    const module = await api.add({ type: 'module', domainId: domain.id, name: 'Validation Module' });
    const other = await api.add({ type: 'domain', name: 'Other Domain' });
    const otherModule = await api.add({ type: 'module', domainId: other.id, name: 'Other Module' });
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { type: 'question', domainId: domain.id, description: '<p><br></p>' },
        { name: [englishOf('lib_name_required')], description: [englishOf('lib_description_required')] },
      ],
      [
        { type: 'domain', name: '   ', description: '' },
        { name: [englishOf('lib_name_required')], description: [englishOf('lib_description_required')] },
      ],
      [
        { type: 'module', domainId: domain.id, name: 'M', description: DESCRIPTION, ageMin: 3 },
        { ageMax: [englishOf('max_age_required')] },
      ],
      [
        { type: 'module', domainId: domain.id, name: 'M', description: DESCRIPTION, ageMax: 12 },
        { ageMin: [englishOf('min_age_required')] },
      ],
      [
        { type: 'module', domainId: domain.id, name: 'M', description: DESCRIPTION, ageMin: 14, ageMax: 6 },
        { ageMax: [englishOf('age_range_error')] },
      ],
      [
        { type: 'module', domainId: domain.id, name: 'M', description: DESCRIPTION, ageMin: 2.5, ageMax: '6' },
        { ageMin: [englishOf('age_whole_number')], ageMax: [englishOf('age_whole_number')] },
      ],
      [
        { type: 'module', domainId: domain.id, name: 'M', description: DESCRIPTION, ageMin: -1, ageMax: 30 },
        { ageMin: [englishOf('age_whole_number')], ageMax: [englishOf('age_out_of_range')] },
      ],
      [{ type: 'chapter', name: 'X', description: DESCRIPTION }, { type: [englishOf('lib_type_required')] }],
      [{ type: 'question', name: 'Q', description: DESCRIPTION }, { domainId: [englishOf('lib_domain_required')] }],
      [{ type: 'question', domainId: module.id, name: 'Q', description: DESCRIPTION }, { domainId: [englishOf('lib_domain_not_found')] }],
      [
        { type: 'question', domainId: domain.id, moduleId: otherModule.id, name: 'Q', description: DESCRIPTION },
        { moduleId: [englishOf('lib_module_not_found')] },
      ],
      [{ type: 'domain', domainId: other.id, name: 'D', description: DESCRIPTION }, { domainId: [englishOf('lib_domain_has_no_parent')] }],
      [{ type: 'domain', name: 'D', code: 'lower_case', description: DESCRIPTION }, { code: [englishOf('lib_code_format')] }],
      [{ type: 'domain', name: 'D', code: 'VALIDATION_DOMAIN', description: DESCRIPTION }, { code: [englishOf('lib_code_taken')] }],
      [
        { type: 'question', domainId: domain.id, name: 'Q', description: DESCRIPTION, answers: { '2': 'x'.repeat(4001) } },
        { 'answers.2': [englishOf('lib_answer_max_length')] },
      ],
      [{ type: 'domain', name: 'x'.repeat(1001), description: DESCRIPTION }, { name: [englishOf('lib_name_max_length')] }],
      [
        { type: 'domain', name: 'D', shortName: 'x'.repeat(1001), description: DESCRIPTION },
        { shortName: [englishOf('lib_short_name_max_length')] },
      ],
      [
        { type: 'domain', name: 'D', description: `<p>${'x'.repeat(20001)}</p>` },
        { description: [englishOf('lib_description_max_length')] },
      ],
      [{ type: 'domain', name: 'D', description: 5 }, { description: [englishOf('lib_description_required')] }],
      [
        { type: 'domain', name: 42, shortName: ['S'], description: DESCRIPTION },
        { name: [englishOf('lib_name_not_text')], shortName: [englishOf('lib_name_not_text')] },
      ],
      [
        { type: 'question', domainId: domain.id, name: 'Q', description: DESCRIPTION, answers: { '3': 7 } },
        { 'answers.3': [englishOf('lib_name_not_text')] },
      ],
    ];
    for (const [body, errors] of cases) {
      const answer = await api.post('/api/library/items', body);
      expect({ body, status: answer.status, errors: answer.body.errors }).toEqual({ body, status: 400, errors });
    }
    const extra = await api.post('/api/library/items', { type: 'domain', name: 'D', description: DESCRIPTION, colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.colour).toEqual([expect.stringContaining('should not exist')]);
    const notJson = await t
      .http()
      .post('/api/library/items')
      .set('Authorization', `Bearer ${await t.adminToken()}`)
      .set('Content-Type', 'application/json')
      .send('{"type":');
    expect(notJson.status).toBe(400);

    // A text passage needs no name (a question without a name is a text): it is stored nameless.
    const text = await api.add({
      type: 'text',
      domainId: domain.id,
      moduleId: module.id,
      name: 'ignored',
      description: '<p>Rate the last 30 days.</p>',
    });
    expect(text).toMatchObject({ type: 'text', typeCode: 4, name: '', code: 'VALIDATION_MODULE_TEXT', moduleId: module.id });
    // Ages within the scale are fine; min = max is a single year.
    expect(
      (
        await api.post('/api/library/items', {
          type: 'module',
          domainId: domain.id,
          name: 'Teen',
          description: DESCRIPTION,
          ageMin: 13,
          ageMax: 13,
        })
      ).status,
    ).toBe(201);
  });

  it('sanitises the rich-text description on the server', async () => {
    const domain = await api.add({
      type: 'domain',
      name: 'Sanitised',
      description:
        '<p onclick="steal()">Safe <b>bold</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org/help" target="_blank">help</a><img src=x onerror=alert(1)></p><style>p{}</style>',
    });
    expect(domain.description).toBe(
      '<p>Safe <b>bold</b> <a>x</a> <a href="https://example.org/help" rel="noopener noreferrer">help</a></p>',
    );
    const onlyScript = await api.post('/api/library/items', { type: 'domain', name: 'Empty', description: '<script>alert(1)</script>' });
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.errors).toEqual({ description: [englishOf('lib_description_required')] });
  });

  it('locks the type and the code on edit, saves content, and refuses a stale revision with 409', async () => {
    const domain = await api.add({ type: 'domain', name: 'Edit Domain' });
    const question = await api.add({ type: 'question', domainId: domain.id, name: 'SLEEP WELL', answers: ANSWERS });
    const typeChange = await api.put(`/api/library/items/${question.id}`, { ...question, type: 'text' });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.errors).toEqual({ type: [englishOf('lib_type_locked')] });
    const codeChange = await api.put(`/api/library/items/${question.id}`, { ...question, code: 'NEW_CODE' });
    expect(codeChange.body.errors).toEqual({ code: [englishOf('lib_code_locked')] });

    const edited = await api.put(`/api/library/items/${question.id}`, {
      ...question,
      name: 'SLEEP (AGES 0-5)',
      ageMin: 0,
      ageMax: 5,
      answers: { ...ANSWERS, '4': 'Extreme.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: question.id,
      code: 'SLEEP_WELL',
      name: 'SLEEP (AGES 0-5)',
      ageMin: 0,
      ageMax: 5,
      answers: { ...ANSWERS, '4': 'Extreme.' },
    });
    expect(edited.body.revision).toBeGreaterThan(question.revision);

    const stale = await api.put(`/api/library/items/${question.id}`, { ...question, name: 'LOST UPDATE' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await api.item(question.id)).name).toBe('SLEEP (AGES 0-5)');

    // Re-saving the record unchanged appends nothing.
    const versionBefore = (await api.get('/api/library/versions/current')).body.version;
    const unchanged = await api.put(`/api/library/items/${question.id}`, edited.body);
    expect(unchanged.status).toBe(200);
    expect((await api.get('/api/library/versions/current')).body.version).toBe(versionBefore);

    expect(
      (await api.put('/api/library/items/7f2b1c1e-0000-4000-8000-000000000000', { type: 'domain', name: 'X', description: DESCRIPTION }))
        .status,
    ).toBe(404);
    expect((await api.get('/api/library/items/not-a-uuid')).status).toBe(400);
  });

  it('cascades the visible switch and shows parents as indeterminate or hidden', async () => {
    const domain = await api.add({ type: 'domain', name: 'Cascade Domain' });
    const direct = await api.add({ type: 'question', domainId: domain.id, name: 'DIRECT', answers: ANSWERS });
    const module = await api.add({ type: 'module', domainId: domain.id, name: 'Cascade Module' });
    const inner = await api.add({ type: 'question', domainId: domain.id, moduleId: module.id, name: 'INNER', answers: ANSWERS });
    const nested = await api.add({ type: 'module', domainId: domain.id, moduleId: module.id, name: 'Nested Module' });
    const deep = await api.add({ type: 'question', domainId: domain.id, moduleId: nested.id, name: 'DEEP', answers: ANSWERS });
    const state = async () => {
      const tree = await api.tree();
      return Object.fromEntries(
        ['CASCADE_DOMAIN', 'DIRECT', 'CASCADE_MODULE', 'INNER', 'NESTED_MODULE', 'DEEP'].map((code) => {
          const node = findInTree(tree, code);
          return [code, `${node.visible ? 'on' : 'off'}/${node.visibilityState}`];
        }),
      );
    };

    // A module sets everything under it.
    const moduleOff = await api.put(`/api/library/items/${module.id}/visibility`, { visible: false });
    expect(new Set(moduleOff.body.changedItemIds)).toEqual(new Set([module.id, inner.id, nested.id, deep.id]));
    expect(await state()).toEqual({
      CASCADE_DOMAIN: 'on/indeterminate',
      DIRECT: 'on/visible',
      CASCADE_MODULE: 'off/hidden',
      INNER: 'off/hidden',
      NESTED_MODULE: 'off/hidden',
      DEEP: 'off/hidden',
    });

    // A domain sets all its modules and questions.
    await api.put(`/api/library/items/${domain.id}/visibility`, { visible: false });
    expect(Object.values(await state()).every((s) => s === 'off/hidden')).toBe(true);

    // Switching one question on switches on its hidden domain and modules; the parents are then indeterminate.
    const deepOn = await api.put(`/api/library/items/${deep.id}/visibility`, { visible: true });
    expect(new Set(deepOn.body.changedItemIds)).toEqual(new Set([deep.id, nested.id, module.id, domain.id]));
    expect(await state()).toEqual({
      CASCADE_DOMAIN: 'on/indeterminate',
      DIRECT: 'off/hidden',
      CASCADE_MODULE: 'on/indeterminate',
      INNER: 'off/hidden',
      NESTED_MODULE: 'on/visible',
      DEEP: 'on/visible',
    });

    // The domain switch on sets everything again; the edit dialog's visible switch cascades the same way.
    await api.put(`/api/library/items/${domain.id}/visibility`, { visible: true });
    expect(Object.values(await state()).every((s) => s === 'on/visible')).toBe(true);
    const viaEdit = await api.put(`/api/library/items/${module.id}`, { ...(await api.item(module.id)), visible: false });
    expect(viaEdit.status).toBe(200);
    expect((await state()).INNER).toBe('off/hidden');
    expect((await state()).CASCADE_DOMAIN).toBe('on/indeterminate');

    // The flat list carries the same displayed state.
    const list = await api.get('/api/library/items', {
      filter: JSON.stringify({ domainId: domain.id, type: 'module' }),
      sort: '["name","ASC"]',
    });
    expect(list.body.map((row: Json) => [row.code, row.visibilityState])).toEqual([
      ['CASCADE_MODULE', 'hidden'],
      ['NESTED_MODULE', 'hidden'],
    ]);
    expect(list.headers['content-range']).toBe('library/items 0-1/2');
    expect(list.body[0]).not.toHaveProperty('leafCount');

    expect((await api.put(`/api/library/items/${direct.id}/visibility`, { visible: 'yes' })).status).toBe(400);
  });

  it("mirrors the domain's caregiver flag and moves items between parents", async () => {
    const caregivers = await api.add({ type: 'domain', name: 'Caregiver Needs', caregiverItem: true });
    const child = await api.add({ type: 'domain', name: 'Child Needs' });
    const supervision = await api.add({ type: 'question', domainId: caregivers.id, name: 'SUPERVISION', answers: ANSWERS });
    expect(supervision.caregiverItem).toBe(true);
    const module = await api.add({ type: 'module', domainId: child.id, name: 'Move Target' });
    const existing = await api.add({ type: 'question', domainId: child.id, moduleId: module.id, name: 'ALREADY THERE', answers: ANSWERS });

    const moved = await api.put(`/api/library/items/${supervision.id}`, { ...supervision, domainId: child.id, moduleId: module.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      parentId: module.id,
      domainId: child.id,
      moduleId: module.id,
      order: existing.order + 1,
      caregiverItem: false,
    });
    const tree = await api.tree();
    expect(findInTree(tree, 'MOVE_TARGET').items.map((i: Json) => i.code)).toEqual(['ALREADY_THERE', 'SUPERVISION']);
    expect(findInTree(tree, 'CAREGIVER_NEEDS').items).toEqual([]);

    // Turning the flag on for a domain sets it on everything under it.
    const flagged = await api.put(`/api/library/items/${child.id}`, { ...(await api.item(child.id)), caregiverItem: true });
    expect(flagged.body.caregiverItem).toBe(true);
    expect((await api.item(existing.id)).caregiverItem).toBe(true);

    // A module cannot go inside itself.
    const nested = await api.add({ type: 'module', domainId: child.id, moduleId: module.id, name: 'Inside' });
    const cycle = await api.put(`/api/library/items/${module.id}`, { ...(await api.item(module.id)), moduleId: nested.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors).toEqual({ moduleId: [englishOf('lib_module_cycle')] });
  });

  it('refuses orders that clash among siblings', async () => {
    const domain = await api.add({ type: 'domain', name: 'Order Domain' });
    const a = await api.add({ type: 'question', domainId: domain.id, name: 'A', answers: ANSWERS });
    const b = await api.add({ type: 'question', domainId: domain.id, name: 'B', answers: ANSWERS });
    const module = await api.add({ type: 'module', domainId: domain.id, name: 'Order Module' });
    expect(module.order).toBe(1);
    const clash = await api.put('/api/library/order', { items: [{ id: a.id, order: 2 }] });
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual({ 'items.0.order': ['Two items in the same list would both have order 2.'] });
    const bad = await api.put('/api/library/order', { items: [{ id: 'nope', order: 0 }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['items.0.id', 'items.0.order']);
    expect((await api.put('/api/library/order', { items: [] })).status).toBe(400);
    // Swapping in one request is fine; modules and questions are ordered separately.
    const swap = await api.put('/api/library/order', {
      items: [
        { id: a.id, order: 2 },
        { id: b.id, order: 1 },
        { id: module.id, order: 5 },
      ],
    });
    expect(swap.status).toBe(200);
    const tree = await api.tree();
    expect(findInTree(tree, 'ORDER_DOMAIN').items.map((i: Json) => i.code)).toEqual(['B', 'A']);
  });

  it('deletes a domain with everything under it, but not while a rule uses an item', async () => {
    const domain = await api.add({ type: 'domain', name: 'Doomed Domain' });
    const trigger = await api.add({ type: 'question', domainId: domain.id, name: 'DOOMED TRIGGER', answers: ANSWERS });
    const module = await api.add({ type: 'module', domainId: domain.id, name: 'Doomed Module' });
    const inner = await api.add({ type: 'question', domainId: domain.id, moduleId: module.id, name: 'DOOMED INNER', answers: ANSWERS });
    const rule = await api.post('/api/question-rules', {
      name: 'Open Doomed',
      description: 'd',
      triggerDomainId: domain.id,
      triggerQuestionId: trigger.id,
      answers: ['3'],
      moduleId: module.id,
    });
    expect(rule.status).toBe(201);

    const refused = await api.delete(`/api/library/items/${inner.id}`);
    expect(refused.status).toBe(200); // the inner question is not referenced by the rule
    const refusedModule = await api.delete(`/api/library/items/${module.id}`);
    expect(refusedModule.status).toBe(409);
    expect(refusedModule.body.message).toBe(
      'This module or an item under it is used by the question rules "Open Doomed". Delete or change those rules first.',
    );
    const refusedQuestion = await api.delete(`/api/library/items/${trigger.id}`);
    expect(refusedQuestion.body.message).toBe(
      'This question is used by the question rules "Open Doomed". Delete or change those rules first.',
    );

    expect((await api.delete(`/api/question-rules/${rule.body.id}`)).status).toBe(200);
    const deleted = await api.delete(`/api/library/items/${domain.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: domain.id, message: 'lib_domain_delete_success' });
    expect(new Set(deleted.body.deletedItemIds)).toEqual(new Set([domain.id, trigger.id, module.id]));
    for (const id of [domain.id, trigger.id, module.id]) expect((await api.get(`/api/library/items/${id}`)).status).toBe(404);
    expect((await api.delete(`/api/library/items/${domain.id}`)).status).toBe(404);
    expect(findInTree(await api.tree(), 'DOOMED_DOMAIN')).toBeUndefined();

    // Codes are never reused.
    const again = await api.post('/api/library/items', { type: 'domain', name: 'Doomed Domain', description: DESCRIPTION });
    expect(again.body.code).toBe('DOOMED_DOMAIN_2');
  });

  it('rebuilds the same read models from the events (the projection is deterministic)', async () => {
    await api.tree(); // waits for the read models to include every write above
    const readStore = t.app.get<ReadStore>(READ_STORE);
    const snapshot = async () => {
      const result: Record<string, unknown[]> = {};
      for (const collection of libraryProjection.collections) {
        result[collection.name] = await readStore.find(collection.name, {}, { sort: [{ field: 'id', direction: 'asc' }], limit: 10_000 });
      }
      return result;
    };
    const live = await snapshot();
    expect(live[LIBRARY_ITEMS_COLLECTION].length).toBeGreaterThan(20);
    await t.app.get(ProjectionRunnerService).rebuildOnce(libraryProjection.name);
    expect(await snapshot()).toEqual(live);
  });
});

describe('Library commands while the read models are behind', () => {
  let t: TestApp;
  let api: LibraryApi;

  beforeAll(async () => {
    t = await startTestApp({ config: { readYourWritesTimeoutMs: 0 } });
    api = new LibraryApi(t, `Bearer ${await t.adminToken()}`);
  });
  afterAll(() => t?.close());

  it('answers with the record from the library state, equal to what GET shows once they caught up', async () => {
    const runner = t.app.get(ProjectionRunnerService);
    // Let sign-in settle first, then stop the projections so every answer below must come from the state.
    const head = await t.app.get<EventStore>(EVENT_STORE).headPosition();
    expect(await runner.waitForPosition(head, 10_000)).toBe(true);
    await runner.stop();
    const domain = await api.post('/api/library/items', { type: 'domain', name: 'Behind', description: DESCRIPTION });
    const question = await api.post('/api/library/items', {
      type: 'question',
      domainId: domain.body.id,
      name: 'LAGGING',
      description: DESCRIPTION,
      answers: ANSWERS,
    });
    const rule = await api.post('/api/question-rules', {
      name: 'Hide lagging',
      description: 'd',
      triggerDomainId: domain.body.id,
      triggerQuestionId: question.body.id,
      answers: ['3'],
      action: 'hide',
      questionId: question.body.id,
    });
    expect([domain.status, question.status]).toEqual([201, 201]);
    expect(domain.body).toMatchObject({ code: 'BEHIND', visibilityState: 'visible', order: 1 });
    expect(domain.headers['x-read-model-stale']).toBe('true');
    expect(rule.body.errors).toEqual({ questionId: ['This rule would make rules depend on each other in a cycle.'] });
    const other = await api.post('/api/library/items', {
      type: 'question',
      domainId: domain.body.id,
      name: 'OTHER',
      description: DESCRIPTION,
      answers: ANSWERS,
    });
    const validRule = await api.post('/api/question-rules', {
      name: 'Hide other',
      description: 'd',
      triggerDomainId: domain.body.id,
      triggerQuestionId: question.body.id,
      answers: ['3'],
      action: 'hide',
      questionId: other.body.id,
    });
    expect(validRule.status).toBe(201);
    expect(validRule.headers['x-read-model-stale']).toBe('true');

    await runner.start();
    const readBack = new LibraryApi(t, `Bearer ${await t.adminToken()}`);
    readBack.waitFor(Number(validRule.position));
    for (const created of [domain, question, other])
      expect((await readBack.get(`/api/library/items/${created.body.id}`)).body).toEqual(created.body);
    expect((await readBack.get(`/api/question-rules/${validRule.body.id}`)).body).toEqual(validRule.body);
  });
});
