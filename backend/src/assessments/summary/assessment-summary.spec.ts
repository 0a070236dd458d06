import { indexInstrument } from '@cans/domain/library/instrument/instrument-tree';
import { seedInstrument } from '@cans/domain/library/instrument/seed-instrument';
import { visibleQuestionsOf } from '@cans/domain/assessments';
import {
  ASSESSMENT_ID,
  OWNER,
  SUPERVISOR,
  caregiver,
  completableState,
  ev,
  fold,
  inStatus,
  rate,
  seedLibrary,
  startedState,
  withCaregivers,
} from '@cans/domain/assessments/test-support/assessment-fixtures';
import { buildAssessmentSummary, buildPrintableAssessment, displayPhone, htmlToText, mentionedUserIds } from './assessment-summary';

const names = new Map([
  [OWNER, 'Wendy Worker'],
  [SUPERVISOR, 'Sam Supervisor'],
]);

const strengthDomain = seedInstrument.domains.find((d) => d.ratingMeaning === 'strength')!;
const needDomain = seedInstrument.domains.find((d) => d.code === 'TRAUMA')!;

function firstVisibleOf(state: ReturnType<typeof startedState>, domainCode: string, count: number): string[] {
  return visibleQuestionsOf(state, seedLibrary)
    .filter((q) => q.domainCode === domainCode && q.caregiverId === null)
    .slice(0, count)
    .map((q) => q.code);
}

describe('CANS Summary', () => {
  it('counts actionable needs (2/3) and useful strengths (0/1) per domain from the library meanings', () => {
    let state = startedState();
    const [s1, s2, s3, s4] = firstVisibleOf(state, strengthDomain.code, 4);
    const [n1, n2, n3] = firstVisibleOf(state, needDomain.code, 3);
    state = rate(state, { [s1]: '0', [s2]: '1', [s3]: '2', [s4]: '3', [n1]: '2', [n2]: '3', [n3]: '1' });

    const summary = buildAssessmentSummary({ state, library: seedLibrary, names });
    const strengths = summary.glance.domains.find((d) => d.domainCode === strengthDomain.code)!;
    const trauma = summary.glance.domains.find((d) => d.domainCode === needDomain.code)!;

    expect(strengths).toMatchObject({ ratingMeaning: 'strength', actionable: 2, useful: 2, rated: 4 });
    expect(strengths.counts).toMatchObject({ '0': 1, '1': 1, '2': 1, '3': 1 });
    expect(trauma).toMatchObject({ ratingMeaning: 'need', actionable: 2, useful: 0, rated: 3 });
    expect(summary.glance.totalActionable).toBe(4);
    expect(summary.glance.totalUseful).toBe(2);
    // Every visible domain appears in the glance, rated or not.
    expect(summary.glance.domains.length).toBe(
      new Set(visibleQuestionsOf(state, seedLibrary).map((q) => `${q.domainCode}|${q.caregiverId}`)).size,
    );
  });

  it('lists only rated items, with the answer text of the rating and the comments with their author', () => {
    let state = startedState();
    const [n1, n2] = firstVisibleOf(state, needDomain.code, 2);
    state = rate(state, { [n1]: '2' });
    state = fold(state, [
      ev('QuestionCommentSaved', {
        commentId: 'c-1',
        questionCode: n1,
        caregiverId: null,
        content: 'Nightmares twice a week.',
        authorId: OWNER,
      }),
    ]);

    const summary = buildAssessmentSummary({ state, library: seedLibrary, names });
    const trauma = summary.domains.find((d) => d.domainCode === needDomain.code)!;
    const question = indexInstrument(seedInstrument).questions.find((q) => q.node.code === n1)!.node;
    expect(trauma.items.map((i) => i.questionCode)).toEqual([n1]);
    expect(trauma.items.map((i) => i.questionCode)).not.toContain(n2);
    expect(trauma.items[0]).toMatchObject({ answer: '2', actionable: true, triggered: false });
    expect(trauma.items[0].answerText).toBe(question.answers['2']);
    expect(trauma.items[0].answerText).not.toBe('');
    expect(trauma.items[0].comments).toEqual([
      expect.objectContaining({ content: 'Nightmares twice a week.', authorName: 'Wendy Worker' }),
    ]);
  });

  it('marks questions brought in by a rule as triggered and names the module a rule opened', () => {
    let state = startedState();
    state = rate(state, { ADJUSTMENT_TO_TRAUMA: '2' });
    const opened = visibleQuestionsOf(state, seedLibrary).filter((q) => q.triggered && q.domainCode === 'TRAUMA');
    expect(opened.length).toBeGreaterThan(0);
    state = rate(state, { [opened[0].code]: '1' });

    const summary = buildAssessmentSummary({ state, library: seedLibrary, names });
    const trauma = summary.domains.find((d) => d.domainCode === 'TRAUMA')!;
    expect(trauma.triggeredModules).toEqual(['Trauma Module: Adjustment to Trauma']);
    expect(trauma.items.find((i) => i.questionCode === opened[0].code)).toMatchObject({ triggered: true, answer: '1' });
    expect(trauma.items.find((i) => i.questionCode === 'ADJUSTMENT_TO_TRAUMA')).toMatchObject({ triggered: false });
  });

  it('lists a caregiver domain once per caregiver, with the caregiver named', () => {
    let state = withCaregivers(
      startedState(),
      caregiver('cg-1', 'Ann'),
      caregiver('cg-2', 'Bob', { relationship: { group: 'Substitute Caregiver', role: 'Foster Carer' } }),
    );
    const cgQuestion = visibleQuestionsOf(state, seedLibrary).find((q) => q.caregiverId === 'cg-2')!;
    state = rate(state, { [cgQuestion.code]: '3' }, 'cg-2');

    const summary = buildAssessmentSummary({ state, library: seedLibrary, names });
    const instances = summary.glance.domains.filter((d) => d.domainCode === cgQuestion.domainCode);
    expect(instances.map((d) => d.caregiverName)).toEqual(['Ann Hale', 'Bob Hale']);
    expect(instances.map((d) => d.actionable)).toEqual([0, 1]);
    expect(summary.domains.find((d) => d.caregiverId === 'cg-2')!.title).toBe(`${instances[1].name} (Bob Hale)`);
    expect(summary.caregivers[1]).toMatchObject({ relationship: 'Substitute Caregiver', role: 'Foster Carer', phone: '555-010-2000' });
  });

  it('carries child info, assessment facts, the narrative and the generated recommendations', () => {
    const state = inStatus(completableState(), 'approved');
    const summary = buildAssessmentSummary({ state, library: seedLibrary, names });
    expect(summary.child).toMatchObject({ fullName: 'Robin Hale', cin: 'PID-0001', genderName: 'Female', ageAtAssessment: 12 });
    expect(summary.assessment).toMatchObject({
      id: ASSESSMENT_ID,
      statusCode: 'a',
      statusLabel: 'Approved',
      assessmentTypeName: 'Initial Assessment',
      ownerName: 'Wendy Worker',
      approvedByName: 'Sam Supervisor',
    });
    expect(summary.narrative.impressions).toBe('Settled at school, anxious at contact.');
    expect(summary.narrativeSections.map((s) => s.label)).toEqual([
      'Impressions',
      'Needs',
      'Targets',
      'Outcomes',
      'Plan',
      'Recommendations',
    ]);
    expect(summary.recommendations.domainId).toBe(-1);
    expect(summary.recommendations.count).toBe(0);
  });
});

