/** A row of GET /users (the identity_users read model as the API answers it). */
export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  username: string;
  email: string;
  phone: string | null;
  status: number;
  statusLabel: string;
  userGroupId: string;
  groupName: string | null;
  supervisorId: string | null;
  supervisorName: string | null;
  agencyId: string | null;
  agencyName: string | null;
  externalId: string | null;
  expirationDate: string | null;
  superviseeCount: number;
  canEditRestricted?: boolean;
  /** The server's answer to "may I edit, approve, reset or delete this user?" (the user-management policy). */
  canManage?: boolean;
}

/** The administrator (user 1): never deleted, group and status fixed. */
export const ADMINISTRATOR_ID = '1';
