/*
 * How the editor runs a command (spec "409 → show the server's message and reload"): one react-query mutation over
 * `send`, whose pending call names what is busy. A refusal with field messages goes back to the caller (the form shows
 * them); a 409 is shown and the assessment reloaded; anything else is shown as the server's sentence.
 */
import { useNotify, useTranslate } from 'react-admin';
import type { HttpMethod } from '../providers/dataProvider';
import { isConflict, toApiError, type ApiError } from '../providers/api-error';
import { useApiMutation } from '../providers/useApi';
import type { AssessmentView } from './assessment-types';

/** A command that answers with the updated assessment. */
export interface ViewCommand {
  /** What is busy while it runs (e.g. 'save', 'complete'). */
  label: string;
  method?: HttpMethod;
  path: string;
  body?: unknown;
}

const NOTICE_MS = 5000;

export function useCommandRunner(reload: () => Promise<unknown>) {
  const notify = useNotify();
  const translate = useTranslate();
  const command = useApiMutation<ViewCommand, AssessmentView>((send, { method = 'POST', path, body }) =>
    send<AssessmentView>(method, path, body),
  );

  /** A lost revision race says the page now shows the latest version; a refused transition says why, in the server's words. */
  const conflictText = (error: ApiError): string =>
    /changed by someone else/i.test(error.message) ? translate('cans.assessments.notices.stale') : error.message;

  /** Shows a 409 and reloads; true when the error was one. */
  const handledConflict = async (e: unknown): Promise<boolean> => {
    const error = toApiError(e);
    if (!isConflict(error)) return false;
    notify(conflictText(error), { type: 'warning', autoHideDuration: NOTICE_MS });
    await reload();
    return true;
  };

  /** Shows a failed command: a 409 with a reload, anything without field messages as a notice; field refusals are rethrown. */
  const report = async (e: unknown): Promise<void> => {
    const error = toApiError(e);
    if (await handledConflict(error)) return;
    if (Object.keys(error.fieldErrors).length > 0) throw error;
    notify(error.message, { type: 'error', autoHideDuration: NOTICE_MS });
  };

  /** Runs a command; the updated assessment, or undefined when it failed and that was shown. Throws field refusals. */
  const run = async (call: ViewCommand, successNotice?: string): Promise<AssessmentView | undefined> => {
    try {
      const result = await command.mutateAsync(call);
      if (successNotice) notify(successNotice, { type: 'success' });
      return result;
    } catch (e) {
      await report(e);
      return undefined;
    }
  };

  return {
    run,
    /** Runs a command and leaves every failure to the caller (dialogs that show it in place). */
    execute: command.mutateAsync,
    report,
    handledConflict,
    conflictText,
    busy: command.isPending ? (command.variables?.label ?? null) : null,
  };
}

export type CommandRunner = ReturnType<typeof useCommandRunner>;
