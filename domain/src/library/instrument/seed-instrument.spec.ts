import { Domain, Question, REQUIRED_ANSWER_RATINGS } from './instrument.types';
import { ageLabelOf, indexInstrument } from './instrument-tree';
import { validateInstrumentIntegrity } from './instrument-integrity';
import { seedInstrument, seedRules } from './seed-instrument';

const index = indexInstrument(seedInstrument);
const questions = index.questions.map((q) => q.node);
const byCode = (code: string) => index.byCode.get(code)?.node;

/**
 * The codes of library version 1. Codes are compared across versions by reports, so a later version may add
 * codes but must never rename or drop one of these (retire an item by hiding it instead).
 */
const V1_CODES = {
  domains: [
    'LIFE_FUNCTIONING',
    'CHILD_STRENGTHS',
    'ACCULTURATION',
    'BEHAVIORAL_EMOTIONAL_NEEDS',
    'RISK_BEHAVIORS',
    'TRAUMA',
    'CAREGIVER_RESOURCES_NEEDS',
  ],
  modules: [
    'SCHOOL_MODULE',
    'EARLY_CHILDHOOD_MODULE',
    'DEVELOPMENTAL_NEEDS_MODULE',
    'SUBSTANCE_USE_MODULE',
    'JUVENILE_JUSTICE_MODULE',
    'FIRE_SETTING_MODULE',
    'SEXUALLY_REACTIVE_MODULE',
    'ADJUSTMENT_TO_TRAUMA_MODULE',
    'SEPARATION_LOSS_MODULE',
    'CG_SUBSTANCE_USE_MODULE',
  ],
  questions: [
    'FAMILY_FUNCTIONING',
    'LIVING_SITUATION',
    'SOCIAL_FUNCTIONING',
    'DEVELOPMENTAL_INTELLECTUAL',
    'COMMUNICATION',
    'MEDICAL_PHYSICAL',
    'SLEEP',
    'DECISION_MAKING',
    'SEXUAL_DEVELOPMENT',
    'RECREATIONAL',
    'INDEPENDENT_LIVING_SKILLS',
    'JOB_FUNCTIONING',
    'SCHOOL_ATTENDANCE',
    'SCHOOL_BEHAVIOR',
    'SCHOOL_ACHIEVEMENT',
    'MOTOR_SKILLS',
    'FEEDING_ELIMINATION',
    'SELF_REGULATION_EARLY',
    'DN_COGNITIVE',
    'DN_DEVELOPMENTAL_DELAYS',
    'DN_SELF_CARE',
    'ST_FAMILY',
    'ST_INTERPERSONAL',
    'ST_OPTIMISM',
    'ST_EDUCATIONAL',
    'ST_VOCATIONAL',
    'ST_TALENTS_INTERESTS',
    'ST_SPIRITUAL',
    'ST_COMMUNITY',
    'ST_RESILIENCE',
    'ST_RELATIONSHIP_PERMANENCE',
    'ST_NATURAL_SUPPORTS',
    'ST_CURIOSITY',
    'LANGUAGE',
    'CULTURAL_IDENTITY',
    'RITUALS',
    'CULTURAL_STRESS',
    'PSYCHOSIS',
    'IMPULSIVITY_HYPERACTIVITY',
    'DEPRESSION',
    'ANXIETY',
    'OPPOSITIONAL',
    'CONDUCT',
    'ANGER_CONTROL',
    'SUBSTANCE_USE',
    'EATING_DISTURBANCE',
    'CHRONICITY',
    'SU_SEVERITY',
    'SU_DURATION',
    'SU_STAGE_OF_RECOVERY',
    'SU_PEER_INFLUENCES',
    'SU_PARENTAL_INFLUENCES',
    'SU_RECOVERY_SUPPORTS',
    'SUICIDE_RISK',
    'NON_SUICIDAL_SELF_INJURY',
    'OTHER_SELF_HARM',
    'DANGER_TO_OTHERS',
    'RUNAWAY',
    'SEXUALLY_REACTIVE_BEHAVIOR',
    'DELINQUENT_BEHAVIOR',
    'FIRE_SETTING',
    'BULLYING',
    'EXPLOITATION',
    'ARRESTS_DETENTION',
    'JJ_SERIOUSNESS',
    'JJ_HISTORY',
    'JJ_COMMUNITY_SAFETY',
    'JJ_PEER_INVOLVEMENT',
    'JJ_LEGAL_COMPLIANCE',
    'FS_SERIOUSNESS',
    'FS_HISTORY',
    'FS_PLANNING',
    'FS_INTENTION_TO_HARM',
    'FS_RESPONSE_TO_ACCUSATION',
    'SRB_RELATIONSHIP',
    'SRB_PHYSICAL_FORCE',
    'SRB_PLANNING',
    'SRB_HISTORY',
    'SRB_RESPONSE_TO_ACCUSATION',
    'SEXUAL_ABUSE',
    'PHYSICAL_ABUSE',
    'EMOTIONAL_ABUSE',
    'NEGLECT',
    'MEDICAL_TRAUMA',
    'WITNESS_FAMILY_VIOLENCE',
    'WITNESS_COMMUNITY_VIOLENCE',
    'NATURAL_DISASTER',
    'VICTIM_OF_CRIME',
    'DISRUPTIONS_IN_CAREGIVING',
    'PARENTAL_CRIMINAL_BEHAVIOR',
    'ADJUSTMENT_TO_TRAUMA',
    'TR_AFFECT_REGULATION',
    'TR_INTRUSIONS',
    'TR_ATTACHMENT',
    'TR_HYPERAROUSAL',
    'TR_AVOIDANCE',
    'TR_DISSOCIATION',
    'TR_TRAUMATIC_GRIEF',
    'SL_SEPARATION_DISTRESS',
    'SL_SIBLING_SEPARATION',
    'SL_PLACEMENT_CHANGES',
    'CG_SUPERVISION',
    'CG_INVOLVEMENT',
    'CG_KNOWLEDGE',
    'CG_SOCIAL_RESOURCES',
    'CG_FINANCIAL_RESOURCES',
    'CG_RESIDENTIAL_STABILITY',
    'CG_PHYSICAL_HEALTH',
    'CG_MENTAL_HEALTH',
    'CG_SUBSTANCE_USE',
    'CG_FAMILY_STRESS',
    'CG_SAFETY',
    'CG_SU_IMPACT_ON_PARENTING',
    'CG_SU_RECOVERY',
  ],
  texts: ['LF_INTRO', 'TRAUMA_INTRO', 'CG_INTRO'],
  rules: [
    'SHOW_DEVELOPMENTAL_NEEDS_MODULE',
    'SHOW_SUBSTANCE_USE_MODULE',
    'SHOW_JUVENILE_JUSTICE_MODULE',
    'SHOW_FIRE_SETTING_MODULE',
    'SHOW_SEXUALLY_REACTIVE_MODULE',
    'SHOW_ADJUSTMENT_TO_TRAUMA_MODULE',
    'SHOW_SEPARATION_LOSS_MODULE',
    'SHOW_CG_SUBSTANCE_USE_MODULE',
    'HIDE_SCHOOL_BEHAVIOR_NOT_ENROLLED',
    'HIDE_SCHOOL_ACHIEVEMENT_NOT_ENROLLED',
  ],
};

