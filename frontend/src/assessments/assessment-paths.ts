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
};

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
