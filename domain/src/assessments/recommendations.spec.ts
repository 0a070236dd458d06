import { caregiver, rate, seedLibrary, startedState, withCaregivers } from './test-support/assessment-fixtures';
import { generateRecommendations, serviceCoordinationLine } from './recommendations';

describe('generated recommendations (domain -1, caregiver 0)', () => {
  it("come from actionable ratings only: needs 2/3, strengths 2/3 per the domain's rating meaning", () => {
    let state = withCaregivers(startedState(), caregiver('cg-1', 'Ann'));
    state = rate(state, {
      DEPRESSION: '2', // need: action
      SUICIDE_RISK: '3', // need: immediate action
      ANXIETY: '1', // need: watch, not actionable
      ST_RESILIENCE: '2', // strength: to build
      ST_FAMILY: '3', // strength: to identify
      ST_OPTIMISM: '0', // centerpiece strength, not actionable
      SLEEP: 'NA',
    });
    state = rate(state, { CG_SUPERVISION: '2' }, 'cg-1');
    const result = generateRecommendations(state, seedLibrary, { serviceCoordinationPhone: '0800 000 000' });

    expect(result.domainId).toBe(-1);
    expect(result.caregiverId).toBe(0);
    expect(result.count).toBe(5);
    expect(result.needs.map((r) => [r.questionCode, r.kind, r.caregiverId])).toEqual([
      ['DEPRESSION', 'need-action', null],
      ['SUICIDE_RISK', 'need-immediate-action', null],
      ['CG_SUPERVISION', 'need-action', 'cg-1'],
    ]);
    expect(result.strengths.map((r) => [r.questionCode, r.kind])).toEqual([
      ['ST_FAMILY', 'strength-to-identify'],
      ['ST_RESILIENCE', 'strength-to-build'],
    ]);
    expect(result.text).toBe(
      [
        'Needs that require action:',
        '- DEPRESSION (Behavioral/Emotional Needs, rated 2): action is needed. Include a service or intervention for this need in the plan.',
        '- SUICIDE RISK (Risk Behaviors, rated 3): immediate or intensive action is needed. Address this need first in the plan.',
        '- SUPERVISION (Caregiver Resources and Needs, caregiver Ann Hale, rated 2): action is needed. Include a service or intervention for this need in the plan.',
        'Strengths to build:',
        '- FAMILY STRENGTHS (Child Strengths, rated 3): no strength has been identified yet. Include efforts to find or build this strength in the plan.',
        '- RESILIENCE (Child Strengths, rated 2): the strength is there but must be developed. Include activities that build it in the plan.',
        'For help arranging services, call the service coordination line of the state health program at 0800 000 000.',
      ].join('\n'),
    );
  });

  it('ignores ratings of questions that are not visible (a closed module)', () => {
    const state = rate(startedState(), { DN_COGNITIVE: '3', DEVELOPMENTAL_INTELLECTUAL: '0' });
    expect(generateRecommendations(state, seedLibrary).count).toBe(0);
    const opened = rate(state, { DEVELOPMENTAL_INTELLECTUAL: '1' });
    expect(generateRecommendations(opened, seedLibrary).needs.map((r) => r.questionCode)).toEqual(['DN_COGNITIVE']);
  });

  it('is deterministic and says so when nothing is actionable', () => {
    const state = rate(startedState(), { DEPRESSION: '1' });
    const first = generateRecommendations(state, seedLibrary);
    expect(first).toEqual(generateRecommendations(state, seedLibrary));
    expect(first.text).toBe(
      'No item is rated as actionable, so no service recommendation was generated.\n' +
        'For help arranging services, call the service coordination line of the state health program.',
    );
    expect(serviceCoordinationLine('  ')).toBe(
      'For help arranging services, call the service coordination line of the state health program.',
    );
  });
});
