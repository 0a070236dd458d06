import type { AccessTable, RouteAccess } from '../providers/access-table';

/** Analysts' projections are report data: Report_Assessment, like the report wizards (issue 16). */
export const analyticsAccess: AccessTable = {
  analytics: { show: 'Report_Assessment' },
  // Authors read the pseudonymised, row-level view of the events (issue 30): a privilege of its own.
  'analytics-workbench': { show: 'Analytics_Author' },
};

export const analyticsPaths = { page: '/analytics', newProjection: '/analytics/new' } as const;

export const analyticsRoutes: readonly RouteAccess[] = [
  { path: analyticsPaths.page, resource: 'analytics', action: 'show', title: 'cans.analytics.menu' },
  {
    path: analyticsPaths.newProjection,
    resource: 'analytics-workbench',
    action: 'show',
    title: 'cans.analytics.workbench.title',
    parent: analyticsPaths.page,
  },
];