describe('seed instrument integrity', () => {
  it('passes the full integrity check (no issues)', () => {
    expect(validateInstrumentIntegrity(seedInstrument, seedRules)).toEqual([]);
  });

  it('has between 80 and 120 questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(80);
    expect(questions.length).toBeLessThanOrEqual(120);
  });

  it('keeps every version-1 code (codes never change across versions)', () => {
    const kinds = (kind: string) => index.nodes.filter((n) => n.node.kind === kind).map((n) => n.node.code);
    expect(kinds('domain')).toEqual(expect.arrayContaining(V1_CODES.domains));
    expect(kinds('module')).toEqual(expect.arrayContaining(V1_CODES.modules));
    expect(kinds('question')).toEqual(expect.arrayContaining(V1_CODES.questions));
    expect(kinds('text')).toEqual(expect.arrayContaining(V1_CODES.texts));
    expect(seedRules.map((r) => r.code)).toEqual(expect.arrayContaining(V1_CODES.rules));
  });

  it('has the seven CANS domains, with the caregiver domain answered per caregiver', () => {
    expect(seedInstrument.domains.map((d) => d.name)).toEqual([
      'Life Functioning',
      'Child Strengths',
      'Acculturation',
      'Behavioral/Emotional Needs',
      'Risk Behaviors',
      'Trauma',
      'Caregiver Resources and Needs',
    ]);
    const caregiver = seedInstrument.domains.filter((d) => d.caregiverItem).map((d) => d.code);
    expect(caregiver).toEqual(['CAREGIVER_RESOURCES_NEEDS']);
    for (const q of index.questions) expect(q.node.caregiverItem).toBe(q.domain.code === 'CAREGIVER_RESOURCES_NEEDS');
  });

  it('rates Child Strengths as strengths and every other domain as needs; actionable = 2 and 3 for both', () => {
    for (const d of seedInstrument.domains) {
      expect(d.ratingMeaning).toBe(d.code === 'CHILD_STRENGTHS' ? 'strength' : 'need');
      expect([...d.actionableRatings].sort()).toEqual(['2', '3']);
    }
  });

  it('has the two items the Quick Glance panel counts, with their exact names', () => {
    expect(byCode('CHRONICITY')).toMatchObject({ kind: 'question', name: 'CHRONICITY (ALL AGES)' });
    expect((byCode('CHRONICITY') as Question).ageMin).toBeUndefined();
    expect((byCode('CHRONICITY') as Question).ageMax).toBeUndefined();
    expect(byCode('ARRESTS_DETENTION')).toMatchObject({ kind: 'question', name: 'ARRESTS/DETENTION (AGES 6+)', ageMin: 6 });
    expect(questions.filter((q) => q.name === 'CHRONICITY (ALL AGES)')).toHaveLength(1);
    expect(questions.filter((q) => q.name === 'ARRESTS/DETENTION (AGES 6+)')).toHaveLength(1);
    // neither is behind a rule: the glance shares are over every assessed child
    for (const code of ['CHRONICITY', 'ARRESTS_DETENTION']) expect(index.byCode.get(code)?.modulePath).toEqual([]);
  });

  it('has at least three modules opened by rules, each with a show-rule and flagged triggeredOnly', () => {
    const showTargets = new Set(seedRules.filter((r) => r.action === 'show').map((r) => r.target.moduleCode));
    const triggered = index.modules.filter((m) => m.node.triggeredOnly).map((m) => m.node.code);
    expect(triggered.length).toBeGreaterThanOrEqual(3);
    for (const code of triggered) expect(showTargets.has(code)).toBe(true);
    expect(triggered).toEqual(
      expect.arrayContaining(['SUBSTANCE_USE_MODULE', 'JUVENILE_JUSTICE_MODULE', 'FIRE_SETTING_MODULE', 'ADJUSTMENT_TO_TRAUMA_MODULE']),
    );
  });

  it('opens the juvenile justice module on DELINQUENT_BEHAVIOR 1-3 and the substance use module on SUBSTANCE_USE 1-3', () => {
    expect(seedRules.find((r) => r.target.moduleCode === 'JUVENILE_JUSTICE_MODULE')).toMatchObject({
      trigger: { domainCode: 'RISK_BEHAVIORS', questionCode: 'DELINQUENT_BEHAVIOR' },
      answers: ['1', '2', '3'],
      action: 'show',
    });
    expect(seedRules.find((r) => r.target.moduleCode === 'SUBSTANCE_USE_MODULE')).toMatchObject({
      trigger: { domainCode: 'BEHAVIORAL_EMOTIONAL_NEEDS', questionCode: 'SUBSTANCE_USE' },
      answers: ['1', '2', '3'],
    });
  });

  it('nests a triggered module inside a triggered module', () => {
    const nested = index.byCode.get('SEPARATION_LOSS_MODULE');
    expect(nested?.modulePath.map((m) => m.code)).toEqual(['ADJUSTMENT_TO_TRAUMA_MODULE']);
  });

  it('describes answers 0-3 and N/A for every question, plus a description and a short name', () => {
    for (const q of questions) {
      for (const rating of REQUIRED_ANSWER_RATINGS) {
        expect({ code: q.code, rating, text: q.answers[rating as '0'].trim().length > 0 }).toEqual({ code: q.code, rating, text: true });
      }
      expect(q.description).toMatch(/^<p>.+<\/p>$/);
      expect(q.shortName?.length).toBeGreaterThan(0);
    }
  });

  it('uses distinct answer descriptions within a question', () => {
    for (const q of questions) {
      const texts = REQUIRED_ANSWER_RATINGS.map((r) => q.answers[r as '0']);
      expect({ code: q.code, distinct: new Set(texts).size }).toEqual({ code: q.code, distinct: texts.length });
    }
  });

  it('applies realistic age restrictions that match the name labels', () => {
    const ages = (code: string) => {
      const n = byCode(code) as Question;
      return [n.ageMin, n.ageMax];
    };
    expect(ages('JOB_FUNCTIONING')).toEqual([14, 22]);
    expect(ages('INDEPENDENT_LIVING_SKILLS')).toEqual([14, 22]);
    expect(ages('SEXUAL_DEVELOPMENT')).toEqual([6, 22]);
    expect(ages('MOTOR_SKILLS')).toEqual([0, 5]);
    expect(ages('SUBSTANCE_USE')).toEqual([10, 22]);
    expect(byCode('EARLY_CHILDHOOD_MODULE')).toMatchObject({ ageMin: 0, ageMax: 5 });
    expect(byCode('SCHOOL_MODULE')).toMatchObject({ ageMin: 5, ageMax: 22 });
    for (const q of questions) {
      const label = ageLabelOf(q.name);
      if (label) expect({ code: q.code, ageMin: q.ageMin, ageMax: q.ageMax }).toEqual({ code: q.code, ...label });
      else expect({ code: q.code, ageMin: q.ageMin, ageMax: q.ageMax }).toEqual({ code: q.code, ageMin: undefined, ageMax: undefined });
    }
  });

  it('has unique UPPER_SNAKE codes', () => {
    const codes = index.nodes.map((n) => n.node.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('starts every domain with a description', () => {
    for (const d of seedInstrument.domains as Domain[]) expect(d.description.length).toBeGreaterThan(10);
  });
});