describe('Printable assessment', () => {
  it('lists every visible question, answered or not, with its description, and the return and close reasons', () => {
    let state = startedState();
    const [n1] = firstVisibleOf(state, needDomain.code, 1);
    state = rate(state, { [n1]: '0' });
    state = inStatus(state, 'returned');

    const printable = buildPrintableAssessment({ state, library: seedLibrary, names });
    const visible = visibleQuestionsOf(state, seedLibrary);
    expect(printable.domains.flatMap((d) => d.items).length).toBe(visible.length);
    const trauma = printable.domains.find((d) => d.domainCode === needDomain.code)!;
    expect(trauma.items.find((i) => i.questionCode === n1)).toMatchObject({ answer: '0' });
    expect(trauma.items.filter((i) => i.answer === null).length).toBe(trauma.items.length - 1);
    expect(trauma.items[0].description).not.toMatch(/<[a-z]/);
    expect(trauma.progress.total).toBe(trauma.items.length);
    expect(printable.reasons).toEqual([
      expect.objectContaining({ kind: 'return', reason: 'Please rate trauma again.', byName: 'Sam Supervisor' }),
    ]);
  });

  it('names every user it mentions', () => {
    const state = inStatus(completableState(), 'approved');
    expect(mentionedUserIds(state).sort()).toEqual([OWNER, SUPERVISOR].sort());
  });
});

describe('helpers', () => {
  it('turns rich text into plain text', () => {
    expect(htmlToText('<p>One &amp; two</p><ul><li>a</li><li>b</li></ul>')).toBe('One & two\n• a\n• b');
  });

  it('shows a ten-digit phone with dashes and leaves others as entered', () => {
    expect(displayPhone('5550102000')).toBe('555-010-2000');
    expect(displayPhone('+44 113 496 0000')).toBe('+44 113 496 0000');
    expect(displayPhone(null)).toBeNull();
  });
});
