/** The 24 privilege names of the specification: the whole vocabulary of what a user group may grant. */
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
] as const;

export type Privilege = (typeof PRIVILEGES)[number];

export function isPrivilege(value: string): value is Privilege {
  return (PRIVILEGES as readonly string[]).includes(value);
}
