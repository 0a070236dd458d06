/** GET /account: the signed-in user's own record. */
export interface Account {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  username: string;
  groupName: string | null;
  supervisorName: string | null;
  agencyName: string | null;
  externalId: string | null;
  expirationDate: string | null;
  isAdministrator: boolean;
  canAssignAccess: boolean;
  revision: number;
}

/** A row of GET /account/access-assignments. */
export interface AccessAssignment {
  id: string;
  delegateId: string;
  delegateName: string | null;
  startsOn: string;
  endsOn: string;
}

/** A delegate option: the server sends id and name only. */
export interface DelegateCandidate {
  id: string;
  fullName: string;
}

export const ACCOUNT_PATH = '/account';
export const ASSIGNMENTS_PATH = '/account/access-assignments';
export const DELEGATE_OPTIONS_PATH = '/account/access-assignments/delegate-options';
