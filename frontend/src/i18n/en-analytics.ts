/* UI strings of the analytics screen, under cans.analytics.* (server messages never live here). */
import type { UiStrings } from './ui-strings';

export const enAnalytics: UiStrings = {
  menu: 'Analytics',
  title: 'Analytics',
  intro:
    'Figures computed from every recorded change to the assessments, kept up to date. Pick a date under “As replayed until” to see the figures as they stood at the end of that day, when an administrator has replayed them for it.',
  projection: 'Projection',
  collection: 'Collection',
  version: 'version %{version}',
  until: 'As replayed until',
  untilHelp: 'Empty: live figures',
  untilReplays: 'Empty: live figures. Replayed until %{dates}',
  downloadCsv: 'Download CSV',
  loading: 'Loading',
  empty: 'No rows yet.',
  rows: '%{projection}: %{collection}',
  aboutColumns: 'About the columns',
  // Why some cells read "< 5" (the collection has counts).
  smallCells:
    'Counts under %{minimum}, other than 0, show as “< %{minimum}”, and so do the figures computed from them: a group that small could identify children.',
  // An agency column of a row that has none.
  noAgency: 'No agency',
  none: 'No analytics projection is registered.',
  // A count too small to publish (and the figures computed from it): the server answers null.
  suppressed: '< %{minimum}',
};
