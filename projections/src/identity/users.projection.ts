import {
  CREDENTIALS_EVENT_TYPES,
  CredentialEvents,
  CredentialsEvent,
  PASSWORD_REPLACING_EVENTS,
} from '@cans/domain/identity/credentials.events';
import { displayUsername } from '@cans/domain/identity/identity-rules';
import { USER_EVENT_TYPES, UserCreatedData, UserEvent, UserEvents, UserUpdatedData } from '@cans/domain/identity/user.events';
import { defineEventProjection, ProjectionView } from '../engine/projection';

export const USERS_COLLECTION = 'identity_users';

/**
 * One document per live user: the user list, the sign-in lookup (usernameKey, emailKey, phoneKey), the
 * principal the token guard loads on every request, and the supervisor tree (supervisorId / superviseeIds)
 * the row-access policy walks. Never holds a password hash.
 */
export interface UserDocument {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  /** Stored form ("eo_jdoe"). */
  username: string;
  /** As shown ("jdoe"). */
  displayUsername: string;
  usernameKey: string;
  email: string;
  emailKey: string;
  phone: string | null;
  phoneKey: string | null;
  status: number;
  userGroupId: string;
  supervisorId: string | null;
  superviseeIds: string[];
  agencyId: string | null;
  externalId: string | null;
  expirationDate: string | null;
  hasPassword: boolean;
  /** Sessions started before this moment are void (the password was replaced). */
  passwordSetAt: string | null;
  lockedUntil: string | null;
  lastSignInAt: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

type AccountData = UserCreatedData | UserUpdatedData;

function accountFields(data: AccountData) {
  return {
    firstName: data.firstName,
    lastName: data.lastName,
    fullName: `${data.firstName} ${data.lastName}`.trim(),
    username: data.username,
    displayUsername: displayUsername(data.username),
    usernameKey: data.username.toLowerCase(),
    email: data.email,
    emailKey: data.email.toLowerCase(),
    phone: data.phone,
    phoneKey: data.phone ? data.phone.replace(/\D/g, '') : null,
    status: data.status,
    userGroupId: data.userGroupId,
    supervisorId: data.supervisorId,
    agencyId: data.agencyId,
    externalId: data.externalId,
    expirationDate: data.expirationDate,
  };
}

async function addSupervisee(view: ProjectionView, supervisorId: string | null, superviseeId: string): Promise<void> {
  if (!supervisorId) return;
  const supervisor = await view.get<UserDocument>(USERS_COLLECTION, supervisorId);
  if (supervisor && !supervisor.superviseeIds.includes(superviseeId)) {
    view.patch(USERS_COLLECTION, supervisorId, { superviseeIds: [...supervisor.superviseeIds, superviseeId] });
  }
}

async function removeSupervisee(view: ProjectionView, supervisorId: string | null, superviseeId: string): Promise<void> {
  if (!supervisorId) return;
  const supervisor = await view.get<UserDocument>(USERS_COLLECTION, supervisorId);
  if (supervisor)
    view.patch(USERS_COLLECTION, supervisorId, { superviseeIds: supervisor.superviseeIds.filter((id) => id !== superviseeId) });
}

export const usersProjection = defineEventProjection<UserEvent | CredentialsEvent>({
  name: 'identity-users',
  version: 1,
  collections: [
    {
      name: USERS_COLLECTION,
      indexes: ['usernameKey', 'emailKey', 'phoneKey', 'lastName', 'firstName', 'userGroupId', 'supervisorId', 'agencyId', 'status'],
    },
  ],
  eventTypes: [
    ...USER_EVENT_TYPES,
    ...CREDENTIALS_EVENT_TYPES.filter((type) => PASSWORD_REPLACING_EVENTS.includes(type)),
    CredentialEvents.SignInLockedOut,
    CredentialEvents.SignInSucceeded,
  ],
  async apply(event, view) {
    switch (event.type) {
      case UserEvents.Created: {
        const data = event.data;
        const existing = await view.get<UserDocument>(USERS_COLLECTION, data.userId);
        view.upsert(USERS_COLLECTION, {
          id: data.userId,
          ...accountFields(data),
          superviseeIds: existing?.superviseeIds ?? [],
          hasPassword: false,
          passwordSetAt: null,
          lockedUntil: null,
          lastSignInAt: null,
          revision: event.revision,
          createdAt: event.recordedAt,
          updatedAt: event.recordedAt,
        });
        await addSupervisee(view, data.supervisorId, data.userId);
        break;
      }
      case UserEvents.Updated: {
        const data = event.data;
        const before = await view.get<UserDocument>(USERS_COLLECTION, data.userId);
        if (!before) break;
        view.patch(USERS_COLLECTION, data.userId, { ...accountFields(data), revision: event.revision, updatedAt: event.recordedAt });
        if (before.supervisorId !== data.supervisorId) {
          await removeSupervisee(view, before.supervisorId, data.userId);
          await addSupervisee(view, data.supervisorId, data.userId);
        }
        break;
      }
      case UserEvents.ProfileUpdated: {
        const data = event.data;
        view.patch(USERS_COLLECTION, data.userId, {
          firstName: data.firstName,
          lastName: data.lastName,
          fullName: `${data.firstName} ${data.lastName}`.trim(),
          email: data.email,
          emailKey: data.email.toLowerCase(),
          phone: data.phone,
          phoneKey: data.phone ? data.phone.replace(/\D/g, '') : null,
          revision: event.revision,
          updatedAt: event.recordedAt,
        });
        break;
      }
      case UserEvents.Approved:
        view.patch(USERS_COLLECTION, event.data.userId, { status: 1, revision: event.revision, updatedAt: event.recordedAt });
        break;
      case UserEvents.Deleted: {
        const data = event.data;
        const deleted = await view.get<UserDocument>(USERS_COLLECTION, data.userId);
        for (const superviseeId of data.reassignedSuperviseeIds) {
          view.patch(USERS_COLLECTION, superviseeId, { supervisorId: data.successorUserId, updatedAt: event.recordedAt });
          await addSupervisee(view, data.successorUserId, superviseeId);
        }
        if (deleted) await removeSupervisee(view, deleted.supervisorId, data.userId);
        view.delete(USERS_COLLECTION, data.userId);
        break;
      }
      case CredentialEvents.PasswordAssigned:
      case CredentialEvents.PasswordChanged:
      case CredentialEvents.PasswordSetWithLink:
        view.patch(USERS_COLLECTION, event.data.userId, { hasPassword: true, passwordSetAt: event.recordedAt, lockedUntil: null });
        break;
      case CredentialEvents.SignInLockedOut: {
        const data = event.data;
        view.patch(USERS_COLLECTION, data.userId, { lockedUntil: data.lockedUntil });
        break;
      }
      case CredentialEvents.SignInSucceeded: {
        const data = event.data;
        view.patch(USERS_COLLECTION, data.userId, { lastSignInAt: event.recordedAt, lockedUntil: null });
        break;
      }
    }
  },
});
