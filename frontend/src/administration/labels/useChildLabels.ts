import { useNotify } from 'react-admin';
import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/useApi';

export const CHILD_LABELS_PATH = '/settings/child-labels';

/** One row of GET /api/settings/child-labels (spec 002 §3 "Label config"). */
export interface ChildLabelRow {
  fieldName: string;
  displayName: string;
  /** 1 enabled, 0 hidden. */
  status: 0 | 1;
  /** The Enabled switch is locked on: the child form requires the field. */
  necessary: boolean;
  defaultDisplayName: string;
}

export interface ChildLabelChange {
  fieldName: string;
  displayName: string;
  status: 0 | 1;
}

/** Every read that shows labels: this table, the child form and lists (assessment options), the report filters. */
const READS_SHOWING_LABELS = [CHILD_LABELS_PATH, '/assessment-options', '/reports/filter-options'];

export const useChildLabels = () => useApiQuery<ChildLabelRow[]>(CHILD_LABELS_PATH);

/**
 * Saves one row. The server answers once every read model holds the save, so the refreshed reads show it. A
 * display name the server refuses is left to the caller (shown on the field); other refusals are notified.
 */
export const useSaveChildLabel = (options: { onSaved?: () => void } = {}) => {
  const notify = useNotify();
  const refresh = useRefreshApi();
  return useApiMutation(
    (send, { fieldName, displayName, status }: ChildLabelChange) =>
      send<ChildLabelRow & { message: string }>('PUT', `${CHILD_LABELS_PATH}/${encodeURIComponent(fieldName)}`, { displayName, status }),
    {
      onSuccess: (answer) => {
        notify(answer.message, { type: 'success' });
        options.onSaved?.();
        void refresh(...READS_SHOWING_LABELS);
      },
      onError: (error) => {
        if (!error.fieldErrors.displayName) notify(error.message, { type: 'error', autoHideDuration: 8000 });
      },
    },
  );
};
