/*
 * The administration feature's entry into the app shell: its routes (registered by App.tsx) and its menu entries
 * (rendered by the layout's menu). Only this feature edits this file.
 */
import { CustomRoutes, Menu, useTranslate } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Route } from 'react-router-dom';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { AgencySettingsPage } from './agencies/AgencySettingsPage';
import { AppVersionPage } from './settings/AppVersionPage';
import { EmailServerPage } from './settings/EmailServerPage';
import { NotificationPage } from './settings/NotificationPage';
import { useAppVersion } from './settings/useAppVersion';
export { HelpButton } from './help/HelpButton';

export const administrationRoutes = (
  <CustomRoutes>
    <Route path="/setting/agency" element={<AgencySettingsPage />} />
    <Route path="/setting/appVersion" element={<AppVersionPage />} />
    <Route path="/setting/notification" element={<NotificationPage />} />
    <Route path="/setting/emailServer" element={<EmailServerPage />} />
  </CustomRoutes>
);

export const AdministrationMenuItems = () => {
  const canManageAgencies = usePrivilege('Agency');
  const canConfigure = usePrivilege('Setting');
  return (
    <>
      {canManageAgencies && (
        <Menu.Item to="/setting/agency" primaryText="cans.administration.menu.agencies" leftIcon={<ApartmentOutlined />} />
      )}
      {canConfigure && (
        <Menu.Item to="/setting/notification" primaryText="cans.administration.menu.notification" leftIcon={<CampaignOutlined />} />
      )}
      {canConfigure && (
        <Menu.Item to="/setting/emailServer" primaryText="cans.administration.menu.email_server" leftIcon={<MailOutlined />} />
      )}
      {canConfigure && (
        <Menu.Item to="/setting/appVersion" primaryText="cans.administration.menu.app_version" leftIcon={<NewReleasesOutlined />} />
      )}
    </>
  );
};

/** The profile menu's App Version line (spec 002 §2): information, not an action, so it is disabled. */
export const AppVersionMenuItem = () => {
  const translate = useTranslate();
  const version = useAppVersion();
  if (!version) return null;
  return (
    <MenuItem disabled>
      <ListItemIcon>
        <NewReleasesOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('cans.administration.app_version.menu_label', { version })}</ListItemText>
    </MenuItem>
  );
};
