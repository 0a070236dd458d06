/* UI strings of the analytics screen, under cans.analytics.* (server messages never live here). */
import type { UiStrings } from './ui-strings';

export const enAnalytics: UiStrings = {
  menu: 'Analytics',
  title: 'Analytics',
  intro:
    'Read models that analysts define over the event log, built from event zero and kept live. A replay until a past date shows what a projection said then (npm run projections -- replay <name> --until <date>).',
  projection: 'Projection',
  collection: 'Collection',
  version: 'version %{version}',
  until: 'As replayed until',
  untilHelp: 'Empty: live figures',
  downloadCsv: 'Download CSV',
  loading: 'Loading',
  empty: 'No rows yet.',
  rows: 'Rows of %{collection}',
  none: 'No analytics projection is registered.',
  // A count too small to publish (and the figures computed from it): the server answers null.
  suppressed: '< %{minimum}',
};
