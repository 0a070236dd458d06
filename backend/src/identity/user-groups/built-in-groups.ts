import { Privilege, PRIVILEGES } from '@cans/domain/identity/privileges';
import { STATE_ADMINISTRATOR_GROUP_ID, SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import type { UserGroupFields } from '@cans/domain/identity/user-group.events';

/**
 * The spec's named groups (§1) with default privileges (the spec does not say which; see docs/permissions.md).
 * "System Administrator" has id 1 and "State Administrator" id 153: the two group ids that may manage user
 * groups (spec §6, §9). Created on first start and by the demo seed, through the normal commands.
 *
 * Invariant (built-in-groups.spec.ts): every built-in group holds all the privileges of the built-in groups below
 * it, and System Administrator holds all 24. A user manages and assigns only groups whose privileges are all among
 * their own (user-management-policy.ts), and members of groups 1 and 153 approve new users.
 */
export const SUPERVISOR_ADMIN_GROUP_ID = '0b5e7c1a-93d4-4c1e-8f00-000000000154';
export const SUPERVISOR_GROUP_ID = '0b5e7c1a-93d4-4c1e-8f00-000000000155';
export const DIRECT_CARE_WORKER_GROUP_ID = '0b5e7c1a-93d4-4c1e-8f00-000000000156';
export const MONITOR_GROUP_ID = '0b5e7c1a-93d4-4c1e-8f00-000000000157';

const ASSESSING: Privilege[] = [
  'HOME_SHOW',
  'Assessment_View',
  'Assessment_New',
  'Assessment_Edit',
  'Assessment_Delete',
  'Assessment_Close',
];

export const BUILT_IN_GROUPS: Array<UserGroupFields & { id: string }> = [
  {
    id: SYSTEM_ADMINISTRATOR_GROUP_ID,
    name: 'System Administrator',
    description: 'The administrator (user 1): every privilege, the question library and all settings.',
    parentGroupId: null,
    reportsToParent: false,
    privileges: [...PRIVILEGES],
  },
  {
    id: STATE_ADMINISTRATOR_GROUP_ID,
    name: 'State Administrator',
    description:
      'Runs the programme state-wide: users and groups, agencies, labels, settings, data feed, reports; sees every assessment. ' +
      'Holds every privilege of the groups below it, so it adds, approves and manages their users.',
    parentGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID,
    reportsToParent: false,
    // Every privilege of Supervisor Admin (and so of Supervisor and Direct Care Worker) and of Monitor, plus the
    // state-wide ones: the user-management policy lets a user manage only groups within their own privileges.
    privileges: [
      ...ASSESSING,
      'Assessment_Return',
      'Assessment_Report_Inclusion',
      'Approve_Assessment',
      'Edit_Approved_Case',
      'User_View',
      'User_Actions',
      'Report_Assessment',
      'Agency',
      'Label_Config',
      'Setting',
      'DATA_FEED_SHOW',
      'Case_Monitor',
      'Manage_Parent_Case',
      'Reassign_Accesses_Temporarily',
    ],
  },
  {
    id: SUPERVISOR_ADMIN_GROUP_ID,
    name: 'Supervisor Admin',
    description: "Leads an agency's supervisors: manages its users, approves and edits assessments of the groups reporting to it.",
    parentGroupId: STATE_ADMINISTRATOR_GROUP_ID,
    reportsToParent: false,
    privileges: [
      ...ASSESSING,
      'Assessment_Return',
      'Assessment_Report_Inclusion',
      'Approve_Assessment',
      'Edit_Approved_Case',
      'User_View',
      'User_Actions',
      'Report_Assessment',
      'Manage_Parent_Case',
      'Reassign_Accesses_Temporarily',
    ],
  },
  {
    id: SUPERVISOR_GROUP_ID,
    name: 'Supervisor',
    description: 'Supervises direct care workers: approves or returns their assessments.',
    parentGroupId: SUPERVISOR_ADMIN_GROUP_ID,
    reportsToParent: false,
    privileges: [
      ...ASSESSING,
      'Assessment_Return',
      'Assessment_Report_Inclusion',
      'Approve_Assessment',
      'Report_Assessment',
      'Reassign_Accesses_Temporarily',
    ],
  },
  {
    id: DIRECT_CARE_WORKER_GROUP_ID,
    name: 'Direct Care Worker',
    description: 'Case workers who assess children.',
    parentGroupId: SUPERVISOR_GROUP_ID,
    reportsToParent: false,
    privileges: [...ASSESSING, 'Report_Assessment', 'Reassign_Accesses_Temporarily'],
  },
  {
    id: MONITOR_GROUP_ID,
    name: 'Monitor',
    description: 'Analysts and monitors: read-only access to the assessments of their agency (all agencies without one) and reports.',
    parentGroupId: STATE_ADMINISTRATOR_GROUP_ID,
    reportsToParent: false,
    privileges: ['HOME_SHOW', 'Assessment_View', 'Report_Assessment', 'Case_Monitor'],
  },
];
