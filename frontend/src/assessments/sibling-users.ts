/* The users an assessment can be shared with or reassigned to (spec "sibling users": same supervisor). */
import type { SiblingUser, SiblingUserOptions } from './assessment-types';

export const siblingUsersOf = (options: SiblingUserOptions | undefined): SiblingUser[] | null => {
  if (!options) return null;
  return Array.isArray(options) ? options : (options.users ?? options.siblingUsers ?? []);
};

/** Shares others granted that a share by this user keeps (the server keeps them whatever is sent). */
export const keptSharesOf = (options: SiblingUserOptions | undefined): string[] =>
  !options || Array.isArray(options) ? [] : (options.keptShares ?? []);

export const userName = (user: SiblingUser) => user.fullName || user.name || user.username || user.id;
