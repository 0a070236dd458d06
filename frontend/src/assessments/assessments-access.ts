import type { AccessTable, RouteAccess } from '../providers/access-table';

/**
 * resource -> action -> the privilege the UI requires before showing that resource's menu entry or button
 * (react-admin canAccess) or rendering its routes (RouteGuard). The server is the authority; this only hides what
 * the user cannot use. Privileges of the routes: spec 000 §2 and 002 §2 route table.
 */
export const assessmentsAccess: AccessTable = {
  assessments: {
    list: 'Assessment_View',
    show: 'Assessment_View',
    create: 'Assessment_New',
    edit: 'Assessment_Edit',
    editApproved: 'Edit_Approved_Case',
  },
};

/** The feature's routes inside the layout and what each needs (summary and print: no privilege in the spec). */
export const assessmentsRoutes: readonly RouteAccess[] = [
  { path: '/assessments', resource: 'assessments', action: 'list' },
  { path: '/assessment', resource: 'assessments', action: 'list' },
  { path: '/assessment/list', resource: 'assessments', action: 'list' },
  { path: '/assessment/overdues', resource: 'assessments', action: 'list' },
  { path: '/assessment/childinfo/add', resource: 'assessments', action: 'create' },
  { path: '/assessment/childinfo/edit/:id', resource: 'assessments', action: 'edit' },
  { path: '/assessment/childinfo/edit/:id/:onlyView', resource: 'assessments', action: 'edit' },
  { path: '/assessment/childinfo/view/:id', resource: 'assessments', action: 'show' },
  { path: '/assessment/approvechildinfo/edit/:id', resource: 'assessments', action: 'editApproved' },
  { path: '/assessment/startAssessment/:id', resource: 'assessments', action: 'edit' },
  { path: '/assessment/redirect' },
  { path: '/assessment/summarycase/:id' },
  { path: '/assessment/print/:id' },
  // The history and the assessment as it was: whoever may view the assessment (the server checks row access).
  { path: '/assessment/history/:id', resource: 'assessments', action: 'show' },
  { path: '/assessment/history/:id/as-of', resource: 'assessments', action: 'show' },
  { path: '/assessment/history/:id/compare', resource: 'assessments', action: 'show' },
  { path: '/assessment/history/:id/print', resource: 'assessments', action: 'show' },
];
