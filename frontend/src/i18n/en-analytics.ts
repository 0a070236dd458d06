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
  newProjection: 'New projection',
  authored: 'published by an analyst',
  workbench: {
    title: 'New projection',
    intro:
      'Write a projection over the analyst’s view of the events: children, assessments and users appear as pseudonyms; names, PIDs, addresses, phone numbers and free text never appear. Start from a template, then Preview to run it over the first events.',
    limits:
      'Preview runs over the first %{events} events. The code has %{memory} MiB of memory and %{seconds} s of CPU per step, no clock and no network. Counts from 1 to %{below} show as “< %{minimum}”.',
    template: 'Start from a template',
    templateHelp: 'Replaces the code below',
    code: 'Projection code (JavaScript)',
    codeHelp:
      'Declare const collections and the functions initialState(), apply(state, event) and rows(state). Type event. or a quote for completion. Tab leaves the editor.',
    preview: 'Preview',
    previewing: 'Running the projection in the sandbox…',
    goToLine: 'Go to line %{line}',
    previewTitle: 'Preview',
    previewSummary: '%{events} events applied in %{ms} ms.',
    collection: 'Collection',
    chartField: 'Chart',
    chartLabel: 'Bar chart of %{field} per row of %{collection}; the table below has the same figures.',
    rowsShown: 'Showing %{shown} of %{total} rows.',
    tableLabel: 'Rows of %{collection}',
    noRows: 'No rows.',
    publish: {
      title: 'Publish',
      intro:
        'Publishing runs the code over the first events once more, records this version with its code in the System Log, then builds it from the first event in the sandbox while the app keeps working. Once built it is kept up to date and everyone with reports reads it on the Analytics page, with the same small cells. Publishing a name again makes its next version, built beside the one in use.',
      name: 'Name',
      nameHelp: 'Lower-case letters, digits and hyphens (e.g. suicide-risk-resolved)',
      label: 'Label',
      description: 'Description',
      publish: 'Publish',
      publishing: 'Checking and publishing…',
      waiting: 'Version %{version} is published and waits to be built.',
      building: 'Building version %{version}: %{done} of %{total} events, %{rate} events/s, %{left}.',
      secondsLeft: 'about %{seconds} s left',
      live: 'Version %{version} is live, up to event %{position}.',
      failed: 'Version %{version} stopped: %{message}',
      unpublished: 'Unpublished.',
      progress: 'Build progress of %{label}',
      open: 'Open version %{version} in Analytics',
    },
    published: {
      title: 'Published projections',
      none: 'None yet.',
      summary: '%{name}, version %{version}',
      edit: 'Edit',
      unpublish: 'Unpublish',
      confirmTitle: 'Unpublish %{label}?',
      confirmContent:
        'It will no longer be built or shown; its figures and replays are removed. Its versions stay in the System Log, and you can publish it again.',
    },
    events: {
      title: 'For your own tools',
      intro:
        'The same view of the events, recorded between two days (UTC), as a file for R, Python or DuckDB: one row per event, one column per field; CSV is text, Parquet keeps numbers as numbers and is smaller. The download is recorded in the System Log.',
      from: 'From',
      to: 'To (included)',
      download: 'Download CSV',
      downloadParquet: 'Download Parquet',
      preparing: 'Preparing the file…',
    },
  },
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
