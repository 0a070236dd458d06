/** The records of the real mix (real-mix-events.ts): ids, names, a child, a caregiver, a narrative. */
import { createHash } from 'node:crypto';
import { addDays, type Caregiver, type ChildInformation, type Narrative } from '@cans/domain/assessments';

/** A mulberry32 PRNG: the same data on every run. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic UUID-shaped id. */
export function mixId(kind: string, n: number | string): string {
  const hex = createHash('sha1').update(`real-mix:${kind}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const FIRST = ['Robin', 'Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Jamie', 'Riley', 'Avery', 'Quinn', 'Harper'];
export const LAST = ['Hale', 'Smith', 'Jones', 'Patel', 'Khan', 'Brown', 'Evans', 'Wilson', 'Davies', 'Wright', 'Walker', 'Green'];

export const NARRATIVE: Narrative = {
  impressions: 'Engaged well in the session; settled in placement but anxious before family contact.',
  needs: 'Emotional regulation around contact; school attendance has dipped this term.',
  targets: 'Fewer incidents before contact; attendance above 90 percent.',
  outcomes: 'Calmer transitions and steady attendance within three months.',
  plan: 'Weekly sessions with the school counsellor; contact plan reviewed with the family.',
  recommendations: 'Refer for therapeutic support; review at the next looked-after child meeting.',
};

export function caregiverOf(key: string, c: number): Caregiver {
  return {
    caregiverId: mixId('caregiver', key),
    firstName: FIRST[c % FIRST.length],
    lastName: LAST[(c + 3) % LAST.length],
    relationship: { group: 'Parent/Guardian', role: c === 0 ? 'Mother' : 'Father' },
    gender: c === 0 ? 'F' : 'M',
    phone: '5550101001',
    address: '22 Mill Lane',
    city: 'Leeds',
    zip: 'LS2 7QT',
    county: 'West Yorkshire',
    cin: null,
  };
}

export function childOf(i: number, random: () => number, today: string, assessments: number): ChildInformation {
  const dateOfAssessment = addDays(today, -Math.floor(random() * 3 * 365));
  return {
    // 7 assessments in 10 have a child of their own; the rest are re-assessments of a child seen before.
    cin: `PID-${String(i % Math.max(1, Math.floor(assessments * 0.7))).padStart(6, '0')}`,
    familyId: random() < 0.3 ? `FAM-${i % 40_000}` : null,
    firstName: FIRST[Math.floor(random() * FIRST.length)],
    lastName: `${LAST[Math.floor(random() * LAST.length)]}${i % 97}`,
    gender: (['M', 'F', 'G', 'N', 'O'] as const)[Math.floor(random() * 5)],
    raceEthnicity: 'White British',
    primaryLanguage: 'English',
    medicaidNumber: String(100_000_000 + i),
    age: 10,
    dateOfBirth: addDays(dateOfAssessment, -(3650 + Math.floor(random() * 2000))),
    address: null,
    city: 'Leeds',
    zip: null,
    county: 'West Yorkshire',
    dateOfAssessment,
    caseOpeningDate: addDays(dateOfAssessment, -30),
    assessorPhoneNumber: null,
    daysToNextAssessment: null,
    lookedAfterChild: 'N',
    lookedAfterStatus: null,
    involvement: null,
    assessmentScope: null,
    recommendationsNote: null,
  };
}
