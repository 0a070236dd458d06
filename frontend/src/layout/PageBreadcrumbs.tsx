import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { breadcrumbOf, mayOpen } from '../providers/route-access';

/**
 * The breadcrumb above every titled page (spec 002 §2): Home, the pages above, and this one (aria-current). A page
 * above that the user may not open is named without a link. It wraps on a narrow screen rather than scrolling.
 */
export const PageBreadcrumbs = () => {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const trail = breadcrumbOf(pathname);
  if (trail.length === 0) return null;
  const name = (title: string) => translate(title, { _: title });
  return (
    <Breadcrumbs
      aria-label={translate('cans.layout.breadcrumb')}
      sx={{ mt: 1.5, mb: 0.5, fontSize: '0.875rem', '& .MuiBreadcrumbs-ol': { rowGap: 0.25 }, overflowWrap: 'anywhere' }}
    >
      {trail.map((crumb, index) =>
        index < trail.length - 1 && mayOpen(permissions, crumb.path) ? (
          <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit">
            {name(crumb.title)}
          </Link>
        ) : (
          <Typography
            key={crumb.path}
            fontSize="inherit"
            color={index === trail.length - 1 ? 'text.primary' : 'text.secondary'}
            aria-current={index === trail.length - 1 ? 'page' : undefined}
          >
            {name(crumb.title)}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
};
