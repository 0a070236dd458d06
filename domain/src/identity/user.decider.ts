/**
 * A user account (spec §3, §4): created, edited and approved by user managers, deleted with a successor for their
 * supervisees and cases, and edited by its owner in My Account. What a decision needs from other records (taken
 * usernames, the group, the supervisor tree, agencies, the user-management policy) the handler reads beforehand
 * and hands in as facts, so deciding stays pure.
 */
import type { Decider } from '../decider';
import { AccessDeniedError, DomainRuleViolation, FieldErrors, hasFieldErrors, NotFoundError } from '../domain-errors';
import { IdentityMessages } from './identity-messages';
import {
  ADMINISTRATOR_ID,
  displayUsername,
  storedUsername,
  SYSTEM_ADMINISTRATOR_GROUP_ID,
  UserStatus,
  UserStatusValue,
} from './identity-rules';
import { USER_EVENT_TYPES, UserAccountFields, UserEvent, UserEvents } from './user.events';

export const USERNAME_TAKEN = 'This username is already taken.';
export const EMAIL_TAKEN = 'This email is already used by another user.';
export const PHONE_TAKEN = 'This phone number is already used by another user.';
export const GROUP_NOT_FOUND = 'The chosen user group does not exist.';
export const SUPERVISOR_REQUIRED = 'Please choose a supervisor.';
export const SUPERVISOR_NOT_FOUND = 'The chosen supervisor does not exist.';
export const SUPERVISOR_CYCLE = 'A user cannot be supervised by themselves or by one of their supervisees.';
export const AGENCY_NOT_FOUND = 'The chosen agency does not exist.';
/** Spec 002 §3: a user's agency is read-only once the user exists. */
export const AGENCY_FIXED = 'The agency of a user cannot be changed.';
export const ADMINISTRATOR_FIXED =
  'The administrator has no supervisor or expiry date, stays active and stays in the System Administrator group.';
export const ADMINISTRATOR_UNDELETABLE = 'The administrator cannot be deleted.';
export const SELF_UNDELETABLE = 'You cannot delete your own account.';
export const RESTRICTED_FIELDS =
  'Only members of the System Administrator or State Administrator groups can change the external id or the expiration date.';
export const APPROVE_FORBIDDEN = 'Only members of the System Administrator or State Administrator groups can approve users.';
export const NOT_PENDING = 'Only users waiting for approval can be approved.';
export const PENDING_STATUS_VIA_APPROVE = 'A pending user becomes active through Approve.';
export const SUCCESSOR_INVALID = 'The new supervisor cannot be this user or one of their supervisees.';
export const USER_EXISTS = 'The user already exists.';

export interface UserState {
  exists: boolean;
  deleted: boolean;
  account: UserAccountFields | null;
}

export const isLiveUser = (state: UserState): state is UserState & { account: UserAccountFields } =>
  state.exists && !state.deleted && state.account !== null;

/** What the user form sends: the username as typed (the 'eo_' prefix is added), status apart. */
export interface UserInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string | null;
  userGroupId: string;
  supervisorId: string | null;
  /** Omitted: the supervisor's agency. */
  agencyId: string | null;
  externalId: string | null;
  expirationDate: string | null;
}

/** The login keys of another account (users read model), to refuse duplicates. */
export interface AccountKeys {
  id: string;
  usernameKey: string;
  emailKey: string;
  phoneKey: string | null;
}

/** A live user chosen as supervisor or successor: their agency and the chain of supervisors from them upwards. */
export interface ChosenUser {
  agencyId: string | null;
  /** The chosen user first, then their supervisor, and so on: containing the user being changed means a cycle. */
  chainUpwards: readonly string[];
}

/** What saving an account checks against other records, read by the handler before deciding. */
export interface AccountFacts {
  /** The user-management policy's refusal (403), null when allowed. */
  policyRefusal: string | null;
  /** Accounts whose username, email or phone may clash with this one. */
  otherAccounts: readonly AccountKeys[];
  groupExists: boolean;
  /** The supervisor chosen in the input; null when none was chosen or they are not a live user. */
  supervisor: ChosenUser | null;
  /** Which of the agencies the account may get (the chosen one, the supervisor's) exist. */
  existingAgencyIds: readonly string[];
}

