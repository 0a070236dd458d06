/*
 * The reports feature's entry into the app shell: the wizard routes (registered by App.tsx; guarded by
 * reports-access.ts) and the sidebar's Reports entry. Only this feature edits this file.
 */
import { CustomRoutes, Menu } from 'react-admin';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { Route } from 'react-router-dom';
import { ManyChildrenOneCansPage } from './many-children-one-cans/ManyChildrenOneCansPage';
import { OneChildOneCansPage } from './one-child-one-cans/OneChildOneCansPage';
import { OneChildManyCansPage } from './one-child-many-cans/OneChildManyCansPage';
import { ManyChildrenManyCansPage } from './many-children-many-cans/ManyChildrenManyCansPage';
import { ReportPrintPage } from './print/ReportPrintPage';
import { SpecPrintAlias } from './print/SpecPrintAlias';
import type { ReportKind } from './print/saved-report-query';
import { reportPaths } from './reports-access';
import { RouteGuard } from '../layout/RouteGuard';
import { usePrivilege } from '../providers/usePrivilege';
import { ReportsIndexPage } from './ReportsIndexPage';

export const reportsResources = (
  <CustomRoutes>
    <Route path={reportPaths.index} element={<ReportsIndexPage />} />
    <Route path={reportPaths.manyChildOneCans} element={<ManyChildrenOneCansPage />} />
    <Route path={reportPaths.oneChildOneCans} element={<OneChildOneCansPage />} />
    <Route path={reportPaths.oneChildManyCans} element={<OneChildManyCansPage />} />
    <Route path={reportPaths.manyChildManyCans} element={<ManyChildrenManyCansPage />} />
  </CustomRoutes>
);

/** The spec's print paths (spec 001 §2), each leading to our print view of its report. */
const SPEC_PRINT_ALIASES: ReadonlyArray<readonly [string, ReportKind]> = [
  [reportPaths.oneChildOneCansPrint, 'one-child-one-cans'],
  [reportPaths.oneChildManyCansPrint, 'one-child-many-cans'],
  [reportPaths.manyChildOneCansPrint, 'many-children-one-cans'],
  [reportPaths.manyChildManyCansPrint, 'many-children-many-cans'],
];

/** The print view opens in a new tab without the app's layout; its guard is the report routes' (Report_Assessment). */
export const reportsNoLayoutRoutes = (
  <CustomRoutes noLayout>
    <Route
      path={reportPaths.print}
      element={
        <RouteGuard>
          <ReportPrintPage />
        </RouteGuard>
      }
    />
    {SPEC_PRINT_ALIASES.map(([path, report]) => (
      <Route
        key={path}
        path={path}
        element={
          <RouteGuard>
            <SpecPrintAlias report={report} />
          </RouteGuard>
        }
      />
    ))}
  </CustomRoutes>
);

/** Spec 002: the sidebar shows Reports (/report) to holders of Report_Assessment. */
export const ReportsMenuItem = () => {
  const canReport = usePrivilege('Report_Assessment');
  return canReport ? <Menu.Item to={reportPaths.index} primaryText="cans.reports.index.title" leftIcon={<AssessmentOutlined />} /> : null;
};
