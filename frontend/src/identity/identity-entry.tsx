/*
 * The identity feature's entry into the app shell: its resources and routes (registered by App.tsx) and its
 * menu entries (rendered by the layout's menu). Only this feature edits this file.
 */
import { Fragment } from 'react';
import { CustomRoutes, Menu, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { UserCreate } from './users/UserCreate';
import { UserEdit } from './users/UserEdit';
import { UserList } from './users/UserList';
import { UserShow } from './users/UserShow';
import { UserGroupCreate, UserGroupEdit } from './user-groups/UserGroupForm';
import { UserGroupList } from './user-groups/UserGroupList';
import { ApiUserCreate, ApiUserEdit, ApiUserList } from './api-users';
import { SystemLogList } from './SystemLog';
import { MyAccountPage } from './account/MyAccountPage';
import { LoginPage } from './LoginPage';
import { AppPrivacyPage, PrivacyPage } from './public/PrivacyPages';
import { ResetPasswordPage } from './public/ResetPasswordPage';
import { SetPasswordPage } from './public/SetPasswordPage';
import { usePrivilege } from '../providers/usePrivilege';

/** <Resource> and <CustomRoutes> elements of this feature (react-admin reads them through the fragment). */
export const identityResources = (
  <Fragment>
    <Resource
      name="users"
      list={UserList}
      create={UserCreate}
      edit={UserEdit}
      show={UserShow}
      options={{ label: 'cans.identity.menu.users' }}
      recordRepresentation="fullName"
    />
    <Resource
      name="user-groups"
      list={UserGroupList}
      create={UserGroupCreate}
      edit={UserGroupEdit}
      options={{ label: 'cans.identity.menu.user_groups' }}
      recordRepresentation="name"
    />
    <Resource
      name="api-users"
      list={ApiUserList}
      create={ApiUserCreate}
      edit={ApiUserEdit}
      options={{ label: 'cans.identity.menu.api_users' }}
      recordRepresentation="username"
    />
    <Resource name="system-log" list={SystemLogList} options={{ label: 'cans.identity.menu.system_log' }} />
    <CustomRoutes>
      <Route path="/profile/index" element={<MyAccountPage />} />
      {/* The spec's own paths (spec 002 §2) lead to our pages, as bookmarks from the older system do. */}
      <Route path="/user/user" element={<Navigate to="/users" replace />} />
      <Route path="/setting/apiUser" element={<Navigate to="/api-users" replace />} />
      <Route path="/setting/systemLog" element={<Navigate to="/system-log" replace />} />
    </CustomRoutes>
    {/* Public pages (spec §2 "Public routes"): no layout, no sign-in. */}
    <CustomRoutes noLayout>
      <Route path="/login/:username" element={<LoginPage />} />
      <Route path="/superLogin" element={<LoginPage />} />
      <Route path="/resetPassword" element={<ResetPasswordPage />} />
      <Route path="/initialPassword/:userId/:userName/:userEmail/:uuid" element={<SetPasswordPage />} />
      {/* The form of password links mailed before the spec's route. */}
      <Route path="/set-password/:token" element={<SetPasswordPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/appPrivacy" element={<AppPrivacyPage />} />
    </CustomRoutes>
  </Fragment>
);

/** Menu entries of this feature, each shown only when the signed-in user may use it. */
export const IdentityMenuItems = () => {
  const canViewUsers = usePrivilege('User_View');
  const canConfigure = usePrivilege('Setting');
  return (
    <>
      {canViewUsers && <Menu.Item to="/users" primaryText="cans.identity.menu.users" leftIcon={<PeopleOutline />} />}
      {canViewUsers && <Menu.Item to="/user-groups" primaryText="cans.identity.menu.user_groups" leftIcon={<AccountTreeOutlined />} />}
      {canConfigure && <Menu.Item to="/api-users" primaryText="cans.identity.menu.api_users" leftIcon={<VpnKeyOutlined />} />}
      {canConfigure && <Menu.Item to="/system-log" primaryText="cans.identity.menu.system_log" leftIcon={<HistoryOutlined />} />}
      <Menu.Item to="/profile/index" primaryText="cans.identity.menu.my_account" leftIcon={<AccountCircleOutlined />} />
    </>
  );
};
