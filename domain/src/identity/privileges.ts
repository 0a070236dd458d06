import { ADMINISTRATOR_ID } from './identity-rules';
/**
 * The 24 privilege names of the specification, and Analytics_Author (issue 30: write analytics projections in the
 * browser over the pseudonymised analyst's view of the events): the whole vocabulary of what a user group may grant.
 */
export const PRIVILEGES = [
  'HOME_SHOW',
  'Assessment_View',
  'Assessment_New',
  'Assessment_Edit',
  'Assessment_Delete',
  'Assessment_Close',
  'Assessment_Return',
  'Assessment_Report_Inclusion',
  'Approve_Assessment',
  'Edit_Approved_Case',
  'Library_Manage',
  'Rule_Manage',
  'Customize_Manage',
  'User_View',
  'User_Actions',
  'Report_Assessment',
  'Agency',
  'Label_Config',
  'Setting',
  'DATA_FEED_SHOW',
  'Case_Monitor',
  'Mirror_visibility',
  'Manage_Parent_Case',
  'Reassign_Accesses_Temporarily',
  'Analytics_Author',
] as const;

export type Privilege = (typeof PRIVILEGES)[number];

export function isPrivilege(value: string): value is Privilege {
  return (PRIVILEGES as readonly string[]).includes(value);
}

/** What a user may do: the administrator (user 1) holds every privilege whatever group 1 holds; others, their group's. */
export function privilegesOfUser(userId: string, groupPrivileges: readonly string[] | undefined): Privilege[] {
  return userId === ADMINISTRATOR_ID ? [...PRIVILEGES] : (groupPrivileges ?? []).filter(isPrivilege);
}

/** What each privilege allows, for the group editor's two-list transfer ('Access Privileges' → 'Selected'). */
export const PRIVILEGE_DESCRIPTIONS: Record<Privilege, string> = {
  HOME_SHOW: 'See the home dashboard',
  Assessment_View: 'See the assessment lists and open assessments',
  Assessment_New: 'Start new assessments',
  Assessment_Edit: 'Edit incomplete and returned assessments',
  Assessment_Delete: 'Delete incomplete and returned assessments',
  Assessment_Close: 'Close assessments',
  Assessment_Return: 'Return submitted assessments to the assessor',
  Assessment_Report_Inclusion: 'Include or exclude assessments from reports',
  Approve_Assessment: 'Approve submitted assessments',
  Edit_Approved_Case: 'Edit and delete approved or closed assessments',
  Library_Manage: 'Manage the question library',
  Rule_Manage: 'Manage question rules',
  Customize_Manage: 'Customise the library',
  User_View: 'See users and user groups',
  User_Actions: 'Add, approve, edit and delete users and reset their passwords',
  Report_Assessment: 'Run assessment reports',
  Agency: 'Add, edit and delete agencies',
  Label_Config: 'Configure child information labels',
  Setting: 'Email templates and server, reminders, API users, app version, system log, notification',
  DATA_FEED_SHOW: 'Use the data feed',
  Case_Monitor: 'See (read-only) every assessment of the own agency, or of all agencies without one',
  Mirror_visibility: 'Reserved: no rule of the specification uses it yet',
  Manage_Parent_Case: 'Edit (not only see) the assessments of child groups that report to this group',
  Reassign_Accesses_Temporarily: 'Assign access to new assessments to another user for a period (My Account)',
  Analytics_Author: 'Write analytics projections in the browser over the pseudonymised events, preview and publish them',
};
