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
import { reportPaths } from './reports-access';

export const reportsResources = (
  <CustomRoutes>
    <Route path={reportPaths.manyChildOneCans} element={<ManyChildrenOneCansPage />} />
    <Route path={reportPaths.oneChildOneCans} element={<OneChildOneCansPage />} />
    <Route path={reportPaths.oneChildManyCans} element={<OneChildManyCansPage />} />
    <Route path={reportPaths.manyChildManyCans} element={<ManyChildrenManyCansPage />} />
  </CustomRoutes>
);
