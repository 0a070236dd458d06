import { useApiQuery } from '../../providers/useApi';

/** The App Version as saved on its screen (the build's version until then), for the About page and profile menu. */
export const useAppVersion = (): string | undefined => useApiQuery<{ version: string }>('/settings/app-version').data?.version;
