import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { holdsPrivilege } from '../providers/access-table';
import { requiredFor, routeOf } from '../providers/route-access';
import { NotFoundContent } from '../pages/NotFoundPage';

/**
 * Every page inside the layout passes here first (spec 002 §2 route table): a route whose privilege the user lacks
 * shows the 404 page instead of rendering (a Monitor never sees the New Assessment form). Paths that are no route
 * fall through to react-admin's catch-all, the same 404 page. The server checks every call again.
 */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { permissions, isPending } = usePermissions<string[]>();
  const required = requiredFor(routeOf(pathname));
  if (required === undefined) return <>{children}</>;
  if (isPending) return null;
  return holdsPrivilege(permissions, required) ? <>{children}</> : <NotFoundContent />;
};