export type UserCommand =
  | {
      type: 'CreateUser';
      userId: string;
      input: UserInput;
      /** Members of groups 1/153 (and the system) create users in the status asked; others create pending users. */
      actorManagesUsers: boolean;
      requestedStatus?: UserStatusValue;
      keepUsernameAsTyped: boolean;
      facts: AccountFacts;
    }
  | { type: 'UpdateUser'; userId: string; input: UserInput; status: UserStatusValue; actorManagesUsers: boolean; facts: AccountFacts }
  | { type: 'ApproveUser'; userId: string; actorManagesUsers: boolean; policyRefusal: string | null }
  | {
      type: 'DeleteUser';
      userId: string;
      actorUserId: string | null;
      policyRefusal: string | null;
      superviseeIds: readonly string[];
      successorUserId: string | null;
      /** The chosen successor; null when none was chosen or they are not a live user. */
      successor: ChosenUser | null;
    }
  | {
      type: 'UpdateOwnProfile';
      userId: string;
      firstName: string;
      lastName: string;
      email: string;
      phone: string | null;
      otherAccounts: readonly AccountKeys[];
    };

/** The stored username of a new user: the 'eo_' prefix added, unless kept as typed (the seeded administrator). */
export const usernameOfNewUser = (typed: string, keepAsTyped: boolean): string => (keepAsTyped ? typed : storedUsername(typed));

/** Usernames keep their stored form; an edit that only adds or drops the prefix changes nothing. */
export const usernameAfterEdit = (current: string, typed: string): string =>
  displayUsername(typed.toLowerCase()) === displayUsername(current.toLowerCase()) ? current : storedUsername(typed);

export const phoneKeyOf = (phone: string | null): string | null => (phone ? phone.replace(/\D/g, '') : null);

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { exists: false, deleted: false, account: null },
  eventTypes: USER_EVENT_TYPES,

  decide(command, state) {
    switch (command.type) {
      case 'CreateUser':
        return createUser(command, state);
      case 'UpdateUser':
        return updateUser(command, state);
      case 'ApproveUser':
        return approveUser(command, state);
      case 'DeleteUser':
        return deleteUser(command, state);
      case 'UpdateOwnProfile':
        return updateOwnProfile(command, state);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case UserEvents.Created:
      case UserEvents.Updated: {
        const { userId: _userId, ...account } = event.data;
        return { exists: true, deleted: state.deleted, account };
      }
      case UserEvents.ProfileUpdated: {
        const { firstName, lastName, email, phone } = event.data;
        return state.account ? { ...state, account: { ...state.account, firstName, lastName, email, phone } } : state;
      }
      case UserEvents.Approved:
        return state.account ? { ...state, account: { ...state.account, status: UserStatus.Active } } : state;
      case UserEvents.Deleted:
        return { ...state, deleted: true };
    }
  },
};

type CommandOf<TType extends UserCommand['type']> = Extract<UserCommand, { type: TType }>;

function createUser(command: CommandOf<'CreateUser'>, state: UserState): UserEvent[] {
  if (command.facts.policyRefusal) throw new AccessDeniedError(command.facts.policyRefusal);
  const status = command.actorManagesUsers ? (command.requestedStatus ?? UserStatus.Active) : UserStatus.PendingApproval;
  const username = usernameOfNewUser(command.input.username, command.keepUsernameAsTyped);
  const account = checkedAccount(command.userId, command.input, username, status, command.facts);
  if (state.exists) throw new DomainRuleViolation(USER_EXISTS, {}, true);
  return [{ type: UserEvents.Created, data: { userId: command.userId, ...account } }];
}

