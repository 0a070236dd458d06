/* UI strings of the analytics screen, under cans.analytics.* (server messages never live here). */
import type { UiStrings } from './ui-strings';

export const enAnalytics: UiStrings = {
  menu: 'Analytics',
  title: 'Analytics',
  intro:
    'Figures computed from every recorded change to the assessments, kept up to date. Pick a date under “As replayed until” to see the figures as they stood at the end of that day, once they have been replayed for it (below).',
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
  replay: {
    title: 'Replay as of a past date',
    intro:
      'Build the figures of %{projection} as they stood at the end of a past day, from every change recorded until then. The app keeps working meanwhile; when the replay is done, show it or pick its date under “As replayed until”.',
    until: 'Until the end of',
    ask: 'Replay',
    asking: 'Asking…',
    list: 'Replays of this projection',
    untilLabel: 'Until %{until}',
    yours: '(yours)',
    queued: 'Waiting for the replay before it.',
    running: 'Replaying: %{done} of %{total} events, %{rate} events/s, %{left}',
    secondsLeft: 'about %{seconds} s left',
    done: 'Done: %{events} events recorded until then.',
    failed: 'The replay failed.',
    show: 'Show these figures',
    progress: 'Progress of the replay until %{until}',
  },
  // A count too small to publish (and the figures computed from it): the server answers null.
  suppressed: '< %{minimum}',
};
