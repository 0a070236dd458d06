/* Adding, editing and deleting caregivers from the editor (spec 000 §2 "Caregivers card"). */
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, isConflict, toApiError } from '../providers/api-error';
import type { CaregiverDetails } from './assessment-types';
import { assessmentApiPath, newId } from './assessment-paths';
import type { EditorState } from './editor-state';
import type { ViewCommand } from './useCommandRunner';

export function useCaregiverCommands({ view, setView, reload, dialogs, runner }: EditorState) {
  const notify = useNotify();
  const translate = useTranslate();

  /** Spec: caregivers belong to a saved child ("Please save child information."). */
  const needChild = () =>
    dialogs.showMessage({
      title: translate('cans.assessments.dialogs.systemMessage'),
      text: translate('cans.assessments.guards.saveChildFirst'),
    });

  /** Saves from the caregiver dialog, which shows any failure in place (and stays open). */
  const saveCaregiver = async (caregiverId: string | null, caregiver: CaregiverDetails) => {
    if (!view) {
      needChild();
      return;
    }
    const call: ViewCommand = caregiverId
      ? {
          label: 'caregiver',
          method: 'PUT',
          path: assessmentApiPath(view.id, 'caregivers', caregiverId),
          body: { caregiver, revision: view.revision },
        }
      : {
          label: 'caregiver',
          path: assessmentApiPath(view.id, 'caregivers'),
          body: { caregiver, caregiverId: newId(), revision: view.revision },
        };
    try {
      setView(await runner.execute(call));
    } catch (e) {
      // The dialog keeps the message; the page underneath shows the latest version to save against.
      const error = toApiError(e);
      if (!isConflict(error)) throw error;
      await reload();
      throw new ApiError(runner.conflictText(error), { status: error.status });
    }
    notify('cans.assessments.notices.caregiverSaved', { type: 'success' });
  };

  const deleteCaregiver = async (caregiverId: string) => {
    if (!view) return;
    const call: ViewCommand = {
      label: 'caregiver',
      method: 'DELETE',
      path: assessmentApiPath(view.id, 'caregivers', caregiverId),
      body: { revision: view.revision },
    };
    const updated = await runner.run(call, 'cans.assessments.notices.caregiverDeleted').catch(() => undefined);
    if (updated) setView(updated);
  };

  return { needChild, saveCaregiver, deleteCaregiver };
}
