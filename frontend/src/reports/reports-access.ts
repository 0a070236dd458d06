import type { AccessTable, RouteAccess } from '../providers/access-table';

/**
 * The report wizards need Report_Assessment (spec 001 §2 "Report routes", §6). Only completed wizards are listed:
 * a route that is not here is the 404 page, and the home report box links only the listed ones.
 */
export const reportsAccess: AccessTable = {
  reports: { show: 'Report_Assessment' },
};

export const reportPaths = {
  /** The sidebar's Reports: the four wizards listed. */
  index: '/report',
  manyChildOneCans: '/report/manyChildOneCANS',
  oneChildOneCans: '/report/oneChildOneCANS',
  oneChildManyCans: '/report/oneChildManyCANS',
  manyChildManyCans: '/report/manyChildManyCANS',
  /** The print view of a saved report query (opened by Print on a report step). */
  print: '/report/print/:id',
  /** The spec's print paths (spec 001 §2), served by saving their query and opening our print view. */
  oneChildOneCansPrint: '/onechildonecans/print/:ids/:domains',
  oneChildManyCansPrint: '/onechildmanycans/print/:ids/:domains',
  manyChildOneCansPrint: '/manychildonecans/print/:payload',
  manyChildManyCansPrint: '/manychildmanycans/print/:payload',
} as const;

export const reportsRoutes: readonly RouteAccess[] = [
  { path: reportPaths.index, resource: 'reports', action: 'show', title: 'cans.reports.index.title' },
  {
    path: reportPaths.manyChildOneCans,
    resource: 'reports',
    action: 'show',
    title: 'cans.layout.crumbs.many_children_one_cans',
    parent: reportPaths.index,
  },
  {
    path: reportPaths.oneChildOneCans,
    resource: 'reports',
    action: 'show',
    title: 'cans.layout.crumbs.one_child_one_cans',
    parent: reportPaths.index,
  },
  {
    path: reportPaths.oneChildManyCans,
    resource: 'reports',
    action: 'show',
    title: 'cans.layout.crumbs.one_child_many_cans',
    parent: reportPaths.index,
  },
  {
    path: reportPaths.manyChildManyCans,
    resource: 'reports',
    action: 'show',
    title: 'cans.layout.crumbs.many_children_many_cans',
    parent: reportPaths.index,
  },
  { path: reportPaths.print, resource: 'reports', action: 'show' },
  { path: reportPaths.oneChildOneCansPrint, resource: 'reports', action: 'show' },
  { path: reportPaths.oneChildManyCansPrint, resource: 'reports', action: 'show' },
  { path: reportPaths.manyChildOneCansPrint, resource: 'reports', action: 'show' },
  { path: reportPaths.manyChildManyCansPrint, resource: 'reports', action: 'show' },
];
