import { useApiQuery } from '../../providers/useApi';

export interface HelpAnswer {
  path: string;
  content: string;
  customised: boolean;
}

/** The help of a page (GET /api/help, public): the server picks the screen's help from the path. */
export const helpPath = (pagePath: string) => `/help?path=${encodeURIComponent(pagePath)}`;
export const useHelp = (pagePath: string | null) => useApiQuery<HelpAnswer>(pagePath === null ? null : helpPath(pagePath));
