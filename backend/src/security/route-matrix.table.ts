/**
 * THE REVIEWED EXPECTATION: who may call what. One row per operation of the OpenAPI document (plus a few variant
 * rows, `KEY #variant`, where the target or the body decides), one cell per role, written from and reviewed
 * against docs/permissions.md (the routes table, the privilege table, row access, "Who manages whom").
 * route-matrix.http.spec.ts sends every cell and fails on a route without a row or a row without a route.
 *
 * Cells:  A    allowed: the request gets past the guards and the access checks (any answer but 401/403/404/5xx;
 *              a 400 or a 409 on the stale revision the matrix sends is fine)
 *         401  refused as not signed in           403  refused: privilege, group or status rule
 *         404  refused without revealing the record (row access)
 * Every refused cell must also append nothing to the event store.
 *
 * The records (security-fixture.ts): assessments are worker1's (the caseWorker column) — incomplete unless the row
 * says pending (c) or approved (a); otherWorker is worker2, same group, not on that caseload; the supervisor chain
 * is worker1 → supervisor → supervisorAdmin → stateAdmin → administrator. sysAdmin is a member of group 1 who is
 * not user 1 (no agency, so Case_Monitor shows it every agency). apiClient holds Assessment_View and
 * Report_Assessment only.
 */
import type { Role } from './security-fixture';

export type Cell = 'A' | 401 | 403 | 404;

/** The column order of every row below. */
export const MATRIX_COLUMNS: readonly Role[] = [
  'anonymous',
  'administrator',
  'sysAdmin',
  'stateAdmin',
  'supervisorAdmin',
  'supervisor',
  'caseWorker',
  'otherWorker',
  'monitor',
  'apiClient',
];

// Recurring rows, named after the guard of docs/permissions.md.
//                         anon admin sysAd state supAd sup  dcw  dcw2 mon  api
const PUBLIC = '             A    A     A     A     A     A    A    A    A    A';
const SIGNED_IN = '         401  A     A     A     A     A    A    A    A    A';
const PERSON = '            401  A     A     A     A     A    A    A    A    403';
const REASSIGNER = '        401  403   A     A     A     A    A    A    403  403';
const USER_VIEW = '         401  A     A     A     A     403  403  403  403  403';
// Managing a case worker: User_Actions, and the Direct Care Worker group's privileges all among one's own (every
// built-in group holds all the privileges of the built-in groups below it, so the State Administrator may).
const MANAGE_CASE_WORKER = '401  A     A     A     A     403  403  403  403  403';
// Approving a case worker: User_Actions, groups 1 or 153, and the same subset rule.
const APPROVE_CASE_WORKER = '401 A     A     A     403   403  403  403  403  403';
const GROUPS_1_153 = '      401  A     A     A     403   403  403  403  403  403';
const ONLY_GROUP_1 = '      401  A     A     403   403   403  403  403  403  403';
// Analytics_Author (issue 30): only group 1 holds it among the built-in groups; never an API client.
const ANALYTICS_AUTHOR = '  401  A     A     403   403   403  403  403  403  403';
const SETTING = '           401  A     A     A     403   403  403  403  403  403';
const AGENCY = '            401  A     A     A     403   403  403  403  403  403';
const LABEL_CONFIG = '      401  A     A     A     403   403  403  403  403  403';
const LIBRARY_READ = '      401  A     A     A     A     A    A    A    A    A';
const LIBRARY_MANAGE = '    401  A     A     403   403   403  403  403  403  403';
const CUSTOMIZE_MANAGE = '  401  A     A     403   403   403  403  403  403  403';
const ASSESSMENT_VIEW = '   401  A     A     A     A     A    A    A    A    A';
const ROW_VIEW = '          401  A     A     A     A     A    A    404  A    A';
// Assessment_Edit for an incomplete assessment and row access (edit): group 1's second member and the monitor
// see it but may not change it; the state administrator holds Assessment_Edit and is up the supervisor tree
// (worker1 → supervisor → supervisorAdmin → stateAdmin).
const ROW_EDIT = '          401  A     403   A     A     A    A    404  403  403';
const NEW_ASSESSMENT = '    401  A     A     A     A     A    A    A    403  403';
// Approve / return a pending (c) assessment: the privilege (guard first), then one's own caseload (the supervisor
// tree counts: the state administrator is above worker1's supervisor).
const APPROVE = '           401  A     403   A     A     A    403  403  403  403';
// Include / exclude an approved (a) assessment: Assessment_Report_Inclusion and one's own caseload.
const INCLUDE = '           401  A     403   A     A     A    403  403  403  403';
// Reassign: edit rights on the assessment and (the case worker or User_Actions).
// Reports: Report_Assessment (every built-in group and API clients); row access inside the answer.
const REPORT = '            401  A     A     A     A     A    A    A    A    A';
// Data feed: DATA_FEED_SHOW (System and State Administrators); state-wide, no row access.
const DATA_FEED = '         401  A     A     A     403   403  403  403  403  403';
// Export of approved assessments (download, count): DATA_FEED_SHOW, and API clients (capped by maxRecords).
const DATA_EXPORT = '       401  A     A     A     403   403  403  403  403  A';
const REASSIGN = '          401  A     403   A     A     403  A    404  403  403';

