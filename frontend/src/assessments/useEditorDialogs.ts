/* Which dialog of the assessment editor is open: a message, a yes/no question, or one of the workflow dialogs. */
import { useState } from 'react';

/** A message the user acknowledges with OK: a title, a sentence and, for a refusal, what is missing. */
export interface SystemMessage {
  title: string;
  text: string;
  items?: string[];
}

/** A yes/no question; No may do something too (e.g. clear the field that raised it). */
export interface Confirmation {
  title: string;
  text: string;
  onYes: () => void;
  onNo?: () => void;
}

export type WorkflowDialog = 'return' | 'close' | 'preview' | 'share' | 'reassign';

export function useEditorDialogs() {
  const [message, setMessage] = useState<SystemMessage | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [workflow, setWorkflow] = useState<WorkflowDialog | null>(null);
  return {
    message,
    showMessage: setMessage,
    dismissMessage: () => setMessage(null),
    confirmation,
    ask: setConfirmation,
    /** Closes the question, then runs the answer's action (which may open the next dialog). */
    answer: (yes: boolean) => {
      const action = yes ? confirmation?.onYes : confirmation?.onNo;
      setConfirmation(null);
      action?.();
    },
    workflow,
    open: setWorkflow,
    close: () => setWorkflow(null),
  };
}

export type EditorDialogs = ReturnType<typeof useEditorDialogs>;
