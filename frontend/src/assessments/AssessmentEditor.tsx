/*
 * The assessment editor (spec 000 §2 "Add / Edit Assessment page", §4 transitions) for one route: the header with
 * the workflow buttons the server offers this user (the view's `actions`), the view of the mode, and its dialogs.
 * The commands live in hooks (use*Commands, useQuestionnaireHandlers, useChildLookups); this file wires them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { AssessmentView } from './assessment-types';
import { assessmentPaths } from './assessment-paths';
import { AssessmentHeader, ReasonsAlert } from './AssessmentHeader';
import { AssessmentTabs } from './AssessmentTabs';
import { AssessmentToolbar, type AssessmentPageMode } from './AssessmentToolbar';
import { CaregiversCard } from './CaregiversCard';
import { ChildAndCaregiversView } from './ChildAndCaregiversView';
import { ChildInfoForm } from './ChildInfoForm';
import { useAssessmentOptions } from './child-fields';
import type { EditorState } from './editor-state';
import { EditorDialogs } from './EditorDialogs';
import { FullAssessmentView } from './FullAssessmentView';
import { LeaveGuard } from './LeaveGuard';
import { narrativeDiffers } from './NarrativeCard';
import { useAssessmentCommands } from './useAssessmentCommands';
import { useAssessmentView } from './useAssessmentView';
import { useCaregiverCommands } from './useCaregiverCommands';
import { useChildDraft } from './useChildDraft';
import { useChildLookups } from './useChildLookups';
import { useCommandRunner } from './useCommandRunner';
import { useEditorDialogs } from './useEditorDialogs';
import { useNarrativeDraft } from './useNarrativeDraft';
import { useQuestionnaireHandlers } from './useQuestionnaireHandlers';

const LoadFailed = ({ message }: { message: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ mt: 3 }}>
      <Title title={translate('cans.assessments.page.fallbackTitle')} />
      <Alert
        severity="error"
        action={<Button onClick={() => navigate(assessmentPaths.list)}>{translate('cans.assessments.page.backToList')}</Button>}
      >
        {message}
      </Alert>
    </Box>
  );
};

const Loading = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 8 }}>
      <CircularProgress aria-label={translate('cans.assessments.page.loading')} />
    </Box>
  );
};

export const AssessmentEditor = ({ mode, id }: { mode: AssessmentPageMode; id?: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const options = useAssessmentOptions();
  const { view, loadError, setView, reload: reloadView } = useAssessmentView(mode === 'add' ? undefined : id);
  const draft = useChildDraft();
  const narrative = useNarrativeDraft(view);
  const dialogs = useEditorDialogs();

  // The child form takes the assessment when it first arrives; after that only saves and reloads replace it.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  if (view && filledFrom !== view.id) {
    setFilledFrom(view.id);
    draft.reset(view);
  }
  const applyView = (next: AssessmentView) => {
    setView(next);
    draft.reset(next);
  };
  const reload = async () => {
    const fresh = await reloadView();
    if (fresh) draft.reset(fresh);
  };

  // Set just before a navigation that follows a successful save or transition: nothing is left to lose.
  const leavingOnPurpose = useRef(false);
  const leave = (path: string, navigation?: { replace?: boolean }) => {
    leavingOnPurpose.current = true;
    navigate(path, navigation);
  };

  const runner = useCommandRunner(reload);
  const state: EditorState = { mode, view, setView, applyView, reload, draft, narrative, dialogs, runner, leave };
  const commands = useAssessmentCommands(state);
  const caregivers = useCaregiverCommands(state);
  const handlers = useQuestionnaireHandlers(state);
  // Read-only: the view route, or what the server says for this user (onlyView, status a/e without Edit_Approved_Case).
  const readOnly = mode === 'view' || (view !== null && (view.readOnly || !view.actions?.edit));
  const lookups = useChildLookups(state, readOnly);

  // Asked at the moment of leaving (LeaveGuard), so it reads the latest drafts through a ref.
  const unsaved = useRef<() => boolean>(() => false);
  useEffect(() => {
    unsaved.current = () =>
      !readOnly &&
      !leavingOnPurpose.current &&
      (draft.differsFrom(view) || (view !== null && narrativeDiffers(narrative.draft, view.narrative)));
  });
  const hasUnsavedChanges = useCallback(() => unsaved.current(), []);

  if (loadError) return <LoadFailed message={loadError} />;
  if (mode !== 'add' && !view) return <Loading />;

  const title = translate(`cans.assessments.page.title.${mode}`);
  const warning = translate('cans.assessments.dialogs.warning');
  const toolbar = (
    <AssessmentToolbar
      mode={mode}
      view={view}
      readOnly={readOnly}
      busy={runner.busy !== null}
      commands={{
        back: () => navigate(mode === 'approved' && id ? assessmentPaths.edit(id) : assessmentPaths.list),
        save: commands.saveChild,
        complete: commands.complete,
        approve: () => dialogs.open('preview'),
        returnIt: () => dialogs.open('return'),
        close: () =>
          dialogs.ask({ title: warning, text: translate('cans.assessments.dialogs.confirmClose'), onYes: () => dialogs.open('close') }),
        share: () => dialogs.open('share'),
        reassign: () => dialogs.open('reassign'),
        include: () => void commands.transition('include', 'cans.assessments.notices.flagged'),
        exclude: () => void commands.transition('exclude', 'cans.assessments.notices.flagged'),
        remove: () =>
          dialogs.ask({ title: warning, text: translate('cans.assessments.dialogs.confirmDelete'), onYes: commands.deleteAssessment }),
      }}
    />
  );
  const childCard = (
    <ChildInfoForm
      value={draft.child}
      onChange={commands.changeChild}
      errors={draft.errors}
      options={options}
      readOnly={readOnly}
      typeLocked={view?.statusCode === 'a' || (view !== null && !view.actions?.changeType)}
      onCinBlur={lookups.onCinBlur}
      onFamilyIdBlur={lookups.onFamilyIdBlur}
      assessorName={view ? view.ownerName : undefined}
    />
  );
  const caregiversCard = (
    <CaregiversCard
      caregivers={view?.caregivers ?? []}
      options={options}
      readOnly={readOnly}
      childSaved={view !== null}
      onSave={caregivers.saveCaregiver}
      onDelete={caregivers.deleteCaregiver}
      onNeedChild={caregivers.needChild}
    />
  );

  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={title} />
      <LeaveGuard when={hasUnsavedChanges} />
      {id && view && mode !== 'add' && <AssessmentTabs id={id} current="assessment" />}
      <AssessmentHeader title={title} view={view} toolbar={toolbar} />
      <ReasonsAlert view={view} />
      {mode === 'add' || mode === 'approved' || !view ? (
        <ChildAndCaregiversView childCard={childCard} caregiversCard={caregiversCard} />
      ) : (
        <FullAssessmentView
          view={view}
          readOnly={readOnly}
          handlers={handlers}
          narrative={narrative}
          saveNarrative={commands.saveNarrative}
          childCard={childCard}
          caregiversCard={caregiversCard}
          domainRequest={dialogs.domainRequest}
        />
      )}
      <EditorDialogs
        view={view}
        dialogs={dialogs}
        setView={setView}
        submitReason={commands.submitReason}
        approve={() => commands.transition('approve', 'cans.assessments.notices.approved', () => leave(assessmentPaths.list))}
        leave={leave}
      />
    </Box>
  );
};
