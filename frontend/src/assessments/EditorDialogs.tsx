/* The editor's dialogs: its messages and questions, and the workflow dialogs (return, close, preview, share, reassign). */
import { useNotify, useTranslate } from 'react-admin';
import type { AssessmentView } from './assessment-types';
import { assessmentPaths } from './assessment-paths';
import { ConfirmDialog, ReasonDialog } from './dialogs';
import { PreviewDialog } from './PreviewDialog';
import { ReassignDialog } from './ReassignDialog';
import { ShareDialog } from './ShareDialog';
import { SystemMessageDialog } from './SystemMessageDialog';
import type { EditorDialogs as Dialogs } from './useEditorDialogs';

export interface EditorDialogsProps {
  view: AssessmentView | null;
  dialogs: Dialogs;
  setView: (next: AssessmentView) => void;
  submitReason: (kind: 'return' | 'close', reason: string) => Promise<void>;
  approve: () => Promise<void>;
  leave: (path: string) => void;
}

export const EditorDialogs = ({ view, dialogs, setView, submitReason, approve, leave }: EditorDialogsProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { workflow, confirmation } = dialogs;
  const reasonKind = workflow === 'return' || workflow === 'close' ? workflow : null;
  const reasonText = (key: string) => translate(`cans.assessments.dialogs.reason.${reasonKind ?? 'return'}${key}`);
  return (
    <>
      <SystemMessageDialog message={dialogs.message} onClose={dialogs.dismissMessage} />
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.title}
        message={confirmation?.text ?? ''}
        confirmLabel={translate('cans.assessments.dialogs.yes')}
        cancelLabel={translate('cans.assessments.dialogs.no')}
        onConfirm={() => dialogs.answer(true)}
        onCancel={() => dialogs.answer(false)}
      />
      {view && (
        <>
          <ReasonDialog
            kind={reasonKind ?? 'return'}
            open={reasonKind !== null}
            title={reasonText('Title')}
            label={reasonText('Label')}
            confirmLabel={reasonText('Button')}
            onSubmit={(reason) => submitReason(reasonKind ?? 'return', reason)}
            onCancel={dialogs.close}
          />
          <PreviewDialog
            open={workflow === 'preview'}
            assessmentId={view.id}
            onCancel={dialogs.close}
            onApprove={() => {
              dialogs.close();
              void approve();
            }}
          />
          <ShareDialog
            assessmentId={view.id}
            open={workflow === 'share'}
            onClose={dialogs.close}
            onShared={(updated) => {
              dialogs.close();
              if (updated) setView(updated);
              notify('cans.assessments.notices.shared', { type: 'success' });
            }}
          />
          <ReassignDialog
            assessmentId={view.id}
            revision={view.revision}
            open={workflow === 'reassign'}
            onClose={dialogs.close}
            onDone={(updated) => {
              dialogs.close();
              notify('cans.assessments.notices.reassigned', { type: 'success' });
              if (updated) setView(updated);
              else leave(assessmentPaths.list);
            }}
          />
        </>
      )}
    </>
  );
};
