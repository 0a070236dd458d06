/*
 * Add / Edit / View / Edit-approved assessment (spec 000 §2 "Add / Edit Assessment page", §4 transitions). Left:
 * the questionnaire, narrative and generated recommendations; right: child information and caregivers. The
 * workflow buttons follow the view's `actions` (computed by the server for this user). A 409 shows the server's
 * message and reloads.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  ApiError,
  apiGet,
  apiSend,
  assessmentPaths,
  conflictMessage,
  errorMessage,
  formatDateTime,
  isConflict,
  type AssessmentView,
  type CaregiverDetails,
  type ChildInformation,
  type ChildLookup,
  type Narrative,
  type QuestionComment,
  type QuestionView,
  type Rating,
  type RatingResult,
} from './api';
import { childFormValues, childPayload, useAssessmentOptions, validateChild, EMPTY_CHILD } from './child-fields';
import { ChildInfoForm } from './ChildInfoForm';
import { CaregiversCard } from './CaregiversCard';
import { QuestionnairePanel, type QuestionnaireHandlers } from './Questionnaire';
import { EMPTY_NARRATIVE, NarrativeCard, RecommendationsCard, narrativeComplete, narrativeDiffers } from './NarrativeCard';
import { AssessmentToolbar, type AssessmentPageMode } from './AssessmentToolbar';
import { LeaveGuard } from './LeaveGuard';
import { ConfirmDialog, ReasonDialog, ReassignDialog, ShareDialog } from './dialogs';
import { StatusChip } from './StatusChip';
import { PreviewDialog } from './PreviewDialog';

const CATALOGUE = {
  childNotApproved: "There is currently an assessment which hasn't been approved for this Client ID. Do you want to edit this assessment?",
  caseCannotBeCompleted: 'This case cannot be completed until all its domains and narrative are completed.',
  caregiverRelationshipRequired: 'Please add the caregiver relationship for the current child or you can remove unwanted caregivers.',
  caregiverBindFamilyId: 'There is currently some caregivers for this FAMILY ID. Do you want to save this FAMILY ID and load caregivers for the Child?',
  saveChildFirst: 'Please save child information.',
  familyBoundOnSave: 'The caregivers of this FAMILY ID are loaded when the child is saved.',
};

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

interface SystemMessage {
  title: string;
  text: string;
  items?: string[];
}

export const AssessmentPage = ({ mode }: { mode: AssessmentPageMode }) => {
  const { id, onlyView } = useParams();
  // /assessment/childinfo/edit/{id}/{onlyView}: a true-ish onlyView opens the read-only view.
  const effectiveMode: AssessmentPageMode = mode === 'edit' && onlyView && !['false', '0'].includes(onlyView) ? 'view' : mode;
  const navigate = useNavigate();
  const notify = useNotify();
  const options = useAssessmentOptions();

  const [view, setView] = useState<AssessmentView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [child, setChild] = useState<ChildInformation>(EMPTY_CHILD);
  const [savedCin, setSavedCin] = useState<string>('');
  const [savedFamilyId, setSavedFamilyId] = useState<string>('');
  const [childErrors, setChildErrors] = useState<Record<string, string>>({});
  const [previousAssessmentId, setPreviousAssessmentId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<SystemMessage | null>(null);
  const [confirm, setConfirm] = useState<{ text: string; onYes: () => void; onNo?: () => void; title?: string } | null>(null);
  const [reason, setReason] = useState<'return' | 'close' | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [reassignOpen, setReassignOpen] = useState(false);
  const [narrativeErrors, setNarrativeErrors] = useState<Record<string, string>>({});
  const [narrativeDraft, setNarrativeDraft] = useState(EMPTY_NARRATIVE);
  // Add mode: the FAMILY ID whose caregivers the user chose to load; bound right after the first save.
  const [familyToBind, setFamilyToBind] = useState<string | null>(null);
  // Set just before a navigation that follows a successful save or transition: nothing is left to lose.
  const leavingOnPurpose = useRef(false);
  useEffect(() => {
    leavingOnPurpose.current = false;
  }, [id, effectiveMode]);

  const applyView = useCallback((next: AssessmentView) => {
    setView(next);
    const values = childFormValues(next.child ?? undefined, next.assessmentType);
    setChild(values);
    setSavedCin(values.cin ?? '');
    setSavedFamilyId(values.familyId ?? '');
    setChildErrors({});
  }, []);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      applyView(await apiGet<AssessmentView>(`/assessments/${encodeURIComponent(id)}`));
      setLoadError(null);
    } catch (e) {
      setLoadError(errorMessage(e));
    }
  }, [id, applyView]);

  useEffect(() => {
    if (effectiveMode === 'add') {
      setView(null);
      setChild(EMPTY_CHILD);
      setSavedCin('');
      return;
    }
    void load();
  }, [effectiveMode, load]);

  // The typed narrative follows the saved one whenever that changes (a save, a reload), not on other updates.
  const savedNarrative = JSON.stringify(view?.narrative ?? null);
  useEffect(() => setNarrativeDraft({ ...EMPTY_NARRATIVE, ...(view?.narrative ?? {}) }), [savedNarrative]); // eslint-disable-line react-hooks/exhaustive-deps

  const statusCode = view?.statusCode;
  const actions = view?.actions;
  // Read-only: the view route, or what the server says for this user (onlyView, status a/e without Edit_Approved_Case).
  const readOnly = effectiveMode === 'view' || (view !== null && (view.readOnly || !actions?.edit));
  const childSaved = view !== null;
  const caregivers = view?.caregivers ?? [];
  const caregiversWithoutRelationship = caregivers.filter((c) => !c.relationship);

  /** Runs a command; 409 shows the server's message and reloads (spec "409 → show the server's message and reload"). */
  const run = async <T,>(label: string, work: () => Promise<T>, success?: string): Promise<T | undefined> => {
    setBusy(label);
    try {
      const result = await work();
      if (success) notify(success, { type: 'success' });
      return result;
    } catch (e) {
      if (isConflict(e)) {
        notify(conflictMessage(e), { type: 'warning', autoHideDuration: 5000 });
        await load();
      } else if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) {
        throw e;
      } else {
        notify(errorMessage(e), { type: 'error', autoHideDuration: 5000 });
      }
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  // ---------------------------------------------------------------- child information

  const validateForm = (): boolean => {
    const errors = validateChild(child, options, effectiveMode === 'add');
    setChildErrors(errors);
    if (Object.keys(errors).length) {
      notify('Please correct the highlighted fields.', { type: 'warning' });
      return false;
    }
    return true;
  };

  const saveChild = async () => {
    // Spec §4: saving a child is blocked with a warning while caregivers lack a relationship.
    if (caregiversWithoutRelationship.length) {
      setMessage({ title: 'Warning', text: CATALOGUE.caregiverRelationshipRequired });
      return;
    }
    if (!validateForm()) return;
    try {
      if (effectiveMode === 'add') {
        const created = await run(
          'save',
          () => apiSend<AssessmentView>('POST', '/assessments', { child: childPayload(child), ...(previousAssessmentId ? { previousAssessmentId } : {}) }),
          'Assessment was saved successfully.',
        );
        if (created && familyToBind && familyToBind === (child.familyId ?? '').trim()) {
          // Spec §4: the user chose to load the FAMILY ID's caregivers; the child exists now, so bind them.
          await run('family', () => apiSend<AssessmentView>('POST', `/assessments/${created.id}/family-caregivers`, { familyId: familyToBind, revision: created.revision }));
        }
        // Spec: after a successful add, the user goes to the edit page.
        if (created) leave(assessmentPaths.edit(created.id), { replace: true });
      } else if (view) {
        const updated = await run('save', () => apiSend<AssessmentView>('PUT', `/assessments/${view.id}/child-information`, { child: childPayload(child), revision: view.revision }), 'Assessment was saved successfully.');
        if (updated) {
          applyView(updated);
          if (effectiveMode === 'approved') leave(assessmentPaths.edit(updated.id));
        }
      }
    } catch (e) {
      if (e instanceof ApiError) {
        setChildErrors(e.fieldErrors);
        notify(e.message, { type: 'warning' });
      }
    }
  };

  /** Spec §4: leaving the PID field with a changed value looks up the latest assessment of that PID. */
  const onCinBlur = async (cin: string) => {
    if (!cin || cin === savedCin || readOnly) return;
    let answer: ChildLookup & { outcome?: { kind: string; assessmentId?: string; prefill?: Partial<ChildInformation> } };
    try {
      const query = new URLSearchParams({ cin, mode: effectiveMode === 'add' ? 'add' : 'edit' });
      if (view) query.set('assessmentId', view.id);
      answer = await apiGet(`/children/lookup?${query.toString()}`);
    } catch {
      return;
    }
    const outcome = answer.outcome ?? (answer.latest ? { kind: answer.latest.approved ? (effectiveMode === 'add' ? 'prefill-from-approved' : 'open-approved') : 'confirm-edit-unapproved', assessmentId: answer.latest.assessmentId } : { kind: 'none' });
    if (outcome.kind === 'open-approved' && outcome.assessmentId) {
      navigate(assessmentPaths.edit(outcome.assessmentId));
    } else if (outcome.kind === 'prefill-from-approved' && outcome.assessmentId) {
      const source = outcome.prefill ?? answer.latest?.child ?? {};
      setChild({ ...childFormValues({ ...source, dateOfAssessment: '' } as Partial<ChildInformation>), cin });
      setPreviousAssessmentId(outcome.assessmentId);
      setSavedCin(cin);
      notify('The form was filled in from the latest approved assessment of this child.', { type: 'info' });
    } else if (outcome.kind === 'confirm-edit-unapproved' && outcome.assessmentId) {
      const target = outcome.assessmentId;
      setConfirm({
        title: 'System Message',
        text: CATALOGUE.childNotApproved,
        onYes: () => navigate(assessmentPaths.edit(target)),
        // No reloads the page in edit mode, clears the PID in add mode.
        onNo: () => (effectiveMode === 'add' ? setChild((c) => ({ ...c, cin: '' })) : void load()),
      });
    }
  };

  /** Spec §4: caregivers already exist for this FAMILY ID → ask whether to save it and load them. */
  const onFamilyIdBlur = async (familyId: string) => {
    if (!familyId || familyId === savedFamilyId || readOnly) return;
    if (!view && effectiveMode !== 'add') return;
    try {
      const query = new URLSearchParams(view ? { familyId, mode: 'edit', assessmentId: view.id } : { familyId, mode: 'add' });
      const answer = await apiGet<ChildLookup & { familyPrompt?: string | null }>(`/children/lookup?${query.toString()}`);
      if (!answer.familyPrompt && !(answer.familyCaregivers?.length ?? 0)) return;
      setConfirm({
        title: 'System Message',
        text: answer.familyPrompt || CATALOGUE.caregiverBindFamilyId,
        onYes: async () => {
          if (!view) {
            // Add mode: there is no child to bind to yet (spec 000 §4: bind after the first save).
            setFamilyToBind(familyId);
            notify(CATALOGUE.familyBoundOnSave, { type: 'info' });
            return;
          }
          const updated = await run('family', () => apiSend<AssessmentView>('POST', `/assessments/${view.id}/family-caregivers`, { familyId, revision: view.revision }));
          if (updated) applyView(updated);
          else await load();
        },
      });
    } catch {
      // The lookup is a convenience; saving the child still works.
    }
  };

  const onChildChange = async (next: ChildInformation) => {
    const typeChanged = view && next.assessmentType !== child.assessmentType && next.assessmentType;
    setChild(next);
    // Spec §4: changing the assessment type triggers a save.
    if (typeChanged && view && actions?.changeType) {
      const updated = await run('type', () => apiSend<AssessmentView>('PUT', `/assessments/${view.id}/type`, { assessmentType: next.assessmentType, revision: view.revision }), 'Assessment type changed.');
      if (updated) setView(updated);
    }
  };

  // ---------------------------------------------------------------- caregivers

  const saveCaregiver = async (caregiverId: string | null, value: CaregiverDetails) => {
    if (!view) {
      setMessage({ title: 'System Message', text: CATALOGUE.saveChildFirst });
      return;
    }
    let updated: AssessmentView;
    try {
      updated = caregiverId
        ? await apiSend<AssessmentView>('PUT', `/assessments/${view.id}/caregivers/${caregiverId}`, { caregiver: value, revision: view.revision })
        : await apiSend<AssessmentView>('POST', `/assessments/${view.id}/caregivers`, { caregiver: value, caregiverId: newId(), revision: view.revision });
    } catch (e) {
      // The dialog stays open with the message; the page underneath shows the latest version to save against.
      if (isConflict(e)) {
        await load();
        throw new Error(conflictMessage(e));
      }
      throw e;
    }
    setView(updated);
    notify('Caregiver was saved successfully.', { type: 'success' });
  };

  const deleteCaregiver = async (caregiverId: string) => {
    if (!view) return;
    const updated = await run('caregiver', () => apiSend<AssessmentView>('DELETE', `/assessments/${view.id}/caregivers/${caregiverId}`, { revision: view.revision }), 'Caregiver was deleted successfully.');
    if (updated) setView(updated);
  };

  // ---------------------------------------------------------------- questionnaire

  const handlers: QuestionnaireHandlers = useMemo(
    () => ({
      onRate: async (question: QuestionView, caregiverId: string | null, rating: Rating | null) => {
        if (!view) return;
        const result = await apiSend<RatingResult>('PUT', `/assessments/${view.id}/ratings`, { questionCode: question.code, caregiverId, rating });
        setView((current) => (current ? { ...current, revision: result.revision ?? current.revision, questionnaire: result.questionnaire ?? current.questionnaire } : current));
      },
      onSaveComment: async (question, caregiverId, commentId, content) => {
        if (!view) return;
        const updated = await apiSend<AssessmentView>('PUT', `/assessments/${view.id}/comments/${commentId ?? newId()}`, { questionCode: question.code, caregiverId, content });
        setView(updated);
      },
      onDeleteComment: async (comment: QuestionComment) => {
        if (!view) return;
        const updated = await run('comment', () => apiSend<AssessmentView>('DELETE', `/assessments/${view.id}/comments/${comment.commentId}`));
        if (updated) setView(updated);
      },
      beforeExpand: () => {
        if (caregiversWithoutRelationship.length) {
          setMessage({ title: 'Warning', text: CATALOGUE.caregiverRelationshipRequired });
          return false;
        }
        return true;
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [view?.id, view?.revision, caregiversWithoutRelationship.length],
  );

  /** Saves the narrative; the saved view, or undefined when refused (the messages are shown on the fields). */
  const saveNarrative = async (narrative: Narrative): Promise<AssessmentView | undefined> => {
    if (!view) return undefined;
    try {
      const updated = await run('narrative', () => apiSend<AssessmentView>('PUT', `/assessments/${view.id}/narrative`, { narrative, revision: view.revision }));
      if (updated) {
        setView(updated);
        setNarrativeErrors({});
      }
      return updated;
    } catch (e) {
      if (e instanceof ApiError) {
        const mapped: Record<string, string> = {};
        for (const [k, m] of Object.entries(e.fieldErrors)) mapped[k.replace(/^narrative\./, '')] = m;
        setNarrativeErrors(mapped);
      }
      return undefined;
    }
  };

  // ---------------------------------------------------------------- workflow

  const complete = async () => {
    if (!view || busy === 'complete') return;
    if (caregiversWithoutRelationship.length) {
      setMessage({ title: 'Warning', text: CATALOGUE.caregiverRelationshipRequired });
      return;
    }
    // Spec 000 §4: Complete saves what is on the page first — the typed narrative here, the child with the
    // completion itself (the complete command carries it).
    let current: AssessmentView = view;
    if (narrativeDiffers(narrativeDraft, view.narrative)) {
      const saved = await saveNarrative(narrativeDraft);
      if (!saved) return;
      current = saved;
    }
    const incomplete = current.questionnaire.domains.filter((d) => d.percentComplete < 100);
    if (incomplete.length || !narrativeComplete(current.narrative)) {
      setMessage({
        title: 'System Message',
        text: CATALOGUE.caseCannotBeCompleted,
        items: [
          ...incomplete.map((d) => `${(d as { title?: string }).title || d.name}: ${d.percentComplete}% Completed`),
          ...(narrativeComplete(current.narrative) ? [] : ['Narrative: every section is needed']),
        ],
      });
      return;
    }
    if (!validateForm()) return;
    try {
      const updated = await run('complete', () => apiSend<AssessmentView>('POST', `/assessments/${current.id}/complete`, { revision: current.revision, child: childPayload(child) }), 'Assessment was completed successfully.');
      if (updated) applyView(updated);
    } catch (e) {
      if (e instanceof ApiError) {
        setChildErrors(e.fieldErrors);
        setMessage({ title: 'System Message', text: e.message, items: Object.values(e.fieldErrors) });
      }
    }
  };

  const transition = async (action: 'approve' | 'include' | 'exclude', success: string, after?: () => void) => {
    if (!view) return;
    const updated = await run(action, () => apiSend<AssessmentView>('POST', `/assessments/${view.id}/${action}`, { revision: view.revision }), success);
    if (updated) {
      applyView(updated);
      after?.();
    }
  };

  const submitReason = async (text: string) => {
    if (!view || !reason) return;
    const kind = reason;
    const updated = await apiSend<AssessmentView>('POST', `/assessments/${view.id}/${kind}`, { revision: view.revision, reason: text }).catch(async (e) => {
      if (isConflict(e)) {
        notify(conflictMessage(e), { type: 'warning', autoHideDuration: 5000 });
        setReason(null);
        await load();
        return undefined;
      }
      throw e;
    });
    if (!updated) return;
    setReason(null);
    notify(kind === 'return' ? 'Assessment was returned successfully.' : 'Assessment was closed successfully.', { type: 'success' });
    // Return: the user goes back; Close: the user goes to /assessment.
    leave(assessmentPaths.list);
  };

  const deleteAssessment = async () => {
    if (!view) return;
    setConfirm(null);
    const done = await run('delete', () => apiSend<unknown>('POST', `/assessments/${view.id}/delete`, { revision: view.revision }).then(() => true), 'Assessment was deleted successfully.');
    if (done) leave(assessmentPaths.list);
  };

  // ---------------------------------------------------------------- leaving

  const leave = (path: string, options?: { replace?: boolean }) => {
    leavingOnPurpose.current = true;
    navigate(path, options);
  };
  const unsaved = useRef<() => boolean>(() => false);
  unsaved.current = () => {
    if (readOnly || leavingOnPurpose.current) return false;
    const savedChild = effectiveMode === 'add' ? EMPTY_CHILD : childFormValues(view?.child ?? undefined, view?.assessmentType);
    const childChanged = JSON.stringify(childPayload(child)) !== JSON.stringify(childPayload(savedChild));
    return childChanged || (view !== null && narrativeDiffers(narrativeDraft, view.narrative));
  };
  const hasUnsavedChanges = useCallback(() => unsaved.current(), []);

  // ---------------------------------------------------------------- render

  if (mode === 'edit' && !id) return <Navigate to={assessmentPaths.add} replace />;
  if (loadError) {
    return (
      <Box sx={{ mt: 3 }}>
        <Title title="Assessment" />
        <Alert severity="error" action={<Button onClick={() => navigate(assessmentPaths.list)}>Back to list</Button>}>
          {loadError}
        </Alert>
      </Box>
    );
  }
  if (effectiveMode !== 'add' && !view) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 8 }}>
        <CircularProgress aria-label="Loading assessment" />
      </Box>
    );
  }

  const title = effectiveMode === 'add' ? 'Add Assessment' : effectiveMode === 'approved' ? 'Edit Approved Child' : effectiveMode === 'view' ? 'View Assessment' : 'Edit Assessment';
  const childName = view?.child ? `${view.child.firstName} ${view.child.lastName}` : '';
  const reasonsToShow = (view?.reasons ?? []).filter((r) => (statusCode === 'r' && r.kind === 'return') || (statusCode === 'e' && r.kind === 'close'));

  const toolbar = (
    <AssessmentToolbar
      mode={effectiveMode}
      view={view}
      readOnly={!!readOnly}
      busy={busy !== null}
      commands={{
        back: () => navigate(effectiveMode === 'approved' && id ? assessmentPaths.edit(id) : assessmentPaths.list),
        save: saveChild,
        complete,
        approve: () => setPreviewOpen(true),
        returnIt: () => setReason('return'),
        close: () => setConfirm({ title: 'Warning', text: 'Do you want to close this assessment?', onYes: () => setReason('close') }),
        share: () => setShareOpen(true),
        reassign: () => setReassignOpen(true),
        include: () => void transition('include', 'Assessment was flagged successfully.'),
        exclude: () => void transition('exclude', 'Assessment was flagged successfully.'),
        remove: () => setConfirm({ title: 'Warning', text: 'Are you sure you want to delete this assessment?', onYes: deleteAssessment }),
      }}
    />
  );

  const childCard = (
    <ChildInfoForm
      value={child}
      onChange={onChildChange}
      errors={childErrors}
      options={options}
      readOnly={!!readOnly}
      typeLocked={statusCode === 'a' || (view !== null && !actions?.changeType)}
      onCinBlur={onCinBlur}
      onFamilyIdBlur={onFamilyIdBlur}
      assessorName={view ? view.ownerName : undefined}
    />
  );
  const caregiversCard = (
    <CaregiversCard
      caregivers={caregivers}
      options={options}
      readOnly={!!readOnly}
      childSaved={childSaved}
      onSave={saveCaregiver}
      onDelete={deleteCaregiver}
      onNeedChild={() => setMessage({ title: 'System Message', text: CATALOGUE.saveChildFirst })}
    />
  );

  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={title} />
      <LeaveGuard when={hasUnsavedChanges} />
      <Paper
        variant="outlined"
        sx={{ position: 'sticky', top: 48, zIndex: 5, mt: 2, mb: 2, px: 2, py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {title}
            {childName.trim() && (
              <Typography component="span" variant="h5" color="text.secondary" sx={{ fontWeight: 400 }}>
                {' '}
                · {childName}
              </Typography>
            )}
          </Typography>
          {view && (
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
              <StatusChip code={view.statusCode} label={view.statusLabel} />
              <Typography variant="body2" color="text.secondary">
                {view.ownerName} · updated {formatDateTime(view.updatedAt)}
                {view.includedInReports === false && statusCode === 'a' ? ' · excluded from reports' : ''}
              </Typography>
            </Stack>
          )}
        </Box>
        {toolbar}
      </Paper>

      {reasonsToShow.length > 0 && (
        <Alert severity={statusCode === 'r' ? 'warning' : 'info'} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h2">
            {statusCode === 'r' ? 'Returned Comments' : 'Close Comments'}
          </Typography>
          {reasonsToShow.map((r, index) => (
            <Typography key={index} variant="body2" sx={{ mt: 0.5 }}>
              {r.reason} <Typography component="span" variant="caption" color="text.secondary">— {r.byName}, {formatDateTime(r.at)}</Typography>
            </Typography>
          ))}
        </Alert>
      )}

      {effectiveMode === 'add' || effectiveMode === 'approved' ? (
        <Stack spacing={2} sx={{ maxWidth: 960 }}>
          {childCard}
          {caregiversCard}
        </Stack>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={2}>
              <QuestionnairePanel
                domains={view!.questionnaire?.domains ?? []}
                progress={view!.questionnaire?.progress ?? 0}
                comments={view!.comments ?? []}
                readOnly={!!readOnly}
                handlers={handlers}
              />
              <NarrativeCard narrative={view!.narrative} value={narrativeDraft} onChange={setNarrativeDraft} readOnly={!!readOnly} onSave={saveNarrative} errors={narrativeErrors} />
              <RecommendationsCard recommendations={view!.recommendations ?? []} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2}>
              {childCard}
              {caregiversCard}
            </Stack>
          </Grid>
        </Grid>
      )}

      <Dialog open={message !== null} onClose={() => setMessage(null)} maxWidth="sm" fullWidth aria-labelledby="system-message-title">
        <DialogTitle id="system-message-title">{message?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{message?.text}</DialogContentText>
          {message?.items && message.items.length > 0 && (
            <List dense>
              {message.items.map((item) => (
                <ListItem key={item} disableGutters>
                  <ListItemText primary={item} />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setMessage(null)} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title}
        message={confirm?.text ?? ''}
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => {
          const yes = confirm?.onYes;
          setConfirm(null);
          yes?.();
        }}
        onCancel={() => {
          const no = confirm?.onNo;
          setConfirm(null);
          no?.();
        }}
      />

      {view && (
        <>
          <ReasonDialog
            open={reason !== null}
            title={reason === 'return' ? 'Return Assessment' : 'Close Assessment'}
            label={reason === 'return' ? 'Reason for returning' : 'Reason for closing'}
            requiredMessage={reason === 'return' ? 'A reason is required to return the assessment.' : 'A reason is required to close the assessment.'}
            confirmLabel={reason === 'return' ? 'Return' : 'Close Assessment'}
            onSubmit={submitReason}
            onCancel={() => setReason(null)}
          />
          <PreviewDialog
            open={previewOpen}
            assessmentId={view.id}
            onCancel={() => setPreviewOpen(false)}
            onApprove={async () => {
              setPreviewOpen(false);
              await transition('approve', 'Assessment was approved successfully.', () => leave(assessmentPaths.list));
            }}
          />
          <ShareDialog
            assessmentId={view.id}
            open={shareOpen}
            onClose={() => setShareOpen(false)}
            onShared={(updated) => {
              setShareOpen(false);
              if (updated) setView(updated);
              notify('Assessment was shared successfully.', { type: 'success' });
            }}
          />
          <ReassignDialog
            assessmentId={view.id}
            revision={view.revision}
            open={reassignOpen}
            onClose={() => setReassignOpen(false)}
            onDone={(updated) => {
              setReassignOpen(false);
              notify('Assessment was reassigned successfully.', { type: 'success' });
              if (updated) setView(updated);
              else navigate(assessmentPaths.list);
            }}
          />
        </>
      )}
    </Box>
  );
};
