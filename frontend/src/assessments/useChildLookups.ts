/*
 * Spec §4 "Leaving the cin field …" and the FAMILY ID question: leaving either field with a changed value asks the
 * server what the form does next, and the page does it (open, prefill, or ask with the server's question).
 */
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useCansDataProvider } from '../providers/useApi';
import type { ChildLookupAnswer } from './assessment-types';
import { assessmentApiPath, assessmentPaths } from './assessment-paths';
import type { EditorState } from './editor-state';

export function useChildLookups({ mode, view, applyView, reload, draft, dialogs, runner }: EditorState, readOnly: boolean) {
  const { send } = useCansDataProvider();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const systemMessage = translate('cans.assessments.dialogs.systemMessage');

  /** The lookup is a convenience: when it fails, saving the child still works, so nothing is shown. */
  const lookup = (query: Record<string, string>): Promise<ChildLookupAnswer | null> =>
    send<ChildLookupAnswer>('GET', `/children/lookup?${new URLSearchParams(query).toString()}`).catch(() => null);

  const onCinBlur = async (cin: string) => {
    if (!cin || cin === draft.savedCin || readOnly) return;
    const answer = await lookup({ cin, mode: mode === 'add' ? 'add' : 'edit', ...(view ? { assessmentId: view.id } : {}) });
    const outcome = answer?.outcome;
    if (!outcome || outcome.kind === 'none') return;
    if (outcome.kind === 'open-approved') {
      navigate(assessmentPaths.edit(outcome.assessmentId));
    } else if (outcome.kind === 'prefill-from-approved') {
      draft.prefill(cin, outcome.prefill, outcome.assessmentId);
      notify('cans.assessments.guards.prefilled', { type: 'info' });
    } else {
      const target = outcome.assessmentId;
      dialogs.ask({
        title: systemMessage,
        text: outcome.message,
        onYes: () => navigate(assessmentPaths.edit(target)),
        // No reloads the page in edit mode, clears the PID in add mode.
        onNo: () => (mode === 'add' ? draft.setChild((child) => ({ ...child, cin: '' })) : void reload()),
      });
    }
  };

  const onFamilyIdBlur = async (familyId: string) => {
    if (!familyId || familyId === draft.savedFamilyId || readOnly) return;
    if (!view && mode !== 'add') return;
    const answer = await lookup(view ? { familyId, mode: 'edit', assessmentId: view.id } : { familyId, mode: 'add' });
    if (!answer?.familyPrompt) return;
    dialogs.ask({
      title: systemMessage,
      text: answer.familyPrompt,
      onYes: async () => {
        if (!view) {
          // Add mode: there is no child to bind to yet (spec 000 §4: bind after the first save).
          draft.setFamilyToBind(familyId);
          notify('cans.assessments.guards.familyBoundOnSave', { type: 'info' });
          return;
        }
        const body = { familyId, revision: view.revision };
        const updated = await runner
          .run({ label: 'family', path: assessmentApiPath(view.id, 'family-caregivers'), body })
          .catch(() => undefined);
        if (updated) applyView(updated);
        else await reload();
      },
    });
  };

  return { onCinBlur, onFamilyIdBlur };
}
