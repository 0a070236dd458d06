/*
 * The administration feature's entry into the app shell: its routes (registered by App.tsx) and its menu entries
 * (rendered by the layout's menu). Only this feature edits this file.
 */
import { CustomRoutes, Menu, useTranslate } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Navigate, Route } from 'react-router-dom';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { AgencySettingsPage } from './agencies/AgencySettingsPage';
import { ChildLabelsPage } from './labels/ChildLabelsPage';
import { OptionListsPage } from './option-lists/OptionListsPage';
import { EmailTemplatesPage } from './email-templates/EmailTemplatesPage';
import { AppVersionPage } from './settings/AppVersionPage';
import { EmailServerPage } from './settings/EmailServerPage';
import { SftpServerPage } from './settings/SftpServerPage';
import { useSuperAdmin } from '../providers/useSuperAdmin';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { ReminderSettingsPage } from './settings/ReminderSettingsPage';
import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import { NotificationPage } from './settings/NotificationPage';
import { useAppVersion } from './settings/useAppVersion';
export { HelpButton } from './help/HelpButton';
export { SystemNotificationDialog } from './settings/SystemNotificationDialog';

export const administrationRoutes = (
  <CustomRoutes>
    <Route path="/setting/agency" element={<AgencySettingsPage />} />
    <Route path="/setting/label" element={<ChildLabelsPage />} />
    {/* The spec's route table spells it so. */}
    <Route path="/setting/lable" element={<Navigate to="/setting/label" replace />} />
    <Route path="/setting/optionValue" element={<OptionListsPage />} />
    <Route path="/setting/appVersion" element={<AppVersionPage />} />
    <Route path="/setting/notification" element={<NotificationPage />} />
    <Route path="/setting/emailServer" element={<EmailServerPage />} />
    <Route path="/setting/sftpServer" element={<SftpServerPage />} />
    <Route path="/setting/assessmentReminderSetting" element={<ReminderSettingsPage />} />
    <Route path="/setting/emailTemplate" element={<EmailTemplatesPage />} />
  </CustomRoutes>
);

export const AdministrationMenuItems = () => {
  const canManageAgencies = usePrivilege('Agency');
  const canConfigure = usePrivilege('Setting');
  const canConfigureLabels = usePrivilege('Label_Config');
  const superAdmin = useSuperAdmin();
  return (
    <>
      {canManageAgencies && (
        <Menu.Item to="/setting/agency" primaryText="cans.administration.menu.agencies" leftIcon={<ApartmentOutlined />} />
      )}
      {canConfigureLabels && (
        <Menu.Item to="/setting/label" primaryText="cans.administration.menu.child_labels" leftIcon={<LabelOutlined />} />
      )}
      {canConfigureLabels && (
        <Menu.Item to="/setting/optionValue" primaryText="cans.administration.menu.option_lists" leftIcon={<ListAltOutlined />} />
      )}
      {canConfigure && (
        <Menu.Item to="/setting/notification" primaryText="cans.administration.menu.notification" leftIcon={<CampaignOutlined />} />
      )}
      {canConfigure && (
        <Menu.Item to="/setting/emailTemplate" primaryText="cans.administration.menu.email_templates" leftIcon={<DraftsOutlined />} />
      )}
      {/* Where mail and the XML feed go: the super admin's alone (no privilege names it; the server checks). */}
      {superAdmin && (
        <Menu.Item to="/setting/emailServer" primaryText="cans.administration.menu.email_server" leftIcon={<MailOutlined />} />
      )}
      {superAdmin && (
        <Menu.Item to="/setting/sftpServer" primaryText="cans.administration.menu.sftp_server" leftIcon={<StorageOutlined />} />
      )}
      {canConfigure && (
        <Menu.Item to="/setting/assessmentReminderSetting" primaryText="cans.administration.menu.reminders" leftIcon={<AlarmOutlined />} />
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
