import { useGetIdentity } from 'react-admin';

/** The System Administrator group (the administrator, user 1, is in it too): the server's super admin. */
const SYSTEM_ADMINISTRATOR_GROUP_ID = '1';

/**
 * Whether the signed-in user is the super admin (the administrator or a member of the System Administrator group),
 * undefined while the identity loads. No privilege names the super admin, so the UI decides from the identity only
 * to show or hide; the server (@SuperAdminOnly) is the authority.
 */
export function useSuperAdmin(): boolean | undefined {
  const { identity } = useGetIdentity();
  if (!identity) return undefined;
  return identity.isAdministrator === true || identity.groupId === SYSTEM_ADMINISTRATOR_GROUP_ID;
}
