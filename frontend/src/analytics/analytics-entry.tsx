/*
 * The analytics feature's entry into the app shell: its route (registered by App.tsx; guarded by analytics-access.ts)
 * and its menu entry (rendered by the layout's menu). Only this feature edits this file.
 */
import { CustomRoutes, Menu } from 'react-admin';
import { Route } from 'react-router-dom';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { analyticsPaths } from './analytics-access';
import { AnalyticsPage } from './AnalyticsPage';
import { ProjectionWorkbenchPage } from './workbench/ProjectionWorkbenchPage';

export const analyticsRoutes = (
  <CustomRoutes>
    <Route path={analyticsPaths.page} element={<AnalyticsPage />} />
    <Route path={analyticsPaths.newProjection} element={<ProjectionWorkbenchPage />} />
  </CustomRoutes>
);

export const AnalyticsMenuItem = () =>
  usePrivilege('Report_Assessment') ? (
    <Menu.Item to={analyticsPaths.page} primaryText="cans.analytics.menu" leftIcon={<InsightsOutlined />} />
  ) : null;
