import type { AccessTable, RouteAccess } from '../providers/access-table';

/**
 * resource -> action -> the privilege the UI requires before showing that resource's menu entry or button
 * (react-admin canAccess) or rendering its routes (RouteGuard). The server is the authority; this only hides what
 * the user cannot use.
 */
export const libraryAccess: AccessTable = {
  // Spec 002 §2: /library is open to Library_Manage, Rule_Manage or Customize_Manage.
  library: { home: ['Library_Manage', 'Rule_Manage', 'Customize_Manage'] },
  'library/items': { list: 'Library_Manage', create: 'Library_Manage', edit: 'Library_Manage', delete: 'Library_Manage' },
  // The rule list and the rule evaluator are readable by the library's managers too.
  'question-rules': { list: ['Rule_Manage', 'Library_Manage'], create: 'Rule_Manage', edit: 'Rule_Manage', delete: 'Rule_Manage' },
};

/** The feature's routes (spec 002 §2 route table) and what each needs. */
export const libraryRoutes: readonly RouteAccess[] = [
  { path: '/library', resource: 'library', action: 'home', title: 'cans.layout.crumbs.library' },
  {
    path: '/library/questionLibrary',
    resource: 'library/items',
    action: 'list',
    title: 'cans.layout.crumbs.question_library',
    parent: '/library',
  },
  {
    path: '/library/questionRules',
    resource: 'question-rules',
    action: 'list',
    title: 'cans.layout.crumbs.question_rules',
    parent: '/library',
  },
  {
    path: '/library/questionRulesAdd',
    resource: 'question-rules',
    action: 'create',
    title: 'ra.action.add',
    parent: '/library/questionRules',
  },
  {
    path: '/library/questionRulesEdit/:id',
    resource: 'question-rules',
    action: 'edit',
    title: 'ra.action.edit',
    parent: '/library/questionRules',
  },
  {
    path: '/library/ruleEvaluator',
    resource: 'question-rules',
    action: 'list',
    title: 'cans.layout.crumbs.rule_evaluator',
    parent: '/library/questionRules',
  },
];
