import type { EventUnion } from '../decider';
import type { UserStatusValue } from './identity-rules';

/** Events of a user's stream ("user-<id>"): the account as administrators manage it. */
export const UserEvents = {
  Created: 'UserCreated',
  Updated: 'UserUpdated',
  ProfileUpdated: 'UserProfileUpdated',
  Approved: 'UserApproved',
  Deleted: 'UserDeleted',
} as const;

/** What an administrator sets on a user (spec §3). */
export interface UserAccountFields {
  firstName: string;
  lastName: string;
  /** Stored form, with the 'eo_' prefix for users created here (the seeded administrator has none). */
  username: string;
  email: string;
  /** xxx-xxx-xxxx or null. */
  phone: string | null;
  status: UserStatusValue;
  userGroupId: string;
  /** null only for the administrator. */
  supervisorId: string | null;
  agencyId: string | null;
  /** The CANS External User ID (spec: cid). */
  externalId: string | null;
  /** yyyy-MM-dd, inclusive; null: never expires. */
  expirationDate: string | null;
}

/** A user account was created, with every account field as set. */
export interface UserCreatedData extends UserAccountFields {
  userId: string;
}

/** An administrator saved a user's account: every account field as saved (a snapshot). */
export interface UserUpdatedData extends UserAccountFields {
  userId: string;
}

/** The user edited their own profile (My Account). */
export interface UserProfileUpdatedData {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/** A pending user (status 3) was approved: status becomes Active. */
export interface UserApprovedData {
  userId: string;
}

/**
 * The user was deleted. Their supervisees now report to `successorUserId`, who also takes over their cases
 * (assessments follow this event). null only when the user had neither supervisees nor a supervisor.
 */
export interface UserDeletedData {
  userId: string;
  successorUserId: string | null;
  reassignedSuperviseeIds: string[];
}

export type UserEvent = EventUnion<{
  [UserEvents.Created]: UserCreatedData;
  [UserEvents.Updated]: UserUpdatedData;
  [UserEvents.ProfileUpdated]: UserProfileUpdatedData;
  [UserEvents.Approved]: UserApprovedData;
  [UserEvents.Deleted]: UserDeletedData;
}>;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = Object.values(UserEvents);

export const userStreamId = (userId: string) => `user-${userId}`;
