import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { ANSWERS, Json, LibraryApi } from '../library.test-support';

const backends = httpTestBackends();

describe.each(backends)('Question rules over HTTP (%s)', (backend) => {
  let t: TestApp;
  let api: LibraryApi;
  let domain: Json;
  let otherDomain: Json;
  let trigger: Json;
  let schoolModule: Json;
  let attendance: Json;
  let behavior: Json;
  let gatedModule: Json;
  let gatedQuestion: Json;
  let otherModule: Json;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    api = new LibraryApi(t, `Bearer ${await t.adminToken()}`);
    domain = await api.add({ type: 'domain', name: 'Life Functioning' });
    otherDomain = await api.add({ type: 'domain', name: 'Risk Behaviors' });
    trigger = await api.add({ type: 'question', domainId: domain.id, name: 'SUBSTANCE USE', answers: ANSWERS });
    schoolModule = await api.add({ type: 'module', domainId: domain.id, name: 'School Module' });
    attendance = await api.add({ type: 'question', domainId: domain.id, moduleId: schoolModule.id, name: 'ATTENDANCE', answers: ANSWERS });
    behavior = await api.add({ type: 'question', domainId: domain.id, moduleId: schoolModule.id, name: 'BEHAVIOR', answers: ANSWERS });
    gatedModule = await api.add({ type: 'module', domainId: domain.id, name: 'Substance Module' });
    gatedQuestion = await api.add({ type: 'question', domainId: domain.id, moduleId: gatedModule.id, name: 'SEVERITY', answers: ANSWERS });
    otherModule = await api.add({ type: 'module', domainId: otherDomain.id, name: 'Other Module' });
  });
  afterAll(() => t?.close());

  const validRule = () => ({
    name: 'Open the Substance Module',
    description: 'Substance use rated 1, 2 or 3 opens it.',
    triggerDomainId: domain.id,
    triggerQuestionId: trigger.id,
    answers: ['1', '2', '3'],
    moduleId: gatedModule.id,
  });

  it("answers the rule form's spec messages with 400", async () => {
    const empty = await api.post('/api/question-rules', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      name: ['Rule Name is required.'],
      description: ['Description is required.'],
      triggerDomainId: ['Domain is required.'],
      triggerQuestionId: ['A trigger question is required.'],
      answers: ['Please choose the answsers'],
      moduleId: ['Please choose the module or question'],
      questionId: ['Please choose the module or question'],
    });
    const blank = await api.post('/api/question-rules', { ...validRule(), name: '  ', description: ' ', answers: [] });
    expect(blank.body.errors).toEqual({
      name: ['Rule Name is required.'],
      description: ['Description is required.'],
      answers: ['Please choose the answsers'],
    });
    const notRatings = await api.post('/api/question-rules', { ...validRule(), answers: ['5'], action: 'toggle' });
    expect(notRatings.body.errors).toEqual({ answers: ['Answers are 0, 1, 2, 3, 4, NA.'], action: ['The action is show or hide.'] });
    const extra = await api.post('/api/question-rules', { ...validRule(), priority: 1 });
    expect(extra.body.errors.priority).toEqual([expect.stringContaining('should not exist')]);
  });

  it('checks that the trigger and the target exist and fit together', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { triggerDomainId: schoolModule.id },
        { triggerDomainId: ['The domain does not exist.'], triggerQuestionId: ['The question is not in the chosen domain and module.'] },
      ],
      [{ triggerDomainId: otherDomain.id }, { triggerQuestionId: ['The question is not in the chosen domain and module.'] }],
      [
        { triggerModuleId: otherModule.id, moduleId: otherModule.id },
        {
          triggerModuleId: ['The module is not in the chosen domain.'],
          triggerQuestionId: ['The question is not in the chosen domain and module.'],
        },
      ],
      [{ triggerQuestionId: attendance.id }, { triggerQuestionId: ['The question is not in the chosen domain and module.'] }],
      [{ answers: ['2', '4'] }, { answers: ['The trigger question has no answer 4.'] }],
      [{ moduleId: trigger.id }, { moduleId: ['The module does not exist.'] }],
      [{ moduleId: null, questionId: schoolModule.id }, { questionId: ['The question does not exist.'] }],
      [{ moduleId: gatedModule.id, questionId: behavior.id }, { questionId: ['The question is not in the chosen module.'] }],
      [
        { triggerModuleId: schoolModule.id, triggerQuestionId: attendance.id, moduleId: gatedModule.id },
        { moduleId: ['With a trigger module, the show module is that module.'] },
      ],
      [{ code: 'not upper' }, { code: ['The code is UPPER_SNAKE_CASE (letters, digits, underscores), at most 100 characters.'] }],
    ];
    for (const [change, errors] of cases) {
      const answer = await api.post('/api/question-rules', { ...validRule(), ...change });
      expect({ change, status: answer.status, errors: answer.body.errors }).toEqual({ change, status: 400, errors });
    }
  });

  it('refuses a rule that would depend on itself', async () => {
    // Showing the module whose own question triggers the rule: the rule could never fire (a cycle).
    const selfGated = await api.post('/api/question-rules', {
      ...validRule(),
      name: 'Self',
      triggerModuleId: gatedModule.id,
      triggerQuestionId: gatedQuestion.id,
      moduleId: gatedModule.id,
    });
    expect(selfGated.status).toBe(400);
    expect(selfGated.body.errors).toEqual({ moduleId: ['This rule would make rules depend on each other in a cycle.'] });
  });

  it('creates, lists, edits and deletes rules; a hide rule on a module question works end to end', async () => {
    const created = await api.post('/api/question-rules', { ...validRule(), code: 'SHOW_SUBSTANCE_MODULE' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'SHOW_SUBSTANCE_MODULE',
      name: 'Open the Substance Module',
      action: 'show',
      answers: ['1', '2', '3'],
      triggerDomainId: domain.id,
      triggerModuleId: null,
      triggerQuestionId: trigger.id,
      moduleId: gatedModule.id,
      questionId: null,
      triggerDomainCode: 'LIFE_FUNCTIONING',
      triggerQuestionCode: 'SUBSTANCE_USE',
      targetModuleCode: 'SUBSTANCE_MODULE',
      targetQuestionCode: null,
    });
    expect((await api.post('/api/question-rules', { ...validRule(), code: 'SHOW_SUBSTANCE_MODULE' })).body.errors).toEqual({
      code: ['This code is already used by another rule (codes are never reused).'],
    });

    const hide = await api.post('/api/question-rules', {
      name: 'Hide behavior when not enrolled',
      description: 'Not enrolled: no behavior rating.',
      triggerDomainId: domain.id,
      triggerModuleId: schoolModule.id,
      triggerQuestionId: attendance.id,
      answers: ['NA'],
      action: 'hide',
      moduleId: schoolModule.id,
      questionId: behavior.id,
    });
    expect(hide.status).toBe(201);
    const evaluation = await api.evaluate({ answers: { ATTENDANCE: 'NA', SUBSTANCE_USE: '1' }, childAgeYears: 9 });
    expect(evaluation.body.visibleQuestions.map((q: Json) => q.code)).toEqual(['SUBSTANCE_USE', 'ATTENDANCE', 'SEVERITY']);
    expect(evaluation.body.hiddenQuestions).toEqual([{ code: 'BEHAVIOR', reason: 'hide-rule' }]);

    const list = await api.get('/api/question-rules', { sort: '["name","ASC"]', range: '[0,0]', filter: JSON.stringify({ q: 'o' }) });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('question-rules 0-0/2');
    expect(list.body.map((r: Json) => r.name)).toEqual(['Hide behavior when not enrolled']);
    expect((await api.get('/api/question-rules', { filter: JSON.stringify({ action: 'hide' }) })).body.map((r: Json) => r.code)).toEqual([
      'HIDE_BEHAVIOR_WHEN_NOT_ENROLLED',
    ]);
    expect((await api.get('/api/question-rules', { sort: '["secret","ASC"]' })).status).toBe(400);

    const edited = await api.put(`/api/question-rules/${created.body.id}`, {
      ...created.body,
      answers: ['2', '3'],
      description: 'Only actionable use.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ answers: ['2', '3'], description: 'Only actionable use.', code: 'SHOW_SUBSTANCE_MODULE' });
    const stale = await api.put(`/api/question-rules/${created.body.id}`, { ...created.body, name: 'Lost' });
    expect(stale.status).toBe(409);
    const codeChange = await api.put(`/api/question-rules/${created.body.id}`, { ...edited.body, code: 'OTHER' });
    expect(codeChange.body.errors).toEqual({ code: ['The code cannot be changed.'] });
    const invalidEdit = await api.put(`/api/question-rules/${created.body.id}`, { ...edited.body, answers: [] });
    expect(invalidEdit.body.errors).toEqual({ answers: ['Please choose the answsers'] });
    expect((await api.get(`/api/question-rules/${created.body.id}`)).body.answers).toEqual(['2', '3']);

    const deleted = await api.delete(`/api/question-rules/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Question Rule was deleted successfully.');
    expect((await api.get(`/api/question-rules/${created.body.id}`)).status).toBe(404);
    expect((await api.delete(`/api/question-rules/${created.body.id}`)).status).toBe(404);
    expect((await api.put(`/api/question-rules/${created.body.id}`, edited.body)).status).toBe(404);
    // Without its show-rule the module is no longer gated.
    const open = await api.evaluate({ answers: {}, childAgeYears: 9 });
    expect(open.body.visibleQuestions.map((q: Json) => q.code)).toContain('SEVERITY');
  });

  it("keeps a trigger question's answer 4 while a rule fires on it", async () => {
    const extreme = await api.add({
      type: 'question',
      domainId: otherDomain.id,
      name: 'EXTREME RISK',
      answers: { ...ANSWERS, '4': 'Extreme.' },
    });
    const rule = await api.post('/api/question-rules', {
      name: 'Open other on 4',
      description: 'd',
      triggerDomainId: otherDomain.id,
      triggerQuestionId: extreme.id,
      answers: ['4'],
      moduleId: otherModule.id,
    });
    expect(rule.status).toBe(201);
    const dropFour = await api.put(`/api/library/items/${extreme.id}`, { ...extreme, answers: ANSWERS });
    expect(dropFour.status).toBe(409);
    expect(dropFour.body.message).toBe(
      'Answer 4 of this question is used by the question rules "Open other on 4". Change those rules first.',
    );
    expect((await api.item(extreme.id)).answers['4']).toBe('Extreme.');
  });
});