function updateUser(command: CommandOf<'UpdateUser'>, state: UserState): UserEvent[] {
  const current = liveAccount(state);
  if (command.facts.policyRefusal) throw new AccessDeniedError(command.facts.policyRefusal);
  const { input } = command;
  if (
    !command.actorManagesUsers &&
    ((input.externalId ?? null) !== current.externalId || (input.expirationDate ?? null) !== current.expirationDate)
  ) {
    throw new DomainRuleViolation(RESTRICTED_FIELDS, { externalId: [RESTRICTED_FIELDS], expirationDate: [RESTRICTED_FIELDS] });
  }
  // A pending user keeps status 3 until approved; no one else can be put into it.
  let status = command.status;
  if (current.status === UserStatus.PendingApproval) status = UserStatus.PendingApproval;
  else if (status === UserStatus.PendingApproval)
    throw new DomainRuleViolation(PENDING_STATUS_VIA_APPROVE, { status: [PENDING_STATUS_VIA_APPROVE] });
  // The agency is read-only on edit (spec 002 §3): a different one is refused, none sent keeps the current one.
  if (input.agencyId && input.agencyId !== current.agencyId) throw new DomainRuleViolation(AGENCY_FIXED, { agencyId: [AGENCY_FIXED] });
  const username = usernameAfterEdit(current.username, input.username);
  const account = checkedAccount(command.userId, input, username, status, command.facts, { agencyId: current.agencyId });
  return [{ type: UserEvents.Updated, data: { userId: command.userId, ...account } }];
}

/** Spec §4: status 3 shows Approve; approving (the review action) makes the user Active. */
function approveUser(command: CommandOf<'ApproveUser'>, state: UserState): UserEvent[] {
  if (!command.actorManagesUsers) throw new AccessDeniedError(APPROVE_FORBIDDEN);
  const current = liveAccount(state);
  if (command.policyRefusal) throw new AccessDeniedError(command.policyRefusal);
  if (current.status !== UserStatus.PendingApproval) throw new DomainRuleViolation(NOT_PENDING, {}, true);
  return [{ type: UserEvents.Approved, data: { userId: command.userId } }];
}

/**
 * Spec §4: a user with supervisees cannot be deleted until a new supervisor is chosen; the supervisees (and the
 * user's cases, through UserDeleted) go to that successor. Without supervisees the cases go to the chosen
 * successor or, by default, to the user's own supervisor.
 */
function deleteUser(command: CommandOf<'DeleteUser'>, state: UserState): UserEvent[] {
  if (command.userId === ADMINISTRATOR_ID) throw new DomainRuleViolation(ADMINISTRATOR_UNDELETABLE, {}, true);
  if (command.userId === command.actorUserId) throw new DomainRuleViolation(SELF_UNDELETABLE, {}, true);
  const current = liveAccount(state);
  if (command.policyRefusal) throw new AccessDeniedError(command.policyRefusal);
  const { superviseeIds, successorUserId } = command;
  if (superviseeIds.length > 0 && !successorUserId) {
    throw new DomainRuleViolation(
      IdentityMessages.user_delete_error,
      { successorUserId: [IdentityMessages.user_delete_choose_supervisor] },
      true,
      {
        messageKey: 'user_delete_error',
        superviseeCount: superviseeIds.length,
      },
    );
  }
  if (successorUserId) {
    if (!command.successor) throw new DomainRuleViolation(SUPERVISOR_NOT_FOUND, { successorUserId: [SUPERVISOR_NOT_FOUND] });
    if (command.successor.chainUpwards.includes(command.userId))
      throw new DomainRuleViolation(SUCCESSOR_INVALID, { successorUserId: [SUCCESSOR_INVALID] });
  }
  const successor = successorUserId ?? current.supervisorId;
  return [
    {
      type: UserEvents.Deleted,
      data: { userId: command.userId, successorUserId: successor ?? null, reassignedSuperviseeIds: [...superviseeIds] },
    },
  ];
}

