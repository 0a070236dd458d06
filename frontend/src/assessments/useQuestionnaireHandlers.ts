/*
 * What the questionnaire does on the editor: rate (saved at once; what the save changed is merged into the shown view),
 * comment, and the spec §4 check before a domain opens.
 */
import { useTranslate } from 'react-admin';
import { useApiMutation } from '../providers/useApi';
import type { Rating } from '../shared/ratings';
import type { QuestionView, RatingResult } from './assessment-types';
import { assessmentApiPath, newId } from './assessment-paths';
import { mergeRatingResult } from './rating-merge';
import type { EditorState } from './editor-state';
import type { QuestionnaireHandlers } from './QuestionComments';
import { toWireRating } from './question-keys';

interface RatingChange {
  assessmentId: string;
  question: QuestionView;
  caregiverId: string | null;
  rating: Rating | null;
}

export function useQuestionnaireHandlers({ view, setView, dialogs, runner }: EditorState): QuestionnaireHandlers {
  const translate = useTranslate();
  const rate = useApiMutation<RatingChange, RatingResult>((send, { assessmentId, question, caregiverId, rating }) =>
    send<RatingResult>('PUT', assessmentApiPath(assessmentId, 'ratings'), {
      questionCode: question.code,
      caregiverId,
      rating: rating === null ? null : toWireRating(rating),
    }),
  );
  const caregiversWithoutRelationship = (view?.caregivers ?? []).filter((caregiver) => !caregiver.relationship).length;

  return {
    onRate: async (question, caregiverId, rating) => {
      if (!view) return;
      const result = await rate.mutateAsync({ assessmentId: view.id, question, caregiverId, rating });
      setView((current) => mergeRatingResult(current, result));
    },
    onSaveComment: async (question, caregiverId, commentId, content) => {
      if (!view) return;
      const body = { questionCode: question.code, caregiverId, content };
      setView(
        await runner.execute({ label: 'comment', method: 'PUT', path: assessmentApiPath(view.id, 'comments', commentId ?? newId()), body }),
      );
    },
    onDeleteComment: async (comment) => {
      if (!view) return;
      const updated = await runner
        .run({ label: 'comment', method: 'DELETE', path: assessmentApiPath(view.id, 'comments', comment.commentId) })
        .catch(() => undefined);
      if (updated) setView(updated);
    },
    // Spec §4: a domain of a caregiver without a relationship cannot be judged, so none opens until each has one.
    beforeExpand: () => {
      if (caregiversWithoutRelationship === 0) return true;
      dialogs.showMessage({
        title: translate('cans.assessments.dialogs.warning'),
        text: translate('cans.assessments.guards.caregiverRelationshipRequired'),
      });
      return false;
    },
  };
}
