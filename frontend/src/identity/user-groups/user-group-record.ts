/** A row of GET /user-groups. */
export interface UserGroupRecord {
  id: string;
  name: string;
  description: string;
  parentGroupId: string | null;
  parentGroupName: string | null;
  reportsToParent: boolean;
  privileges: string[];
  builtIn: boolean;
  memberCount: number;
}
