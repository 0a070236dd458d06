import { Inject, Injectable } from '@nestjs/common';
import { getAnswerDistribution } from '@cans/projections/assessments/assessment-statistics.queries';
import { RATINGS, Rating } from '@cans/domain/library/instrument/instrument.types';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';

export interface AnswerSlice {
  readonly rating: Rating;
  readonly count: number;
  /** Share of all ratings of the question, in percent, one decimal. */
  readonly percent: number;
}

export interface AnswerStatistics {
  readonly questionCode: string;
  /** Ratings counted (0: the page shows "No Data"). */
  readonly total: number;
  /** One slice per rating of the scale, in scale order (0, 1, 2, 3, 4, N/A), zero counts included. */
  readonly slices: readonly AnswerSlice[];
}

/** Library codes are UPPER_SNAKE (library/library-stream/stable-codes.ts); anything else cannot name a question. */
const QUESTION_CODE = /^[A-Z][A-Z0-9_]{0,99}$/;

/** Percentages with one decimal. Rounding may make them sum to 99.9 or 100.1; the counts are exact. */
export const percentOf = (count: number, total: number): number => (total === 0 ? 0 : Math.round((count / total) * 1000) / 10);

/**
 * The per-question pie chart of the questionnaire (spec 000 "A pie chart per question shows answer percentages, or
 * No Data"): the share of each rating across APPROVED assessments that count in reports, read from the counters the
 * assessment-statistics projection keeps per question code (one document read, whatever the number of assessments).
 */
@Injectable()
export class AnswerStatisticsService {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async forQuestion(questionCode: string): Promise<AnswerStatistics> {
    if (!QUESTION_CODE.test(questionCode))
      throw new FieldValidationException({ questionCode: ['must be a question code (upper case letters, digits and _)'] });
    const document = await getAnswerDistribution(this.readStore, questionCode);
    const counts = document?.counts ?? {};
    const total = RATINGS.reduce((sum, rating) => sum + (counts[rating] ?? 0), 0);
    return {
      questionCode,
      total,
      slices: RATINGS.map((rating) => ({ rating, count: counts[rating] ?? 0, percent: percentOf(counts[rating] ?? 0, total) })),
    };
  }
}
