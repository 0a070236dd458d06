import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { AssessmentMenuItems } from '../assessments/assessments-entry';
import { LibraryMenuItems } from '../library/library-entry';
import { IdentityMenuItems } from '../identity/identity-entry';
import { AdministrationMenuItems, AppVersionMenuItem, HelpButton, SystemNotificationDialog } from '../administration/administration-entry';
import { usePrivilege } from '../providers/usePrivilege';
import { DataFeedMenuItem } from '../data-feed/data-feed-entry';
import { AnalyticsMenuItem } from '../analytics/analytics-entry';
import { ReportsMenuItem } from '../reports/reports-entry';
import { CansSidebar } from './CansSidebar';
import { RouteGuard } from './RouteGuard';
import { UpdateAvailableBar } from '../mobile/UpdateAvailableBar';
import { PageBreadcrumbs } from './PageBreadcrumbs';

const UserMenuLink = ({ to, icon, label }: { to: string; icon: ReactNode; label: string }) => {
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem component={RouterLink} to={to} onClick={onClose}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
};

/**
 * The top bar's user button shows the user's name, so its accessible name starts with that name (WCAG 2.5.3,
 * label in name). Spec 002 §2: My Account and Logout (/logout) in the profile menu.
 */
const CansUserMenu = () => {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const name = identity?.fullName ? String(identity.fullName) : '';
  return (
    <UserMenu label={name ? translate('cans.layout.account_menu_of', { name }) : translate('cans.layout.account_menu')}>
      <UserMenuLink to="/profile/index" icon={<AccountCircleOutlined fontSize="small" />} label={translate('cans.layout.my_account')} />
      <UserMenuLink to="/logout" icon={<LogoutOutlined fontSize="small" />} label={translate('cans.layout.logout')} />
      <AppVersionMenuItem />
    </UserMenu>
  );
};

const CansAppBar = () => (
  <AppBar color="primary" userMenu={<CansUserMenu />}>
    <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: '0.04em', mr: 2 }}>
      CANS
    </Typography>
    {/* The title takes the free width (flex 1) and ends in an ellipsis: react-admin wraps it in an inline-block,
        inside which no ellipsis can show, so that wrapper is made inline. */}
    <TitlePortal variant="body1" sx={{ opacity: 0.85, minWidth: 0, '& .RaConfigurable-root': { display: 'inline' } }} />
    <HelpButton />
  </AppBar>
);

const CansMenu = () => {
  const home = usePrivilege('HOME_SHOW');
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={translate('cans.layout.main_menu')}>
      {/* The spec's 210 px sidebar: a long label ("Overdue & Follow-up") wraps to a second line rather than being cut. */}
      <Menu sx={{ '&.RaMenu-open .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal' } }}>
        {home && <Menu.Item to="/home" primaryText="cans.layout.home" leftIcon={<HomeOutlined />} />}
        {/* Each feature's menu entries live in its own <feature>-entry.tsx. */}
        <AssessmentMenuItems />
        <ReportsMenuItem />
        <LibraryMenuItems />
        <IdentityMenuItems />
        <AdministrationMenuItems />
        <DataFeedMenuItem />
        <AnalyticsMenuItem />
        <Menu.Item to="/about" primaryText="cans.layout.about" leftIcon={<InfoOutlined />} />
      </Menu>
    </Box>
  );
};

/**
 * The frame of every signed-in page: app bar, sidebar (a drawer below 992 px), the route guard, and the System
 * Notification, shown once a session on whichever page the user lands (the administrator lands on the library).
 */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout
    appBar={CansAppBar}
    menu={CansMenu}
    sidebar={CansSidebar}
    sx={{
      // react-admin's layout is at least as wide as its content (min-width: fit-content); here the window decides.
      minWidth: 0,
      // The page column may shrink below its content's width: wide content scrolls inside its own region.
      '& .RaLayout-content': { minWidth: 0, px: { xs: 1, sm: 2 } },
      // Below 600 px a list's "+" floats over the page: room under the list lets its last rows scroll clear of it.
      '& .RaList-main:has(.RaCreateButton-floating)': { pb: { xs: '124px', sm: 0 } },
    }}
  >
    <RouteGuard>
      <PageBreadcrumbs />
      {children}
    </RouteGuard>
    <SystemNotificationDialog />
    <UpdateAvailableBar />
  </Layout>
);
