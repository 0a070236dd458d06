/*
 * The data feed's entry into the app shell: its route (registered by App.tsx; guarded by data-feed-access.ts) and
 * its menu entry (rendered by the layout's menu). Only this feature edits this file.
 */
import { CustomRoutes, Menu } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { dataFeedPaths } from './data-feed-access';
import { DataFeedPage } from './DataFeedPage';
import { XmlUploadPage } from './XmlUploadPage';

export const dataFeedRoutes = (
  <CustomRoutes>
    <Route path={dataFeedPaths.page} element={<DataFeedPage />} />
    <Route path={dataFeedPaths.specPage} element={<Navigate to={dataFeedPaths.page} replace />} />
    <Route path={dataFeedPaths.xmlUpload} element={<XmlUploadPage />} />
  </CustomRoutes>
);

export const DataFeedMenuItem = () =>
  usePrivilege('DATA_FEED_SHOW') ? (
    <Menu.Item to={dataFeedPaths.page} primaryText="cans.data_feed.menu" leftIcon={<CloudDownloadOutlined />} />
  ) : null;
