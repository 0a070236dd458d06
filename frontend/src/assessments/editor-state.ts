/* What the assessment editor's hooks share: the shown assessment, the drafts, the dialogs and how to leave. */
import type { AssessmentView } from './assessment-types';
import type { AssessmentPageMode } from './AssessmentToolbar';
import type { ChildDraft } from './useChildDraft';
import type { CommandRunner } from './useCommandRunner';
import type { EditorDialogs } from './useEditorDialogs';
import type { NarrativeDraft } from './useNarrativeDraft';

export interface EditorState {
  mode: AssessmentPageMode;
  /** null while adding (nothing saved yet) or loading. */
  view: AssessmentView | null;
  /** Replaces the shown assessment, keeping what is typed in the child form. */
  setView: (next: AssessmentView | ((current: AssessmentView) => AssessmentView)) => void;
  /** Replaces the shown assessment and the child form with it. */
  applyView: (next: AssessmentView) => void;
  /** Reads the assessment again and shows it, child form included. */
  reload: () => Promise<void>;
  draft: ChildDraft;
  narrative: NarrativeDraft;
  dialogs: EditorDialogs;
  runner: CommandRunner;
  /** Navigates away after a save or transition: nothing is left unsaved, so the leave guard lets it pass. */
  leave: (path: string, options?: { replace?: boolean }) => void;
}
