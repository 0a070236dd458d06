/* Shapes and input formats the identity screens share (the server's DTOs are the contract). */

/** A privilege as GET /privileges lists it. */
export interface PrivilegeOption {
  id: string;
  description: string;
}

/** User status codes (spec §4): 0 Inactive, 1 Active, 2 Lock, 3 Pending approval. */
export const USER_STATUS = { Inactive: 0, Active: 1, Lock: 2, PendingApproval: 3 } as const;

/** Spec §5 phone format, checked while typing; the server checks it again. */
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
