/*
 * Merges a rating save's answer (what the save changed) into the shown assessment: the item's rating, its domain's
 * progress and status, the overall progress. When the save opened or closed items, the answer carries the whole
 * questionnaire, which replaces the shown one.
 */
import type { AssessmentView, DomainView, ModuleView, QuestionView, RatingResult } from './assessment-types';

type Container = { questions?: QuestionView[]; modules?: ModuleView[] };

/** The container with the question's rating set (same object when the question is not in it). */
function withRating<T extends Container>(container: T, questionCode: string, rating: QuestionView['rating']): T {
  let changed = false;
  const questions = container.questions?.map((question) => {
    if (question.code !== questionCode) return question;
    changed = true;
    return { ...question, rating };
  });
  const modules = container.modules?.map((module) => {
    const updated = withRating(module, questionCode, rating);
    if (updated !== module) changed = true;
    return updated;
  });
  return changed ? { ...container, questions, modules } : container;
}

export function mergeRatingResult(view: AssessmentView, result: RatingResult): AssessmentView {
  // Answers of saves sent together may arrive out of order: the revision never goes back.
  const revision = Math.max(view.revision, result.revision ?? view.revision);
  if (result.questionnaire) return { ...view, revision, questionnaire: result.questionnaire };
  const { item, domain } = result;
  const domains = view.questionnaire.domains.map((shown): DomainView => {
    if (shown.caregiverId !== item.caregiverId) return shown;
    const rated = withRating(shown, item.questionCode, item.rating);
    if (rated === shown) return shown;
    return domain && domain.code === shown.code ? { ...rated, status: domain.status, percentComplete: domain.percentComplete } : rated;
  });
  return { ...view, revision, questionnaire: { ...view.questionnaire, domains, progress: result.progress } };
}
