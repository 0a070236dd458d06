/*
 * The editor's view of an assessment with nothing to change: the same questionnaire, narrative, child record and
 * caregivers cards, read-only, for the assessment as it was at a past moment.
 */
import { useAssessmentOptions, childFormValues } from '../child-fields';
import type { AssessmentView } from '../assessment-types';
import { CaregiversCard } from '../CaregiversCard';
import { ChildInfoForm } from '../ChildInfoForm';
import { FullAssessmentView } from '../FullAssessmentView';
import type { QuestionnaireHandlers } from '../QuestionComments';

const nothing = async () => undefined;
const READ_ONLY_HANDLERS: QuestionnaireHandlers = {
  onRate: nothing,
  onSaveComment: nothing,
  onDeleteComment: nothing,
  beforeExpand: () => true,
};
const ignore = () => undefined;

export const ReadOnlyAssessment = ({ view }: { view: AssessmentView }) => {
  const options = useAssessmentOptions();
  return (
    <FullAssessmentView
      view={view}
      readOnly
      handlers={READ_ONLY_HANDLERS}
      narrative={{ draft: view.narrative, setDraft: ignore, errors: {}, setErrors: ignore }}
      saveNarrative={nothing}
      childCard={
        <ChildInfoForm
          value={childFormValues(view.child ?? undefined, view.assessmentType)}
          onChange={ignore}
          errors={{}}
          options={options}
          readOnly
          typeLocked
          assessorName={view.ownerName}
        />
      }
      caregiversCard={
        <CaregiversCard
          caregivers={view.caregivers ?? []}
          options={options}
          readOnly
          childSaved
          onSave={nothing}
          onDelete={nothing}
          onNeedChild={ignore}
        />
      }
    />
  );
};
