/**
 * The fixture of the comparison differencing spec: three agencies and the assessments of 49 children, each child
 * with one approved assessment. Every child rates the same 13 marker questions, all 0 but one, which it rates N/A,
 * 1, 2 or 3 — its marker, unique to the child. A comparison answer's rating counts therefore say exactly which
 * children it holds (a count of 1 at a child's marker), so the spec reads every answer's child set from the figures
 * alone, whatever the request meant; and every marker question is rated by every child of a group, so no small
 * cell hides one. One child of agency C (63 / 2025) also rates a sparse question nobody else rates.
 *
 * The caller is the case worker `worker` of agency `own` (row access: their own assessments). Per (type, year):
 * - 62 / 2025: agency B 11 children assessed on 2025-10-01 … 2025-10-11 (one a day, PIDs B-01 … B-11); agency C one
 *   child; the own agency 4 of the worker's and 2 of a colleague's (which the worker cannot read);
 * - 63 / 2025: agency B 10, agency C 10;
 * - 62 / 2026: the own agency 10 of the worker's and 1 of the colleague's.
 */
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import type { TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';

export const MARKER_RATINGS: readonly Rating[] = ['NA', '1', '2', '3'];
const MARKER_QUESTIONS = 13;
/** The domains whose questions carry the markers (the comparison requests ask for these). */
export const MARKER_DOMAINS = 'CHILD_STRENGTHS,TRAUMA';

export interface FixtureChild {
  cin: string;
  agency: 'own' | 'b' | 'c';
  owner: 'worker' | 'colleague' | 'bWorker' | 'cWorker';
  assessmentType: string;
  dateOfAssessment: string;
  /** `${questionCode}:${rating}`: the rating only this child gives. */
  marker: string;
  /** Every rating of the child's assessment, question code → rating. */
  ratings: Record<string, Rating>;
}

export interface ComparisonFixture {
  agencies: Record<'own' | 'b' | 'c', string>;
  users: Record<'supervisor' | 'worker' | 'colleague' | 'bWorker' | 'cWorker', string>;
  children: FixtureChild[];
  markerQuestions: string[];
  /** The question only one child (C-02) rates. */
  sparseQuestion: string;
  writer: AssessmentWriter;
}

type Planned = Omit<FixtureChild, 'marker' | 'ratings'>;

const day = (year: number, month: number, dayOfMonth: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;

function plan(): Planned[] {
  const children: Planned[] = [];
  const add = (
    count: number,
    prefix: string,
    from: number,
    rest: Omit<Planned, 'cin' | 'dateOfAssessment'>,
    date: (i: number) => string,
  ) => {
    for (let i = 0; i < count; i++)
      children.push({ cin: `${prefix}-${String(from + i).padStart(2, '0')}`, dateOfAssessment: date(i), ...rest });
  };
  add(11, 'B', 1, { agency: 'b', owner: 'bWorker', assessmentType: '62' }, (i) => day(2025, 10, 1 + i));
  add(1, 'C', 1, { agency: 'c', owner: 'cWorker', assessmentType: '62' }, () => day(2025, 6, 1));
  add(4, 'W', 1, { agency: 'own', owner: 'worker', assessmentType: '62' }, (i) => day(2025, 5, 1 + i));
  add(2, 'K', 1, { agency: 'own', owner: 'colleague', assessmentType: '62' }, (i) => day(2025, 5, 10 + i));
  add(10, 'B', 12, { agency: 'b', owner: 'bWorker', assessmentType: '63' }, (i) => day(2025, 3, 1 + i));
  add(10, 'C', 2, { agency: 'c', owner: 'cWorker', assessmentType: '63' }, (i) => day(2025, 4, 1 + i));
  add(10, 'W', 5, { agency: 'own', owner: 'worker', assessmentType: '62' }, (i) => day(2026, 3, 1 + i));
  add(1, 'K', 3, { agency: 'own', owner: 'colleague', assessmentType: '62' }, () => day(2026, 3, 20));
  return children;
}

/** Every question code of the marker domains, as the report API lists them. */
async function reportQuestions(t: TestApp): Promise<string[]> {
  const response = await t.http().get('/api/reports/domains').set('Authorization', `Bearer ${t.adminToken()}`);
  type Question = { code: string };
  const domains = response.body as Array<{ code: string; questions: Question[]; modules: Array<{ questions: Question[] }> }>;
  return domains
    .filter((d) => MARKER_DOMAINS.split(',').includes(d.code))
    .flatMap((d) => [...d.questions, ...d.modules.flatMap((m) => m.questions)])
    .map((q) => q.code);
}

export async function createComparisonFixture(t: TestApp): Promise<ComparisonFixture> {
  const admin = `Bearer ${t.adminToken()}`;
  const post = async (path: string, body: object) => {
    const answer = await t.http().post(path).set('Authorization', admin).send(body);
    if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  };
  const agencies = {
    own: await post('/api/agencies', { name: 'Own Agency Services', displayName: 'Own Agency' }),
    b: await post('/api/agencies', { name: 'Bramley Services', displayName: 'Bramley' }),
    c: await post('/api/agencies', { name: 'Calder Services', displayName: 'Calder' }),
  };
  const privileges = ['HOME_SHOW', 'Assessment_View', 'Report_Assessment'];
  const supervisors = await post('/api/user-groups', { name: 'D Supervisors', parentGroupId: '153', privileges });
  const workers = await post('/api/user-groups', { name: 'D Workers', parentGroupId: supervisors, privileges });
  const user = (name: string, groupId: string, supervisorId: string, agencyId: string) =>
    post('/api/users', {
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: 'Differ',
      username: `d${name.toLowerCase()}`,
      email: `d${name.toLowerCase()}@example.test`,
      userGroupId: groupId,
      supervisorId,
      agencyId,
      externalId: `d${name}`,
    });
  const supervisor = await user('supervisor', supervisors, '1', agencies.own);
  const users = {
    supervisor,
    worker: await user('worker', workers, supervisor, agencies.own),
    colleague: await user('colleague', workers, supervisor, agencies.own),
    bWorker: await user('bWorker', workers, '1', agencies.b),
    cWorker: await user('cWorker', workers, '1', agencies.c),
  };
  await t.settled();
  const writer = new AssessmentWriter(t, await loadTestLibrary(t));
  const questions = await reportQuestions(t);
  const [markers, sparseQuestion] = [questions.slice(0, MARKER_QUESTIONS), questions.at(-1)!];
  const planned = plan();
  if (questions.length <= MARKER_QUESTIONS || planned.length > MARKER_QUESTIONS * MARKER_RATINGS.length)
    throw new Error('not enough markers for the fixture');

  const children: FixtureChild[] = [];
  for (const [i, child] of planned.entries()) {
    const [code, rating] = [markers[Math.floor(i / MARKER_RATINGS.length)], MARKER_RATINGS[i % MARKER_RATINGS.length]];
    const ratings: Record<string, Rating> = { ...Object.fromEntries(markers.map((q) => [q, '0' as Rating])), [code]: rating };
    if (child.cin === 'C-02') ratings[sparseQuestion] = '3';
    const ownerId = users[child.owner];
    const id = await writer.start(
      ownerId,
      { cin: child.cin, familyId: `FAM-${child.cin}`, assessmentType: child.assessmentType, dateOfAssessment: child.dateOfAssessment },
      agencies[child.agency],
    );
    await writer.rate(id, ownerId, ratings);
    await writer.complete(id, ownerId);
    await writer.approve(id, users.supervisor);
    children.push({ ...child, marker: `${code}:${rating}`, ratings });
  }
  return { agencies, users, children, markerQuestions: markers, sparseQuestion, writer };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A comparison answer's per-question rating counts, `${code}:${rating}` → count (only counts above 0). */
export function ratingCounts(answer: Json): Map<string, number> {
  const counts = new Map<string, number>();
  for (const domain of answer.domains ?? [])
    for (const question of [...domain.questions, ...domain.moduleCharts.flatMap((m: Json) => m.questions)])
      for (const { rating, count } of question.ratings) if (count > 0) counts.set(`${question.code}:${rating}`, count);
  return counts;
}

/** The children an answer's figures hold, read from their markers (a hidden marker question would hide children). */
export function childrenOf(answer: Json, fixture: ComparisonFixture): Set<string> {
  const byMarker = new Map(fixture.children.map((c) => [c.marker, c.cin]));
  for (const domain of answer.domains ?? [])
    for (const question of [...domain.questions, ...domain.moduleCharts.flatMap((m: Json) => m.questions)])
      if (question.suppressed && fixture.markerQuestions.includes(question.code))
        throw new Error(`marker question ${question.code} hidden`);
  const held = new Set<string>();
  for (const [marker, count] of ratingCounts(answer)) {
    const [code, rating] = marker.split(':');
    if (!fixture.markerQuestions.includes(code) || rating === '0') continue;
    const cin = byMarker.get(marker);
    if (cin === undefined || count !== 1) throw new Error(`figure ${marker} = ${count} is no fixture child's marker`);
    held.add(cin);
  }
  return held;
}
