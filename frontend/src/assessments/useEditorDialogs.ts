/* Which dialog of the assessment editor is open: a message, a yes/no question, or one of the workflow dialogs. */
import { useState } from 'react';

/** A line of a message; one with `onSelect` is a link to what it names (an incomplete domain, an empty field). */
export interface SystemMessageItem {
  text: string;
  onSelect?: () => void;
}

/** A message the user acknowledges with OK: a title, a sentence and, for a refusal, what is missing, one per line. */
export interface SystemMessage {
  title: string;
  text: string;
  items?: Array<string | SystemMessageItem>;
}

/** A request to open a domain of the questionnaire (by its title); `seq` makes asking twice open it again. */
export interface DomainRequest {
  title: string;
  seq: number;
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
  const [domainRequest, setDomainRequest] = useState<DomainRequest | null>(null);
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
    domainRequest,
    /** Opens the questionnaire's domain of this title (a line of the completion refusal). */
    openDomain: (title: string) => setDomainRequest((previous) => ({ title, seq: (previous?.seq ?? 0) + 1 })),
    workflow,
    open: setWorkflow,
    close: () => setWorkflow(null),
  };
}

export type EditorDialogs = ReturnType<typeof useEditorDialogs>;