/** My Account: the user edits their own names, email and phone (not username, group, supervisor or expiry). */
function updateOwnProfile(command: CommandOf<'UpdateOwnProfile'>, state: UserState): UserEvent[] {
  liveAccount(state);
  const { userId, firstName, lastName, email, phone } = command;
  const errors = takenFields(command.otherAccounts, userId, { email, phone });
  if (hasFieldErrors(errors)) throw new DomainRuleViolation(firstMessage(errors), errors, true);
  return [{ type: UserEvents.ProfileUpdated, data: { userId, firstName, lastName, email, phone } }];
}

function liveAccount(state: UserState): UserAccountFields {
  if (!isLiveUser(state)) throw new NotFoundError(IdentityMessages.user_not_exist);
  return state.account;
}

/**
 * The account a save stores, or the refusal: unique username, email and phone; an existing group, supervisor (not
 * creating a cycle) and agency; the administrator's fixed fields. A clash only answers 409; other errors 400.
 */
function checkedAccount(
  userId: string,
  input: UserInput,
  username: string,
  status: UserStatusValue,
  facts: AccountFacts,
  /** An update: the agency the user keeps (it is not chosen again, nor derived from a new supervisor). */
  kept?: { agencyId: string | null },
): UserAccountFields {
  const errors = takenFields(facts.otherAccounts, userId, { username, email: input.email, phone: input.phone });
  const anyClash = hasFieldErrors(errors);
  if (!facts.groupExists) errors.userGroupId = [GROUP_NOT_FOUND];
  const isAdministrator = userId === ADMINISTRATOR_ID;
  let agencyId = input.agencyId;
  if (isAdministrator) {
    if (input.supervisorId || input.expirationDate || input.userGroupId !== SYSTEM_ADMINISTRATOR_GROUP_ID || status !== UserStatus.Active) {
      throw new DomainRuleViolation(ADMINISTRATOR_FIXED, { supervisorId: [ADMINISTRATOR_FIXED] });
    }
  } else if (!input.supervisorId) {
    errors.supervisorId = [SUPERVISOR_REQUIRED];
  } else if (!facts.supervisor) {
    errors.supervisorId = [SUPERVISOR_NOT_FOUND];
  } else {
    if (facts.supervisor.chainUpwards.includes(userId)) errors.supervisorId = [SUPERVISOR_CYCLE];
    if (!kept) agencyId ??= facts.supervisor.agencyId;
  }
  if (kept) agencyId = kept.agencyId;
  else if (agencyId && !facts.existingAgencyIds.includes(agencyId)) errors.agencyId = [AGENCY_NOT_FOUND];
  if (hasFieldErrors(errors)) {
    const conflict = anyClash && Object.keys(errors).every((field) => ['username', 'email', 'phone'].includes(field));
    throw new DomainRuleViolation(firstMessage(errors), errors, conflict);
  }
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    username,
    email: input.email,
    phone: input.phone,
    status,
    userGroupId: input.userGroupId,
    supervisorId: isAdministrator ? null : input.supervisorId,
    agencyId: agencyId ?? null,
    externalId: input.externalId,
    expirationDate: isAdministrator ? null : input.expirationDate,
  };
}

/** The fields another account already has: a username equal without the prefix, the same email or phone digits. */
function takenFields(
  others: readonly AccountKeys[],
  userId: string,
  wanted: { username?: string; email: string; phone: string | null },
): FieldErrors {
  const errors: FieldErrors = {};
  const typedKey = wanted.username === undefined ? null : displayUsername(wanted.username.toLowerCase());
  const emailKey = wanted.email.toLowerCase();
  const phoneKey = phoneKeyOf(wanted.phone);
  for (const other of others.filter((account) => account.id !== userId)) {
    if (typedKey !== null && displayUsername(other.usernameKey) === typedKey) errors.username = [USERNAME_TAKEN];
    if (other.emailKey === emailKey) errors.email = [EMAIL_TAKEN];
    if (phoneKey && other.phoneKey === phoneKey) errors.phone = [PHONE_TAKEN];
  }
  return errors;
}

const firstMessage = (errors: FieldErrors): string => Object.values(errors)[0][0];
