/*
 * The editor's commands on the child and the workflow (spec 000 §4): save the child, change the type, save the
 * narrative, complete, approve, include / exclude, return / close with a reason, delete. The server decides: its
 * refusal message is shown, and its field messages on the fields they name.
 */
import { useNotify, useTranslate } from 'react-admin';
import { fieldErrorsWithin, isConflict, toApiError, type ApiError } from '../providers/api-error';
import type { AssessmentView, ChildInformation, DomainView, Narrative } from './assessment-types';
import { domainTitle } from './DomainCard';
import type { SystemMessageItem } from './useEditorDialogs';
import { assessmentApiPath, assessmentPaths } from './assessment-paths';
import { CHILD_FIELDS, childPayload } from './child-fields';
import type { EditorState } from './editor-state';
import { narrativeDiffers } from './NarrativeCard';

const isChildField = (field: string): boolean => Object.prototype.hasOwnProperty.call(CHILD_FIELDS, field);

export function useAssessmentCommands({ mode, view, setView, applyView, draft, narrative, dialogs, runner, leave }: EditorState) {
  const notify = useNotify();
  const translate = useTranslate();
  const { run, execute, report, handledConflict, busy } = runner;

  /** A refusal of the child: messages on the form's fields; what is about something else (e.g. caregivers) in a dialog. */
  const showChildRefusal = (error: ApiError) => {
    draft.setErrors(error.fieldErrors);
    const elsewhere = Object.entries(error.fieldErrors).filter(([field]) => !isChildField(field));
    if (elsewhere.length > 0) {
      dialogs.showMessage({
        title: translate('cans.assessments.dialogs.warning'),
        text: error.message,
        items: elsewhere.map(([, text]) => text),
      });
    } else {
      notify(error.message, { type: 'warning' });
    }
  };

  const saveChild = async () => {
    const child = childPayload(draft.child);
    try {
      if (mode === 'add') {
        const previous = draft.previousAssessmentId ? { previousAssessmentId: draft.previousAssessmentId } : {};
        const created = await run({ label: 'save', path: '/assessments', body: { child, ...previous } }, 'cans.assessments.notices.saved');
        if (!created) return;
        const familyId = draft.familyToBind;
        if (familyId && familyId === (draft.child.familyId ?? '').trim()) {
          // Spec §4: the user chose to load the FAMILY ID's caregivers; the child exists now, so bind them.
          await run({
            label: 'family',
            path: assessmentApiPath(created.id, 'family-caregivers'),
            body: { familyId, revision: created.revision },
          });
        }
        // Spec: after a successful add, the user goes to the edit page.
        leave(assessmentPaths.edit(created.id), { replace: true });
      } else if (view) {
        const body = { child, revision: view.revision };
        const updated = await run(
          { label: 'save', method: 'PUT', path: assessmentApiPath(view.id, 'child-information'), body },
          'cans.assessments.notices.saved',
        );
        if (!updated) return;
        applyView(updated);
        if (mode === 'approved') leave(assessmentPaths.edit(updated.id));
      }
    } catch (e) {
      showChildRefusal(toApiError(e));
    }
  };

  /** Spec §4: changing the assessment type saves it at once. */
  const changeChild = async (next: ChildInformation) => {
    const typeChanged = next.assessmentType && next.assessmentType !== draft.child.assessmentType;
    draft.setChild(next);
    if (!typeChanged || !view?.actions.changeType) return;
    const body = { assessmentType: next.assessmentType, revision: view.revision };
    try {
      const updated = await run(
        { label: 'type', method: 'PUT', path: assessmentApiPath(view.id, 'type'), body },
        'cans.assessments.notices.typeChanged',
      );
      if (updated) setView(updated);
    } catch (e) {
      showChildRefusal(toApiError(e));
    }
  };

  /** Saves the narrative; the saved assessment, or undefined when refused (the messages are shown on the sections). */
  const saveNarrative = async (text: Narrative): Promise<AssessmentView | undefined> => {
    if (!view) return undefined;
    try {
      const updated = await run({
        label: 'narrative',
        method: 'PUT',
        path: assessmentApiPath(view.id, 'narrative'),
        body: { narrative: text, revision: view.revision },
      });
      if (updated) {
        setView(updated);
        narrative.setErrors({});
      }
      return updated;
    } catch (e) {
      narrative.setErrors(fieldErrorsWithin(toApiError(e), 'narrative'));
      return undefined;
    }
  };

  /** Spec 000 §4: Complete saves what is on the page first (the typed narrative; the child goes with the command). */
  const complete = async () => {
    if (!view || busy === 'complete') return;
    let current = view;
    if (narrativeDiffers(narrative.draft, view.narrative)) {
      const saved = await saveNarrative(narrative.draft);
      if (!saved) return;
      current = saved;
    }
    const body = { revision: current.revision, child: childPayload(draft.child) };
    try {
      const updated = await run(
        { label: 'complete', path: assessmentApiPath(current.id, 'complete'), body },
        'cans.assessments.notices.completed',
      );
      if (updated) applyView(updated);
    } catch (e) {
      // Refused: what is missing (domains, narrative sections, child fields, caregivers), as the server lists it.
      const error = toApiError(e);
      draft.setErrors(error.fieldErrors);
      narrative.setErrors(fieldErrorsWithin(error, 'narrative'));
      dialogs.showMessage({
        title: translate('cans.assessments.dialogs.systemMessage'),
        text: error.message,
        items: completionBlockerLines(error.fieldMessages, current.questionnaire?.domains ?? [], dialogs.openDomain),
      });
    }
  };

  /** A refusal about the assessment as a whole: the server's sentence and what it lists. */
  const showRefusal = (e: unknown) => {
    const error = toApiError(e);
    dialogs.showMessage({
      title: translate('cans.assessments.dialogs.systemMessage'),
      text: error.message,
      items: Object.values(error.fieldErrors),
    });
  };

  const transition = async (action: 'approve' | 'include' | 'exclude', successNotice: string, after?: () => void) => {
    if (!view) return;
    try {
      const updated = await run(
        { label: action, path: assessmentApiPath(view.id, action), body: { revision: view.revision } },
        successNotice,
      );
      if (!updated) return;
      applyView(updated);
      after?.();
    } catch (e) {
      showRefusal(e);
    }
  };

  /** Return or close with the reason typed in the dialog; a refusal is shown there (e.g. the reason is required). */
  const submitReason = async (kind: 'return' | 'close', reason: string) => {
    if (!view) return;
    try {
      await execute({ label: kind, path: assessmentApiPath(view.id, kind), body: { revision: view.revision, reason } });
    } catch (e) {
      if (!isConflict(e)) throw e;
      dialogs.close();
      await handledConflict(e);
      return;
    }
    dialogs.close();
    notify(kind === 'return' ? 'cans.assessments.notices.returned' : 'cans.assessments.notices.closed', { type: 'success' });
    leave(assessmentPaths.list);
  };

  const deleteAssessment = async () => {
    if (!view) return;
    try {
      // The answer of a delete is not an assessment any more: only its success counts.
      await execute({ label: 'delete', path: assessmentApiPath(view.id, 'delete'), body: { revision: view.revision } });
    } catch (e) {
      await report(e).catch(showRefusal);
      return;
    }
    notify('cans.assessments.notices.deleted', { type: 'success' });
    leave(assessmentPaths.list);
  };

  return { saveChild, changeChild, saveNarrative, complete, transition, submitReason, deleteAssessment };
}

/**
 * The completion refusal line by line (issue: the domains ran together as one line), each a link to what it names:
 * an incomplete domain (the decider's "<domain title>: N% Completed") opens that domain, an empty narrative field
 * takes the cursor to it.
 */
function completionBlockerLines(
  fieldMessages: Record<string, string[]>,
  domains: DomainView[],
  openDomain: (title: string) => void,
): SystemMessageItem[] {
  const titles = domains.map(domainTitle).sort((a, b) => b.length - a.length); // "Trauma (Mother)" before "Trauma"
  return Object.entries(fieldMessages).flatMap(([field, messages]) =>
    messages.map((text): SystemMessageItem => {
      const title = field === 'domains' ? titles.find((candidate) => text.startsWith(`${candidate}: `)) : undefined;
      if (title) return { text, onSelect: () => openDomain(title) };
      if (field.startsWith('narrative.')) {
        const input = `narrative-${field.slice('narrative.'.length)}`;
        return { text, onSelect: () => focusSoon(input) };
      }
      return { text };
    }),
  );
}

/** Focuses a field once the closing dialog has handed focus back (MUI restores it to the opening button first). */
const focusSoon = (id: string) =>
  setTimeout(() => {
    const field = document.getElementById(id);
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }, 0);
