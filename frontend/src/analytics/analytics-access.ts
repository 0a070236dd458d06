import type { AccessTable, RouteAccess } from '../providers/access-table';

/** Analysts' projections are report data: Report_Assessment, like the report wizards (issue 16). */
export const analyticsAccess: AccessTable = {
  analytics: { show: 'Report_Assessment' },
};

export const analyticsPaths = { page: '/analytics' } as const;

export const analyticsRoutes: readonly RouteAccess[] = [
  { path: analyticsPaths.page, resource: 'analytics', action: 'show', title: 'cans.analytics.menu' },
];
