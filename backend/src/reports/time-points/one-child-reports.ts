/**
 * The one-child reports, pure functions over report rows (no I/O): One Child One CANS (one assessment's answers by
 * domain, caregivers apart) and One Child Many CANS (the chosen time-points' answers side by side).
 *
 * An answer is the rating as a number, 'N/A', or '--' when the assessment has no rating for the question (unrated,
 * or the question was not in the library version it was rated on). Questions are the current library's, matched
 * by their stable code whatever version rated them.
 */
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { ratingAt, RatingCodebook, ReportRowDocument } from '@cans/projections/reports/report-rows.queries';
import type { ReportDomain, ReportQuestion } from '../report-library.service';

export type ReportAnswer = number | 'N/A' | '--';
export const MISSING_ANSWER = '--';

export const answerOf = (rating: Rating | null): ReportAnswer =>
  rating === null ? MISSING_ANSWER : rating === 'NA' ? 'N/A' : Number(rating);

const questionHead = (q: ReportQuestion) => ({ code: q.code, questionName: q.name, questionShowName: q.shortName ?? q.name });

/** A domain with each question mapped by `answer` (directly in the domain, and per module). */
function mapDomain<Q>(domain: ReportDomain, answer: (q: ReportQuestion) => Q) {
  return {
    code: domain.code,
    name: domain.name,
    shortName: domain.shortName,
    caregiverItem: domain.caregiverItem,
    questions: domain.questions.map(answer),
    moduleCharts: domain.modules.map((m) => ({ code: m.code, name: m.name, questions: m.questions.map(answer) })),
  };
}

/** One assessment's answers of a domain from its packed ratings (the child's, or one caregiver's). */
export function answeredDomain(domain: ReportDomain, packed: string, codebook: RatingCodebook) {
  return mapDomain(domain, (q) => ({ ...questionHead(q), answer: answerOf(ratingAt(packed, codebook.indexOf(q.code))) }));
}

export interface TimePoint {
  row: ReportRowDocument;
  timePoint: string;
}

/** The chosen time-points' answers per question, in series order (spec "answers: answer, childInfoType, childDoA"). */
export function timePointDomain(domain: ReportDomain, points: readonly TimePoint[], codebook: RatingCodebook) {
  return mapDomain(domain, (q) => {
    const index = codebook.indexOf(q.code);
    return {
      ...questionHead(q),
      answers: points.map(({ row, timePoint }) => ({
        assessmentId: row.id,
        answer: answerOf(ratingAt(row.childRatings, index)),
        childInfoType: row.assessmentType,
        childDoA: row.dateOfAssessment,
        timePoint,
      })),
    };
  });
}
