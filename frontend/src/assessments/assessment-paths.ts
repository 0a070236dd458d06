/* Where things are: the app routes of the assessments feature, and the API paths its calls go to (relative to /api). */

export const assessmentPaths = {
  list: '/assessment/list',
  overdues: '/assessment/overdues',
  add: '/assessment/childinfo/add',
  edit: (id: string) => `/assessment/childinfo/edit/${encodeURIComponent(id)}`,
  view: (id: string) => `/assessment/childinfo/view/${encodeURIComponent(id)}`,
  editApproved: (id: string) => `/assessment/approvechildinfo/edit/${encodeURIComponent(id)}`,
  summary: (id: string) => `/assessment/summarycase/${encodeURIComponent(id)}`,
  print: (id: string) => `/assessment/print/${encodeURIComponent(id)}`,
  history: (id: string) => `/assessment/history/${encodeURIComponent(id)}`,
  historyPrint: (id: string) => `/assessment/history/${encodeURIComponent(id)}/print`,
  /** The assessment as it was: after the change with this revision, or at a moment (ISO). */
  asOf: (id: string, point: AsOfPoint) => `/assessment/history/${encodeURIComponent(id)}/as-of?${asOfQuery(point)}`,
  compare: (id: string, revision: number) => `/assessment/history/${encodeURIComponent(id)}/compare?revision=${revision}`,
};

/** A past moment of an assessment: after the change with this revision, or at a date and time. */
export type AsOfPoint = { revision: number } | { at: string };

/** The query string of a past moment, as the API and the app routes both take it. */
export const asOfQuery = (point: AsOfPoint): string =>
  'revision' in point ? `revision=${point.revision}` : `at=${encodeURIComponent(point.at)}`;

/** The address of an app route, for links that open a new tab (summary and print, spec §2): routes are paths. */
export const appHref = (path: string): string => path;

/** The API path of one assessment, or of a command or read under it (`/assessments/{id}/{rest}`). */
export const assessmentApiPath = (id: string, ...rest: string[]): string =>
  [`/assessments/${encodeURIComponent(id)}`, ...rest.map(encodeURIComponent)].join('/');

/** A fresh id for a caregiver or comment the client names (the server takes client-chosen UUIDs). */
export const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });
