import { bothTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import {
  AssessmentsApi,
  caregiverForm,
  childForm,
  createOrganisation,
  Json,
  NARRATIVE,
  seedTestLibrary,
  SUPERVISOR_PRIVILEGES,
  WORKER_PRIVILEGES,
} from '../assessments.test-support';

const backends = bothTestBackends();

/** Every question code of a questionnaire answer, with its caregiver, in order. */
function questionsOf(questionnaire: Json): Array<{ code: string; caregiverId: string | null; rating: unknown }> {
  const out: Array<{ code: string; caregiverId: string | null; rating: unknown }> = [];
  const walk = (container: Json, caregiverId: string | null) => {
    for (const q of container.questions) out.push({ code: q.code, caregiverId, rating: q.rating });
    for (const m of container.modules) walk(m, caregiverId);
  };
  for (const d of questionnaire.domains) walk(d, d.caregiverId);
  return out;
}

describe.each(backends)('Assessments over HTTP (%s)', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  let worker: AssessmentsApi;
  let supervisor: AssessmentsApi;
  let sibling: AssessmentsApi;
  let outsider: AssessmentsApi;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    supervisor = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.supervisor)}`, ids.supervisor);
    sibling = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.sibling)}`, ids.sibling);
    outsider = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.outsider)}`, ids.outsider);
  });
  afterAll(() => t?.close());

  /** Rates every visible question 0 (except overrides), re-reading the questionnaire as rules open modules. */
  async function rateAll(api: AssessmentsApi, id: string, overrides: Record<string, unknown> = {}): Promise<Json> {
    let view = (await api.get(`/api/assessments/${id}`)).body;
    for (let round = 0; round < 5; round++) {
      const open = questionsOf(view.questionnaire).filter((q) => q.rating === null);
      if (open.length === 0) return view;
      for (const q of open) {
        const sent = await api.rate(id, q.code, overrides[q.code] ?? 0, q.caregiverId);
        expect(sent.status).toBe(200);
      }
      view = (await api.get(`/api/assessments/${id}`)).body;
    }
    throw new Error('ratings did not settle');
  }

  it('runs the whole workflow: start, caregivers, ratings with a triggered module, narrative, complete, return, complete, approve, list', async () => {
    const started = await worker.start(childForm({ cin: 'PID-FLOW' }));
    expect(started).toMatchObject({
      status: 'incomplete',
      statusCode: 'i',
      statusLabel: 'Incomplete',
      ownerId: ids.worker,
      ownerName: 'Worker Tester',
      readOnly: false,
    });
    expect(started.actions).toMatchObject({ edit: true, complete: true, approve: false, close: true, delete: true });
    const id = started.id;

    let view = (await worker.post(`/api/assessments/${id}/caregivers`, { caregiver: caregiverForm('Ann'), revision: started.revision }))
      .body;
    view = (
      await worker.post(`/api/assessments/${id}/caregivers`, {
        caregiver: caregiverForm('Ben', { relationship: { group: 'Substitute Caregiver', role: 'Foster Carer' } }),
        revision: view.revision,
      })
    ).body;
    expect(view.caregivers.map((c: Json) => c.firstName)).toEqual(['Ann', 'Ben']);
    // The caregiver domain appears once per caregiver; the age-restricted question and the closed module do not.
    expect(view.questionnaire.domains.map((d: Json) => [d.code, d.caregiverName, d.status])).toEqual([
      ['T_CHILD_NEEDS', null, 'notStarted'],
      ['T_CAREGIVER_NEEDS', 'Ann Hale', 'notStarted'],
      ['T_CAREGIVER_NEEDS', 'Ben Hale', 'notStarted'],
    ]);
    expect(questionsOf(view.questionnaire).map((q) => q.code)).toEqual([
      'T_SUBSTANCE_USE',
      'T_SLEEP',
      'T_SUPERVISION',
      'T_KNOWLEDGE',
      'T_SUPERVISION',
      'T_KNOWLEDGE',
    ]);

    // Rating 2 opens the Substance Use Module: the answer carries the triggered module and the new question.
    const rated = await worker.rate(id, 'T_SUBSTANCE_USE', 2);
    expect(rated.status).toBe(200);
    expect(rated.headers['x-event-position']).toBeDefined();
    expect(rated.body.triggered).toEqual({ modules: ['T_SUBSTANCE_MODULE'], questions: [] });
    const childDomain = rated.body.questionnaire.domains[0];
    expect(childDomain.modules.map((m: Json) => [m.code, m.triggered, m.questions.map((q: Json) => q.code)])).toEqual([
      ['T_SUBSTANCE_MODULE', true, ['T_SEVERITY']],
    ]);
    expect(childDomain).toMatchObject({ status: 'incomplete', percentComplete: 33, label: '33% Completed', answered: 1, total: 3 });
    // Back to 1 closes it again.
    expect((await worker.rate(id, 'T_SUBSTANCE_USE', 1)).body.triggered).toEqual({ modules: [], questions: [] });
    await worker.rate(id, 'T_SUBSTANCE_USE', '3');

    // Completing too early answers the spec's message with what is missing.
    const early = await worker.post(`/api/assessments/${id}/complete`, {});
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('This case cannot be completed until all its domains and narrative are completed.');
    expect(early.body.errors.domains).toEqual(expect.arrayContaining(['Child Needs: 33% Completed']));
    expect(early.body.errors['narrative.plan']).toEqual(['Plan is required.']);

    view = await rateAll(worker, id, { T_SEVERITY: 2 });
    expect(view.questionnaire.progress).toBe(100);
    expect(view.questionnaire.domains.every((d: Json) => d.status === 'complete' && d.percentComplete === 100)).toBe(true);
    expect(view.childRatings).toEqual({ T_SUBSTANCE_USE: 3, T_SLEEP: 0, T_SEVERITY: 2 });
    expect(view.recommendations[0].needs.map((r: Json) => r.questionCode)).toEqual(['T_SUBSTANCE_USE', 'T_SEVERITY']);

    view = (await worker.put(`/api/assessments/${id}/narrative`, { narrative: NARRATIVE, revision: view.revision })).body;
    expect(view.narrative).toEqual(NARRATIVE);
    const completed = await worker.post(`/api/assessments/${id}/complete`, { revision: view.revision });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ statusCode: 'c', statusLabel: 'Pending Approval' });
    // The worker may not approve (no privilege), the supervisor may (own caseload: a supervisee's case).
    expect((await worker.post(`/api/assessments/${id}/approve`, {})).status).toBe(403);

    const forSupervisor = (await supervisor.get(`/api/assessments/${id}`)).body;
    expect(forSupervisor.actions).toMatchObject({ approve: true, return: true, complete: false });
    const noReason = await supervisor.post(`/api/assessments/${id}/return`, { revision: forSupervisor.revision, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: ['A reason is required to return the assessment.'] });
    const returned = await supervisor.post(`/api/assessments/${id}/return`, {
      revision: forSupervisor.revision,
      reason: 'Please check the caregiver ratings.',
    });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      statusCode: 'r',
      reasons: [{ kind: 'return', reason: 'Please check the caregiver ratings.', byName: 'Supervisor Tester' }],
    });

    const again = await worker.post(`/api/assessments/${id}/complete`, {
      revision: returned.body.revision,
      child: childForm({ cin: 'PID-FLOW', city: 'Leeds' }),
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ statusCode: 'c', child: { city: 'Leeds' } });
    const approved = await supervisor.post(`/api/assessments/${id}/approve`, { revision: again.body.revision });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ statusCode: 'a', statusLabel: 'Approved', readOnly: true });

    supervisor.waitFor(Number(approved.headers['x-event-position']));
    const list = await supervisor.list({ q: 'PID-FLOW' });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('assessments 0-0/1');
    expect(list.body[0]).toMatchObject({
      id,
      cin: 'PID-FLOW',
      fullName: 'Robin Hale',
      statusCode: 'a',
      ownerName: 'Worker Tester',
      dayCount: null,
      includedInReports: true,
    });
  });

  it('refuses every illegal transition with 409 and the spec state in the message', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-ILLEGAL' }));
    const approve = await supervisor.post(`/api/assessments/${id}/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('An assessment that is Incomplete cannot be approved.');
    expect((await supervisor.post(`/api/assessments/${id}/return`, { reason: 'x' })).status).toBe(409);
    expect((await supervisor.post(`/api/assessments/${id}/include`, {})).status).toBe(409);

    const closed = await worker.post(`/api/assessments/${id}/close`, { reason: 'Family moved away.' });
    expect(closed.body).toMatchObject({ statusCode: 'e', reasons: [{ kind: 'close', reason: 'Family moved away.' }], readOnly: true });
    for (const [path, body] of [
      ['complete', {}],
      ['close', { reason: 'again' }],
      ['approve', {}],
      ['delete', {}],
    ] as const) {
      const answer = await worker.post(`/api/assessments/${id}/${path}`, body);
      expect({ path, status: answer.status }).toEqual({ path, status: path === 'approve' ? 403 : 409 });
    }
    const rate = await worker.rate(id, 'T_SLEEP', 1);
    expect(rate.status).toBe(409);
    expect(rate.body.message).toBe('An assessment that is Closed cannot be rated.');
    expect((await worker.put(`/api/assessments/${id}/child-information`, { child: childForm() })).status).toBe(409);

    // Delete: status d; the assessment is gone for everyone.
    const other = await worker.start(childForm({ cin: 'PID-DELETE' }));
    const deleted = await worker.post(`/api/assessments/${other.id}/delete`, { revision: other.revision });
    expect(deleted.status).toBe(204);
    expect((await worker.get(`/api/assessments/${other.id}`)).status).toBe(404);
    expect((await worker.post(`/api/assessments/${other.id}/delete`, {})).status).toBe(404);
  });

  it('follows the workflow table for every status: allowed transitions are offered, the others answer 409', async () => {
    const admin = new AssessmentsApi(t, `Bearer ${t.adminToken()}`, '1');
    const inStatus = async (code: string): Promise<string> => {
      const started = await admin.start(childForm({ cin: `PID-TABLE-${code}` }));
      if (code === 'i') return started.id;
      if (code === 'e') {
        await admin.post(`/api/assessments/${started.id}/close`, { reason: 'Closed for the test.' });
        return started.id;
      }
      await rateAll(admin, started.id);
      await admin.put(`/api/assessments/${started.id}/narrative`, { narrative: NARRATIVE });
      expect((await admin.post(`/api/assessments/${started.id}/complete`, {})).status).toBe(200);
      if (code === 'r') await admin.post(`/api/assessments/${started.id}/return`, { reason: 'Returned for the test.' });
      if (code === 'a') await admin.post(`/api/assessments/${started.id}/approve`, {});
      return started.id;
    };
    // Spec 000 §4: Complete from i/r; Approve and Return from c; Close from i/r; Delete from i/r/c/a; Include/Exclude on a.
    const allowed: Record<string, string[]> = {
      i: ['complete', 'close', 'delete'],
      r: ['complete', 'close', 'delete'],
      c: ['approve', 'return', 'delete'],
      a: ['delete', 'exclude'],
      e: [],
    };
    const labels: Record<string, string> = { i: 'Incomplete', r: 'Returned', c: 'Pending Approval', a: 'Approved', e: 'Closed' };
    const transitions = ['complete', 'approve', 'return', 'close', 'delete', 'include', 'exclude'];
    for (const code of Object.keys(allowed)) {
      const id = await inStatus(code);
      const view = (await admin.get(`/api/assessments/${id}`)).body;
      expect(view.statusCode).toBe(code);
      for (const transition of transitions) {
        const offered = view.actions[transition];
        // Include is a toggle: an approved assessment is included already, so only Exclude is offered.
        expect({ code, transition, offered }).toEqual({ code, transition, offered: allowed[code].includes(transition) });
        if (allowed[code].includes(transition) || (code === 'a' && transition === 'include')) continue;
        const answer = await admin.post(
          `/api/assessments/${id}/${transition}`,
          transition === 'return' || transition === 'close' ? { reason: 'Why not.' } : {},
        );
        expect({ code, transition, status: answer.status }).toEqual({ code, transition, status: 409 });
        expect(answer.body.message).toMatch(new RegExp(`^An assessment that is ${labels[code]} cannot be `));
      }
    }
  });

  it("answers the spec's validation messages per field group with 400", async () => {
    const empty = await worker.post('/api/assessments', { child: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      cin: ['PID is required.'],
      firstName: ['First Name is required.'],
      lastName: ['Last Name is required.'],
      gender: ['Gender is required.'],
      raceEthnicity: ['Race/Ethnicity is required.'],
      medicaidNumber: ['Unique ID is required.'],
      age: ['Age is required.'],
      dateOfBirth: ['Date of Birth is required.'],
      dateOfAssessment: ['Date of Assessment is required.'],
      caseOpeningDate: ['Removal Date is required.'],
      assessmentType: ['Assessment Type is required.'],
    });
    const wrong = await worker.post('/api/assessments', {
      child: childForm({
        cin: 'x'.repeat(51),
        medicaidNumber: '12AB',
        age: -1,
        dateOfBirth: '2024-06-01',
        dateOfAssessment: '2024-05-01',
        caseOpeningDate: '2999-01-01',
        daysToNextAssessment: '1234567890',
      }),
    });
    expect(wrong.body.errors).toMatchObject({
      cin: ['PID cannot be longer than 50 characters.'],
      medicaidNumber: ['Unique ID must contain only digits.'],
      age: ['Age must be a whole number of 0 or more.'],
      dateOfAssessment: ['Date of Assessment must be later than the Date of Birth.'],
      dateOfBirth: ['Date of Birth must be earlier than the Date of Assessment.'],
      caseOpeningDate: ['Removal Date cannot be in the future.'],
      daysToNextAssessment: ['Days of Next Assessment cannot be longer than 9 characters.'],
    });
    const unknownField = await worker.post('/api/assessments', { child: { ...childForm(), nickname: 'Rob' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors['child.nickname']).toEqual(['property nickname should not exist']);
    expect((await worker.post('/api/assessments', {})).body.errors.child).toEqual(
      expect.arrayContaining(['Child information is required.']),
    );

    const { id, revision } = await worker.start(childForm({ cin: 'PID-VALID' }));
    const caregiver = await worker.post(`/api/assessments/${id}/caregivers`, { caregiver: { firstName: ' ', relationship: null } });
    expect(caregiver.status).toBe(400);
    expect(caregiver.body.errors).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      relationship: ['Relationship to Child is required.'],
    });

    const comment = await worker.put(`/api/assessments/${id}/comments/6f7a6f3c-1d0e-4a52-9d3b-000000000001`, {
      questionCode: 'T_SLEEP',
      content: '   ',
    });
    expect(comment.status).toBe(400);
    expect(comment.body.errors).toEqual({ content: ['Comment is requreid.'] });
    const close = await worker.post(`/api/assessments/${id}/close`, { reason: '' });
    expect(close.body.errors).toEqual({ reason: ['A reason is required to close the assessment.'] });
    const rating = await worker.rate(id, 'T_SLEEP', 7);
    expect(rating.body.errors).toEqual({ rating: ['Choose a rating: 0, 1, 2, 3, 4 or N/A.'] });
    expect((await worker.rate(id, 'T_SLEEP', 4)).body.errors).toEqual({ rating: ['This question has no rating 4.'] });
    expect((await worker.rate(id, 'NOPE', 1)).body.errors).toEqual({
      questionCode: [expect.stringContaining('is not part of this assessment')],
    });
    expect((await worker.rate(id, 'T_SUPERVISION', 1)).body.errors).toEqual({ caregiverId: ['Choose the caregiver this rating is for.'] });

    // A family caregiver without a relationship blocks saving the child and completing (spec §4, §8).
    const sister = await worker.start(childForm({ cin: 'PID-SISTER', familyId: 'FAM-77', firstName: 'Ivy' }));
    await worker.post(`/api/assessments/${sister.id}/caregivers`, { caregiver: caregiverForm('Cara') });
    await worker.put(`/api/assessments/${id}/child-information`, { child: childForm({ cin: 'PID-VALID', familyId: 'FAM-77' }) });
    const lookup = await worker.get('/api/children/lookup', { familyId: 'FAM-77', assessmentId: id });
    expect(lookup.body.familyCaregivers.map((c: Json) => c.firstName)).toEqual(['Cara']);
    expect(lookup.body.familyPrompt).toBe(
      'There is currently some caregivers for this FAMILY ID. Do you want to save this FAMILY ID and load caregivers for the Child?',
    );
    const bound = await worker.post(`/api/assessments/${id}/family-caregivers`, { familyId: 'FAM-77' });
    expect(bound.status).toBe(200);
    expect(bound.body.caregivers).toEqual([expect.objectContaining({ firstName: 'Cara', relationship: null })]);
    const blocked = await worker.put(`/api/assessments/${id}/child-information`, {
      child: childForm({ cin: 'PID-VALID', familyId: 'FAM-77', city: 'York' }),
      revision: bound.body.revision,
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('Please add the caregiver relationship for the current child or you can remove unwanted caregivers.');
    expect(blocked.body.errors).toEqual({ caregivers: ['Cara Hale has no relationship to the child.'] });
    expect(revision).toBe(2);
  });

  it('looks up the latest assessment of a PID (approved or not) for the child form', async () => {
    const first = await worker.start(childForm({ cin: 'PID-LOOKUP' }));
    const lookup = await worker.get('/api/children/lookup', { cin: 'pid-lookup', mode: 'add' });
    expect(lookup.body).toMatchObject({
      found: true,
      latest: { assessmentId: first.id, statusCode: 'i', approved: false, child: { cin: 'PID-LOOKUP' } },
      outcome: {
        kind: 'confirm-edit-unapproved',
        message: "There is currently an assessment which hasn't been approved for this Client ID. Do you want to edit this assessment?",
      },
    });
    // Someone outside the caseload learns nothing.
    expect((await outsider.get('/api/children/lookup', { cin: 'PID-LOOKUP' })).body).toEqual({ found: false, outcome: { kind: 'none' } });
    expect((await worker.get('/api/children/lookup', { cin: 'PID-NOBODY' })).body).toEqual({ found: false, outcome: { kind: 'none' } });
  });

  it("shows the caregiver domain's notice for a child without a plan to transition home", async () => {
    const started = await worker.start(childForm({ cin: 'PID-NOTICE', involvement: 'Others' }));
    const view = (await worker.post(`/api/assessments/${started.id}/caregivers`, { caregiver: caregiverForm('Ann') })).body;
    const notices = view.questionnaire.domains.map((d: Json) => [d.code, d.notice]);
    expect(notices).toEqual([
      ['T_CHILD_NEEDS', null],
      ['T_CAREGIVER_NEEDS', 'The caregiver needs and resources domain is only relevant for children with a plan to transition home.'],
    ]);
  });

  it('edits and removes caregivers (their answers go with them) and keeps question comments to their author', async () => {
    const started = await worker.start(childForm({ cin: 'PID-CARERS' }));
    const id = started.id;
    const added = await worker.post(`/api/assessments/${id}/caregivers`, {
      caregiver: caregiverForm('Ann'),
      caregiverId: '0f2a3c4d-5e6f-4a70-8b90-000000000001',
    });
    expect(added.status).toBe(201);
    // The same request again (a retry) adds nothing.
    const retried = await worker.post(`/api/assessments/${id}/caregivers`, {
      caregiver: caregiverForm('Ann'),
      caregiverId: '0f2a3c4d-5e6f-4a70-8b90-000000000001',
    });
    expect(retried.body.caregivers).toHaveLength(1);
    const cg = '0f2a3c4d-5e6f-4a70-8b90-000000000001';
    const edited = await worker.put(`/api/assessments/${id}/caregivers/${cg}`, {
      caregiver: caregiverForm('Anne', { phone: '5550109999' }),
    });
    expect(edited.body.caregivers[0]).toMatchObject({ caregiverId: cg, firstName: 'Anne', phone: '5550109999' });
    await worker.rate(id, 'T_SUPERVISION', 2, cg);

    const commentPath = `/api/assessments/${id}/comments/6f7a6f3c-1d0e-4a52-9d3b-0000000000c1`;
    const commented = await worker.put(commentPath, { questionCode: 'T_SLEEP', content: ' Wakes twice a night. ' });
    expect(commented.body.comments).toEqual([
      expect.objectContaining({ questionCode: 'T_SLEEP', content: 'Wakes twice a night.', authorName: 'Worker Tester' }),
    ]);
    expect((await supervisor.put(commentPath, { questionCode: 'T_SLEEP', content: 'Rewritten.' })).status).toBe(403);
    expect((await supervisor.delete(commentPath)).status).toBe(403);
    expect((await worker.delete(commentPath)).body.comments).toEqual([]);

    const removed = await worker.delete(`/api/assessments/${id}/caregivers/${cg}`, {});
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ caregivers: [], caregiverRatings: {} });
    expect((await worker.delete(`/api/assessments/${id}/caregivers/${cg}`, {})).status).toBe(404);
  });

  it('keeps other users out by id (IDOR): 404 for reads and writes, nothing changed', async () => {
    const { id, revision } = await worker.start(childForm({ cin: 'PID-PRIVATE' }));
    expect((await outsider.get(`/api/assessments/${id}`)).status).toBe(404);
    expect((await outsider.rate(id, 'T_SLEEP', 1)).status).toBe(404);
    expect((await outsider.put(`/api/assessments/${id}/child-information`, { child: childForm({ cin: 'PID-STOLEN' }) })).status).toBe(404);
    expect((await outsider.post(`/api/assessments/${id}/close`, { reason: 'mine now' })).status).toBe(404);
    expect((await outsider.get(`/api/assessments/${id}/share-options`)).status).toBe(404);
    expect((await outsider.list({ q: 'PID-PRIVATE' })).body).toEqual([]);
    const unchanged = (await worker.get(`/api/assessments/${id}`)).body;
    expect(unchanged).toMatchObject({ revision, child: { cin: 'PID-PRIVATE' }, statusCode: 'i', childRatings: {} });
    expect((await worker.get('/api/assessments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await worker.get('/api/assessments/not-a-uuid')).status).toBe(400);

    // Sharing with a sibling opens it to them (and only to them).
    const shared = await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] });
    expect(shared.status).toBe(200);
    expect((await sibling.get(`/api/assessments/${id}`)).status).toBe(200);
    const notSibling = await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling, ids.outsider] });
    expect(notSibling.status).toBe(400);
    expect((await outsider.get(`/api/assessments/${id}`)).status).toBe(404);
  });

  it('shares with and reassigns to sibling users, and toggles report inclusion of an approved case', async () => {
    const started = await worker.start(childForm({ cin: 'PID-HANDOVER' }));
    const options = await worker.get(`/api/assessments/${started.id}/share-options`);
    expect(options.body.siblingUsers.map((u: Json) => u.id)).toEqual([ids.sibling]);
    const reassignOptions = await supervisor.get(`/api/assessments/${started.id}/reassign-options`);
    expect(reassignOptions.body).toMatchObject({ ownerId: ids.worker, siblingUsers: [expect.objectContaining({ id: ids.sibling })] });
    // Only the case worker (or User_Actions) hands a case over; the supervisor sees it but may not.
    expect((await supervisor.post(`/api/assessments/${started.id}/reassign`, { toUserId: ids.sibling })).status).toBe(403);
    expect((await worker.post(`/api/assessments/${started.id}/reassign`, { toUserId: ids.outsider })).body.errors).toEqual({
      toUserId: [`User ${ids.outsider} is not one of the users you can share or reassign assessments to.`],
    });
    const reassigned = await worker.post(`/api/assessments/${started.id}/reassign`, { toUserId: ids.sibling, revision: started.revision });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body).toMatchObject({ ownerId: ids.sibling, ownerName: 'Sibling Tester' });
    expect((await worker.get(`/api/assessments/${started.id}`)).status).toBe(404);
    sibling.waitFor(Number(reassigned.headers['x-event-position']));
    expect((await sibling.list({ q: 'PID-HANDOVER' })).body).toEqual([
      expect.objectContaining({ ownerId: ids.sibling, ownerName: 'Sibling Tester' }),
    ]);

    let view = await rateAll(sibling, started.id);
    view = (await sibling.put(`/api/assessments/${started.id}/narrative`, { narrative: NARRATIVE, revision: view.revision })).body;
    await sibling.post(`/api/assessments/${started.id}/complete`, { revision: view.revision });
    const approved = (await supervisor.post(`/api/assessments/${started.id}/approve`, {})).body;
    expect(approved.actions).toMatchObject({ include: false, exclude: true, edit: false });
    const excluded = await supervisor.post(`/api/assessments/${started.id}/exclude`, { revision: approved.revision });
    expect(excluded.body).toMatchObject({ includedInReports: false, actions: { include: true, exclude: false } });
    // The type is locked once approved.
    const type = await supervisor.put(`/api/assessments/${started.id}/type`, { assessmentType: '63' });
    expect(type.status).toBe(409);
    expect(type.body.message).toBe('The assessment type cannot be changed once the assessment is approved.');
  });

  it('lands concurrent answers of two users on one assessment; conflicting transitions answer 409', async () => {
    const started = await worker.start(childForm({ cin: 'PID-RACE' }));
    const { id } = started;
    await worker.post(`/api/assessments/${id}/share`, { userIds: [ids.sibling] });
    const withCaregiver = (await worker.post(`/api/assessments/${id}/caregivers`, { caregiver: caregiverForm('Ann') })).body;
    const cg = withCaregiver.caregivers[0].caregiverId;
    // Six answers at once from two users, all on one stream: each lands (re-decided on a revision conflict).
    const answers = await Promise.all([
      worker.rate(id, 'T_SUBSTANCE_USE', 1),
      sibling.rate(id, 'T_SLEEP', 2),
      worker.rate(id, 'T_SUPERVISION', 3, cg),
      sibling.rate(id, 'T_KNOWLEDGE', 'NA', cg),
      worker.put(`/api/assessments/${id}/comments/6f7a6f3c-1d0e-4a52-9d3b-00000000000a`, {
        questionCode: 'T_SLEEP',
        content: 'Wakes at night.',
      }),
      sibling.put(`/api/assessments/${id}/comments/6f7a6f3c-1d0e-4a52-9d3b-00000000000b`, {
        questionCode: 'T_SLEEP',
        content: 'Nightmares.',
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const merged = (await worker.get(`/api/assessments/${id}`)).body;
    expect(merged.childRatings).toEqual({ T_SUBSTANCE_USE: 1, T_SLEEP: 2 });
    expect(merged.caregiverRatings).toEqual({ [cg]: { T_SUPERVISION: 3, T_KNOWLEDGE: 'NA' } });
    expect(merged.comments.map((c: Json) => c.content).sort()).toEqual(['Nightmares.', 'Wakes at night.']);
    expect(merged.revision).toBe(withCaregiver.revision + 6);

    // Two forms saved on the same revision: the second is stale.
    const view = (await worker.get(`/api/assessments/${id}`)).body;
    const [first, second] = await Promise.all([
      worker.put(`/api/assessments/${id}/child-information`, {
        child: childForm({ cin: 'PID-RACE', city: 'Hull' }),
        revision: view.revision,
      }),
      sibling.post(`/api/assessments/${id}/close`, { reason: 'Duplicate case.', revision: view.revision }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
  });

  it('checks the privilege of every route: no token 401, wrong privilege 403, right privilege OK', async () => {
    const { id } = await worker.start(childForm({ cin: 'PID-MATRIX' }));
    const viewer = new AssessmentsApi(t, `Bearer ${t.tokenFor(['Assessment_View'])}`, 'viewer');
    const nobody = new AssessmentsApi(t, `Bearer ${t.tokenFor(['HOME_SHOW'])}`, 'nobody');
    const routes: Array<[string, string, object]> = [
      ['get', '/api/assessments', {}],
      ['get', `/api/assessments/${id}`, {}],
      ['get', '/api/assessment-options', {}],
      ['get', '/api/children/lookup?cin=X', {}],
      ['post', '/api/assessments', { child: childForm() }],
      ['put', `/api/assessments/${id}/child-information`, { child: childForm() }],
      ['put', `/api/assessments/${id}/ratings`, { questionCode: 'T_SLEEP', rating: 1 }],
      ['put', `/api/assessments/${id}/narrative`, { narrative: NARRATIVE }],
      ['post', `/api/assessments/${id}/caregivers`, { caregiver: caregiverForm('Al') }],
      ['post', `/api/assessments/${id}/complete`, {}],
      ['post', `/api/assessments/${id}/approve`, {}],
      ['post', `/api/assessments/${id}/return`, { reason: 'x' }],
      ['post', `/api/assessments/${id}/close`, { reason: 'x' }],
      ['post', `/api/assessments/${id}/delete`, {}],
      ['post', `/api/assessments/${id}/include`, {}],
      ['post', `/api/assessments/${id}/share`, { userIds: [] }],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await (t.http() as Json)[method](path).send(body);
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
      const denied = await (t.http() as Json)[method](path).set('Authorization', nobody.token).send(body);
      expect({ path, status: denied.status }).toEqual({ path, status: 403 });
    }
    const docs = await t.http().get('/api/docs-json');
    const paths = Object.keys(docs.body.paths).filter(
      (p) => p.startsWith('/api/assessments') || p.startsWith('/api/children') || p === '/api/assessment-options',
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/assessments',
        '/api/assessments/{id}',
        '/api/assessments/{id}/ratings',
        '/api/assessments/{id}/approve',
        '/api/children/lookup',
        '/api/assessment-options',
      ]),
    );
    // A viewer reads (the list; someone else's assessment stays 404) but cannot change anything.
    expect((await viewer.list()).status).toBe(200);
    expect((await viewer.get('/api/assessment-options')).body.assessmentTypes).toHaveLength(3);
    expect((await viewer.rate(id, 'T_SLEEP', 1)).status).toBe(403);
    expect((await viewer.post('/api/assessments', { child: childForm() })).status).toBe(403);
    // With the privilege but without Edit_Approved_Case the status decides (403 from the workflow gate).
    const approvedCase = await worker.start(childForm({ cin: 'PID-MATRIX-2' }));
    const full = new AssessmentsApi(t, `Bearer ${t.tokenFor([...SUPERVISOR_PRIVILEGES], ids.worker)}`, ids.worker);
    expect((await full.post(`/api/assessments/${approvedCase.id}/approve`, {})).status).toBe(409);
    // Put the worker back in a workers' group for the other tests.
    new AssessmentsApi(t, `Bearer ${t.tokenFor([...WORKER_PRIVILEGES], ids.worker)}`, ids.worker);
  });

  it('lists with filters, sort, paging, status day counts and the overdue / follow-up views', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const dayMs = 86_400_000;
    const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * dayMs).toISOString().slice(0, 10);
    const addMonths = (date: string, months: number) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + months);
      return d.toISOString().slice(0, 10);
    };
    const approve = async (cin: string, dateOfAssessment: string) => {
      const started = await worker.start(childForm({ cin, dateOfAssessment }));
      await rateAll(worker, started.id);
      const view = (await worker.put(`/api/assessments/${started.id}/narrative`, { narrative: NARRATIVE })).body;
      await worker.post(`/api/assessments/${started.id}/complete`, { revision: view.revision });
      const approved = await supervisor.post(`/api/assessments/${started.id}/approve`, {});
      expect(approved.status).toBe(200);
      worker.waitFor(Number(approved.headers['x-event-position']));
      return started.id as string;
    };
    const overdue = await approve('PID-OVERDUE', '2024-01-10');
    const followUp = await approve('PID-FOLLOWUP', addMonths(isoDay(-10), -6));
    const recent = await approve('PID-RECENT', isoDay(-1));

    const overdueList = await worker.list({ view: 'overdue', q: 'PID-OVER' });
    expect(overdueList.body.map((r: Json) => r.id)).toEqual([overdue]);
    const overdueIds = (await worker.list({ view: 'overdue' })).body.map((r: Json) => r.id);
    expect(overdueIds).toContain(overdue);
    expect(overdueIds).not.toContain(followUp);
    expect(overdueIds).not.toContain(recent);
    expect(overdueList.body[0].dayCount).toBeGreaterThan(300);
    expect(overdueList.body[0].nextDueDate).toBe('2024-07-10');
    expect((await worker.list({ view: 'followUp' })).body.map((r: Json) => r.id)).toEqual([followUp]);
    expect((await worker.list({ view: 'all', status: 'a', q: 'PID-RECENT' })).body.map((r: Json) => r.id)).toEqual([recent]);

    const mine = await worker.list({ status: 'i', lud: 7 }, ['cin', 'ASC'], [0, 1]);
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(2);
    expect(mine.body[0].cin <= mine.body[1].cin).toBe(true);
    expect(mine.body.every((r: Json) => r.statusCode === 'i' && r.dayCount === 0 && r.actions.edit === true)).toBe(true);
    expect(Number(mine.headers['content-range'].split('/')[1])).toBeGreaterThan(2);
    expect((await worker.list({ month })).status).toBe(200);
    expect((await worker.list({ date: '2024-01' })).body.map((r: Json) => r.id)).toEqual([overdue]);
    expect((await worker.list({ scope: '-1' })).body.every((r: Json) => r.statusCode === 'e')).toBe(true);
    const bad = await worker.list({ status: 'x', lud: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'filter.status': ['must be all, i, r, c, a or e'],
      'filter.lud': ['must be one of 7, 14, 30, 45, 90'],
    });
    expect((await worker.get('/api/assessments', { sort: '["secret","ASC"]' })).status).toBe(400);
    // The supervisor sees the supervisee's rows; the outsider none of them.
    expect((await supervisor.list({ q: 'PID-OVERDUE' })).body).toHaveLength(1);
    expect((await outsider.list({ q: 'PID-OVERDUE' })).body).toHaveLength(0);
  });
});
