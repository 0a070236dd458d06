/*
 * The reports feature's entry into the app shell: the wizard routes (registered by App.tsx; guarded by
 * reports-access.ts). Only this feature edits this file.
 */
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { ManyChildrenOneCansPage } from './many-children-one-cans/ManyChildrenOneCansPage';
import { OneChildOneCansPage } from './one-child-one-cans/OneChildOneCansPage';
import { OneChildManyCansPage } from './one-child-many-cans/OneChildManyCansPage';
import { ManyChildrenManyCansPage } from './many-children-many-cans/ManyChildrenManyCansPage';
import { ReportPrintPage } from './print/ReportPrintPage';
import { reportPaths } from './reports-access';
import { RouteGuard } from '../layout/RouteGuard';

export const reportsResources = (
  <CustomRoutes>
    <Route path={reportPaths.manyChildOneCans} element={<ManyChildrenOneCansPage />} />
    <Route path={reportPaths.oneChildOneCans} element={<OneChildOneCansPage />} />
    <Route path={reportPaths.oneChildManyCans} element={<OneChildManyCansPage />} />
    <Route path={reportPaths.manyChildManyCans} element={<ManyChildrenManyCansPage />} />
  </CustomRoutes>
);

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
  </CustomRoutes>
);
