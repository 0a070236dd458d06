import type { AccessTable, RouteAccess } from '../providers/access-table';

/** The monthly data feed (spec 002 §2 "/datafeed/datafeed (Data Feed, DATA_FEED_SHOW)"). */
export const dataFeedAccess: AccessTable = {
  'data-feed': { show: 'DATA_FEED_SHOW' },
};

export const dataFeedPaths = {
  page: '/datafeed',
  /** The spec's route table spells it so. */
  specPage: '/datafeed/datafeed',
  /** Spec 002 §2: the manual XML upload, hidden from the menu; the server lets only the super admin use it. */
  xmlUpload: '/xmlbyhandtosftp',
} as const;

export const dataFeedRoutes: readonly RouteAccess[] = [
  { path: dataFeedPaths.page, resource: 'data-feed', action: 'show', title: 'cans.data_feed.menu' },
  { path: dataFeedPaths.specPage, resource: 'data-feed', action: 'show', title: 'cans.data_feed.menu' },
  // No privilege names the super admin: the page asks the server, which answers 403 to anyone else.
  { path: dataFeedPaths.xmlUpload },
];
