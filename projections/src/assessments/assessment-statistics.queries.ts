/** Queries of the assessment statistics read models (assessment-statistics.projection.ts). */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { ANSWER_DISTRIBUTIONS_COLLECTION, AnswerDistributionDocument } from './assessment-statistics.projection';

/** How often each rating was given to one question across approved assessments in reports; null: never rated. */
export function getAnswerDistribution(readStore: ReadStore, questionCode: string): Promise<AnswerDistributionDocument | null> {
  return readStore.get<AnswerDistributionDocument>(ANSWER_DISTRIBUTIONS_COLLECTION, questionCode);
}
