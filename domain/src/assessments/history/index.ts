/** The history of an assessment (issue 16): pure description, diff, state as of a point, sessions. */
export * from './history.types';
export * from './history.format';
export * from './history.changes';
export * from './history.describe';
export * from './history.timeline';
