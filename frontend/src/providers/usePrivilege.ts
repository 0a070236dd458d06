import { usePermissions } from 'react-admin';

/** Whether the signed-in user holds a privilege (from GET /api/auth/me). Hides controls only; the API decides. */
export const usePrivilege = (privilege: string): boolean => {
  const { permissions } = usePermissions<string[]>();
  return Array.isArray(permissions) && permissions.includes(privilege);
};

/** Whether the signed-in user holds at least one of the privileges. */
export const useAnyPrivilege = (...privileges: string[]): boolean => {
  const { permissions } = usePermissions<string[]>();
  return Array.isArray(permissions) && privileges.some((p) => permissions.includes(p));
};
