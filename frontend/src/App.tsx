import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { LoginPage } from './identity/LoginPage';
import { AppLayout } from './layout/AppLayout';
import { Dashboard } from './pages/Dashboard';
import { AboutPage } from './pages/AboutPage';
import { HelpPage } from './pages/HelpPage';
import { NotFoundContent, NotFoundPage } from './pages/NotFoundPage';
import { LandingRedirect, LogoutPage, RedirectPage } from './pages/RoutingPages';
import { theme } from './theme';
import { identityResources } from './identity/identity-entry';
import { administrationRoutes } from './administration/administration-entry';
import { libraryResources } from './library/library-entry';
import { assessmentsResources } from './assessments/assessments-entry';
import { reportsNoLayoutRoutes, reportsResources } from './reports/reports-entry';
import { dataFeedRoutes } from './data-feed/data-feed-entry';
import { analyticsRoutes } from './analytics/analytics-entry';

/*
 * Routes by path (main.tsx puts <Admin> inside a browser router). Pages inside the layout pass the route guard of
 * AppLayout (privileges: providers/route-access.ts); unknown paths and refused routes show the spec's 404 page.
 */
export const App = () => (
  <Admin
    title="CANS"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    loginPage={LoginPage}
    layout={AppLayout}
    dashboard={LandingRedirect}
    catchAll={NotFoundContent}
    accessDenied={NotFoundContent}
    theme={theme}
    requireAuth
    disableTelemetry
  >
    {/* Each feature registers its resources and routes in its own <feature>-entry.tsx. */}
    {assessmentsResources}
    {libraryResources}
    {identityResources}
    {administrationRoutes}
    {reportsResources}
    {reportsNoLayoutRoutes}
    {dataFeedRoutes}
    {analyticsRoutes}
    <CustomRoutes>
      <Route path="/home" element={<Dashboard />} />
      <Route path="/about" element={<AboutPage />} />
    </CustomRoutes>
    {/* Public routes of the app shell (spec 002 §2): no layout, no sign-in. */}
    <CustomRoutes noLayout>
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="/help" element={<HelpPage />} />
      <Route path="/redirect" element={<RedirectPage />} />
      <Route path="/logout" element={<LogoutPage />} />
    </CustomRoutes>
  </Admin>
);
