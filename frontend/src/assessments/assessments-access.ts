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
  { path: '/assessments', resource: 'assessments', action: 'list', title: 'cans.assessments.list.title' },
  { path: '/assessment', resource: 'assessments', action: 'list', title: 'cans.assessments.list.title' },
  { path: '/assessment/list', resource: 'assessments', action: 'list', title: 'cans.assessments.list.title' },
  { path: '/assessment/overdues', resource: 'assessments', action: 'list', title: 'cans.assessments.list.overdueTitle' },
  {
    path: '/assessment/childinfo/add',
    resource: 'assessments',
    action: 'create',
    title: 'cans.layout.crumbs.new_assessment',
    parent: '/assessment/list',
  },
  {
    path: '/assessment/childinfo/edit/:id',
    resource: 'assessments',
    action: 'edit',
    title: 'cans.layout.crumbs.assessment',
    parent: '/assessment/list',
  },
  {
    path: '/assessment/childinfo/edit/:id/:onlyView',
    resource: 'assessments',
    action: 'edit',
    title: 'cans.layout.crumbs.assessment',
    parent: '/assessment/list',
  },
  {
    path: '/assessment/childinfo/view/:id',
    resource: 'assessments',
    action: 'show',
    title: 'cans.layout.crumbs.assessment',
    parent: '/assessment/list',
  },
  {
    path: '/assessment/approvechildinfo/edit/:id',
    resource: 'assessments',
    action: 'editApproved',
    title: 'cans.layout.crumbs.approved_child',
    parent: '/assessment/list',
  },
  {
    path: '/assessment/startAssessment/:id',
    resource: 'assessments',
    action: 'edit',
    title: 'cans.layout.crumbs.assessment',
    parent: '/assessment/list',
  },
  { path: '/assessment/redirect' },
  { path: '/assessment/summarycase/:id', title: 'cans.layout.crumbs.summary', parent: '/assessment/list' },
  { path: '/assessment/print/:id' },
  // The history and the assessment as it was: whoever may view the assessment (the server checks row access).
  {
    path: '/assessment/history/:id',
    resource: 'assessments',
    action: 'show',
    title: 'cans.layout.crumbs.history',
    parent: '/assessment/list',
  },
  {
    path: '/assessment/history/:id/as-of',
    resource: 'assessments',
    action: 'show',
    title: 'cans.layout.crumbs.as_of',
    parent: '/assessment/history/:id',
  },
  {
    path: '/assessment/history/:id/compare',
    resource: 'assessments',
    action: 'show',
    title: 'cans.layout.crumbs.compare',
    parent: '/assessment/history/:id',
  },
  { path: '/assessment/history/:id/print', resource: 'assessments', action: 'show' },
];
