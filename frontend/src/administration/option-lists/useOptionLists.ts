import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/useApi';

export const OPTION_LISTS_PATH = '/settings/option-lists';

export interface OptionItem {
  id: string;
  name: string;
}

/** One list of GET /api/settings/option-lists (spec 002 §2 "Option value lists"). */
export interface OptionList {
  key: 'initialized' | 'fosterCareStatus';
  title: string;
  items: OptionItem[];
  revision: number;
}

export type OptionChange = { kind: 'add'; name: string } | { kind: 'rename'; id: string; name: string } | { kind: 'delete'; id: string };

/** Every read that shows the options: these lists, the child form and list (assessment options), the report filters. */
const READS_SHOWING_OPTIONS = [OPTION_LISTS_PATH, '/assessment-options', '/reports/filter-options'];

export const useOptionLists = () => useApiQuery<OptionList[]>(OPTION_LISTS_PATH);

/**
 * One change to one list. The server answers once every read model holds it, so the refreshed reads show it; its
 * refusals (a name field error, or why an option in use stays) are the caller's to show.
 */
export const useOptionChange = (list: OptionList['key'], options: { onDone?: (answer: { message: string }) => void } = {}) => {
  const refresh = useRefreshApi();
  const items = `${OPTION_LISTS_PATH}/${list}/items`;
  return useApiMutation(
    (send, change: OptionChange) =>
      change.kind === 'add'
        ? send<{ message: string }>('POST', items, { name: change.name })
        : change.kind === 'rename'
          ? send<{ message: string }>('PUT', `${items}/${encodeURIComponent(change.id)}`, { name: change.name })
          : send<{ message: string }>('DELETE', `${items}/${encodeURIComponent(change.id)}`),
    {
      onSuccess: (answer) => {
        options.onDone?.(answer);
        void refresh(...READS_SHOWING_OPTIONS);
      },
    },
  );
};