export const ROUTE_MATRIX: Record<string, string> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,

  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/verification-code': PUBLIC,
  'POST /api/auth/verify': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'POST /api/auth/password-reset': PUBLIC,
  'POST /api/auth/password-link/status': PUBLIC,
  'POST /api/auth/password-link': PUBLIC,
  'POST /api/auth/api-token': PUBLIC,
  'GET /api/auth/me': SIGNED_IN,
  'GET /api/privileges': SIGNED_IN,

  'GET /api/account': PERSON,
  'PUT /api/account': PERSON,
  'POST /api/account/password': PERSON,
  'GET /api/account/access-assignments': REASSIGNER,
  'GET /api/account/access-assignments/delegate-options': REASSIGNER,
  // To a sibling user of the caller (security-fixture make.delegate), from 2032.
  'POST /api/account/access-assignments': REASSIGNER,
  'DELETE /api/account/access-assignments/{id}': REASSIGNER,
  //                                                    anon admin sysAd state supAd sup  dcw  dcw2 mon  api
  "DELETE /api/account/access-assignments/{id} #worker1's": '401  403   404   404   404   404  A    404  403  403',

  'GET /api/users': USER_VIEW,
  'GET /api/users/supervisor-options': USER_VIEW,
  'GET /api/users/{id}': USER_VIEW,
  'GET /api/users/{id}/supervisees': USER_VIEW,
  'POST /api/users': MANAGE_CASE_WORKER,
  'PUT /api/users/{id}': MANAGE_CASE_WORKER,
  'DELETE /api/users/{id}': MANAGE_CASE_WORKER,
  'POST /api/users/{id}/password-reset': MANAGE_CASE_WORKER,
  'POST /api/users/{id}/approve': APPROVE_CASE_WORKER,
  // Who manages whom: only users whose group's privileges are a subset of one's own; groups 1 and 153 are
  // assigned by their members only; the administrator (user 1) is changed by themself only.
  'POST /api/users #into group 1': ONLY_GROUP_1,
  'PUT /api/users/{id} #move a case worker into group 1': ONLY_GROUP_1,
  'PUT /api/users/{id} #re-mail a State Administrator': GROUPS_1_153,
  'DELETE /api/users/{id} #a State Administrator': GROUPS_1_153,
  'POST /api/users/{id}/password-reset #a State Administrator': GROUPS_1_153,
  //                                       anon admin sysAd state supAd sup  dcw  dcw2 mon  api
  'PUT /api/users/{id} #the administrator': '401  A     403   403   403   403  403  403  403  403',

  'GET /api/user-groups': USER_VIEW,
  'GET /api/user-groups/tree': USER_VIEW,
  'GET /api/user-groups/{id}': USER_VIEW,
  'POST /api/user-groups': GROUPS_1_153,
  'PUT /api/user-groups/{id}': GROUPS_1_153,
  'DELETE /api/user-groups/{id}': GROUPS_1_153,

  // Adding, editing and deleting API users also needs Assessment_View, Report_Assessment, DATA_FEED_SHOW and sight of
  // every record ("Who manages whom", rule 6): every Setting holder here has them (group 153 holds Case_Monitor and
  // the State Administrator has no agency), so the rows stay SETTING; api-user-management.http.spec.ts has the rest.
  'GET /api/api-users': SETTING,
  'POST /api/api-users': SETTING,
  'GET /api/api-users/{id}': SETTING,
  'PUT /api/api-users/{id}': SETTING,
  'DELETE /api/api-users/{id}': SETTING,
  'GET /api/system-log': SETTING,
  'GET /api/system-log/actions': SETTING,

  'GET /api/agencies': SIGNED_IN,
  'GET /api/agencies/{id}': SIGNED_IN,
  'GET /api/system-notification': SIGNED_IN,
  'PUT /api/system-notification': SETTING,
  'GET /api/settings/app-version': SIGNED_IN,
  'GET /api/settings/email-server': ONLY_GROUP_1,
  'PUT /api/settings/email-server': ONLY_GROUP_1,
  'POST /api/settings/email-server/test-mail': ONLY_GROUP_1,
  'GET /api/settings/reminders': SETTING,
  'PUT /api/settings/reminders': SETTING,
  'GET /api/settings/email-templates': SETTING,
  'GET /api/settings/email-templates/{name}': SETTING,
  'PUT /api/settings/email-templates/{name}': SETTING,
  'POST /api/settings/email-templates/{name}/preview': SETTING,
  // Help is reachable without signing in (spec 002 §2); writing it needs Customize_Manage.
  'GET /api/help': PUBLIC,
  'PUT /api/help': CUSTOMIZE_MANAGE,
  'PUT /api/settings/app-version': SETTING,
  'POST /api/agencies': AGENCY,
  'PUT /api/agencies/{id}': AGENCY,
  'DELETE /api/agencies/{id}': AGENCY,
  'GET /api/settings/child-labels': LABEL_CONFIG,
  'PUT /api/settings/child-labels/{fieldName}': LABEL_CONFIG,
  // Option value lists: part of the child form's configuration (Label_Config), read and written alike.
  'GET /api/settings/option-lists': LABEL_CONFIG,
  'GET /api/settings/option-lists/{list}': LABEL_CONFIG,
  'POST /api/settings/option-lists/{list}/items': LABEL_CONFIG,
  'PUT /api/settings/option-lists/{list}/items/{id}': LABEL_CONFIG,
  'DELETE /api/settings/option-lists/{list}/items/{id}': LABEL_CONFIG,

  'GET /api/library': LIBRARY_READ,
  'GET /api/library/items': LIBRARY_READ,
  'GET /api/library/items/{id}': LIBRARY_READ,
  'GET /api/library/versions': LIBRARY_READ,
  'GET /api/library/versions/current': LIBRARY_READ,
  'GET /api/library/versions/{version}': LIBRARY_READ,
  'POST /api/library/evaluate': LIBRARY_READ,
  'POST /api/library/items': LIBRARY_MANAGE,
  'PUT /api/library/items/{id}': LIBRARY_MANAGE,
  'DELETE /api/library/items/{id}': LIBRARY_MANAGE,
  'PUT /api/library/items/{id}/visibility': LIBRARY_MANAGE,
  'PUT /api/library/order': LIBRARY_MANAGE,
  'GET /api/question-rules': LIBRARY_MANAGE,
  'GET /api/question-rules/{id}': LIBRARY_MANAGE,
  'POST /api/question-rules': LIBRARY_MANAGE,
  'PUT /api/question-rules/{id}': LIBRARY_MANAGE,
  'DELETE /api/question-rules/{id}': LIBRARY_MANAGE,

  'GET /api/assessments': ASSESSMENT_VIEW,
  'POST /api/assessments': NEW_ASSESSMENT,
  'GET /api/assessments/{id}': ROW_VIEW,
  'GET /api/assessments/{id}/share-options': ROW_VIEW,
  'GET /api/assessments/{id}/reassign-options': ROW_VIEW,
  'GET /api/assessments/{id}/summary': ROW_VIEW,
  'GET /api/assessments/{id}/summary.pdf': ROW_VIEW,
  'GET /api/assessments/{id}/print': ROW_VIEW,
  'GET /api/assessments/{id}/print.pdf': ROW_VIEW,
  'GET /api/assessments/{id}/history': ROW_VIEW,
  'GET /api/assessments/{id}/history.csv': ROW_VIEW,
  'GET /api/assessments/{id}/as-of': ROW_VIEW,
  'GET /api/assessments/{id}/compare': ROW_VIEW,
  'GET /api/assessments/{id}/access-at': ROW_VIEW,
  'PUT /api/assessments/{id}/child-information': ROW_EDIT,
  'PUT /api/assessments/{id}/type': ROW_EDIT,
  'POST /api/assessments/{id}/caregivers': ROW_EDIT,
  'PUT /api/assessments/{id}/caregivers/{caregiverId}': ROW_EDIT,
  'DELETE /api/assessments/{id}/caregivers/{caregiverId}': ROW_EDIT,
  'POST /api/assessments/{id}/family-caregivers': ROW_EDIT,
  'PUT /api/assessments/{id}/ratings': ROW_EDIT,
  'PUT /api/assessments/{id}/comments/{commentId}': ROW_EDIT,
  'DELETE /api/assessments/{id}/comments/{commentId}': ROW_EDIT,
  // Only a comment's author changes or deletes it.
  //                                                                anon admin sysAd state supAd sup  dcw  dcw2 mon  api
  "DELETE /api/assessments/{id}/comments/{commentId} #worker1's": '401  403   403   403   403   403  A    404  403  403',
  'PUT /api/assessments/{id}/narrative': ROW_EDIT,
  'POST /api/assessments/{id}/complete': ROW_EDIT,
  'POST /api/assessments/{id}/close': ROW_EDIT,
  'POST /api/assessments/{id}/delete': ROW_EDIT,
  'DELETE /api/assessments/{id}': ROW_EDIT,
  // Finding 3: sharing needs edit rights (view-only users such as the monitor may not hand them out).
  'POST /api/assessments/{id}/share': ROW_EDIT,
  'POST /api/assessments/{id}/reassign': REASSIGN,
  'POST /api/assessments/{id}/approve': APPROVE,
  'POST /api/assessments/{id}/return': APPROVE,
  'POST /api/assessments/{id}/include': INCLUDE,
  'POST /api/assessments/{id}/exclude': INCLUDE,
  'GET /api/assessment-options': ASSESSMENT_VIEW,
  'GET /api/children/lookup': ASSESSMENT_VIEW,
  'GET /api/assessment-assessors': ASSESSMENT_VIEW,
  'GET /api/answer-statistics/{questionCode}': ASSESSMENT_VIEW,
  'GET /api/assessment-counts': ASSESSMENT_VIEW,
  'GET /api/reports/filter-options': REPORT,
  'GET /api/reports/domains': REPORT,
  'GET /api/reports/cohort': REPORT,
  'GET /api/reports/many-children-one-cans': REPORT,
  'GET /api/reports/glance': REPORT,
  'GET /api/reports/comparison-options': REPORT,
  'GET /api/reports/comparison': REPORT,
  'GET /api/reports/one-child-one-cans/cases': REPORT,
  'GET /api/reports/one-child-one-cans': REPORT,
  'GET /api/reports/one-child-one-cans/glance': REPORT,
  'GET /api/reports/one-child-many-cans/glance': REPORT,
  'GET /api/reports/many-children-many-cans/glance': REPORT,
  'GET /api/reports/one-child-many-cans/children': REPORT,
  'GET /api/reports/one-child-many-cans/time-points': REPORT,
  'GET /api/reports/one-child-many-cans': REPORT,
  'GET /api/reports/many-children-many-cans/cohort': REPORT,
  'GET /api/reports/many-children-many-cans': REPORT,
  'POST /api/reports/saved-queries': REPORT,
  'GET /api/reports/saved-queries/{id}': REPORT,
  'GET /api/reports/saved-queries/{id}/pdf': REPORT,
  'GET /api/assessment-counts/months': ASSESSMENT_VIEW,
  'GET /api/data-feed/monthly/count': DATA_FEED,
  'GET /api/data-feed/monthly/download': DATA_FEED,
  'GET /api/data-feed/export/count': DATA_EXPORT,
  'GET /api/data-feed/export/download': DATA_EXPORT,
  'POST /api/data-feed/export/mail': DATA_FEED,
  // The XML feed to SFTP and its server: the super admin (group 1), whatever privileges others hold.
  'GET /api/data-feed/xml': ONLY_GROUP_1,
  'POST /api/data-feed/xml/upload': ONLY_GROUP_1,
  'PUT /api/data-feed/xml/assessment-date': ONLY_GROUP_1,
  'GET /api/settings/sftp-server': ONLY_GROUP_1,
  'PUT /api/settings/sftp-server': ONLY_GROUP_1,
  'GET /api/assessment-counts/supervisees': ASSESSMENT_VIEW,
  // Analysts' projections: Report_Assessment; state-wide aggregates without any child, so no row access.
  'GET /api/analytics': REPORT,
  'GET /api/analytics/{projection}/{collection}': REPORT,
  'GET /api/analytics/{projection}/{collection}.csv': REPORT,
  // Their in-app replays: the same privilege as reading them (the same aggregates, the same small-cell rule).
  'GET /api/analytics-replays': REPORT,
  'GET /api/analytics-replays/{id}': REPORT,
  'POST /api/analytics-replays': REPORT,
  // The workbench: Analytics_Author, who reads the pseudonymised row-level view of the events.
  'GET /api/analytics-workbench': ANALYTICS_AUTHOR,
  'POST /api/analytics-workbench/previews': ANALYTICS_AUTHOR,
  'GET /api/analytics-workbench/events.csv': ANALYTICS_AUTHOR,
  'GET /api/analytics-workbench/events.parquet': ANALYTICS_AUTHOR,
  // Publishing from the workbench: the same privilege (what is published is read under Report_Assessment above).
  'GET /api/analytics-workbench/projections': ANALYTICS_AUTHOR,
  'GET /api/analytics-workbench/projections/{name}': ANALYTICS_AUTHOR,
  'POST /api/analytics-workbench/projections': ANALYTICS_AUTHOR,
  'DELETE /api/analytics-workbench/projections/{name}': ANALYTICS_AUTHOR,
};

/** The cells of a row, by role. */
export function cellsOf(row: string): Map<Role, Cell> {
  const tokens = row.trim().split(/\s+/);
  if (tokens.length !== MATRIX_COLUMNS.length) throw new Error(`route matrix: a row needs ${MATRIX_COLUMNS.length} cells, got "${row}"`);
  return new Map(
    tokens.map((token, index) => {
      if (token !== 'A' && token !== '401' && token !== '403' && token !== '404') throw new Error(`route matrix: unknown cell "${token}"`);
      return [MATRIX_COLUMNS[index], token === 'A' ? 'A' : (Number(token) as Cell)];
    }),
  );
}

/** The operation a row names (`KEY #variant` → `KEY`). */
export const operationKeyOf = (rowKey: string): string => rowKey.split(' #')[0];
