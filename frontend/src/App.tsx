import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { LoginPage } from './identity/LoginPage';
import { AppLayout } from './layout/AppLayout';
import { Dashboard } from './pages/Dashboard';
import { AboutPage } from './pages/AboutPage';
import { theme } from './theme';
import { identityResources } from './identity/identity-entry';
import { libraryResources } from './library/library-entry';
import { assessmentsResources } from './assessments/assessments-entry';

export const App = () => (
  <Admin
    title="CANS"
    dataProvider={dataProvider}
    authProvider={authProvider}
    loginPage={LoginPage}
    layout={AppLayout}
    dashboard={Dashboard}
    theme={theme}
    requireAuth
    disableTelemetry
  >
    {/* Each feature registers its resources and routes in its own <feature>-entry.tsx. */}
    {assessmentsResources}
    {libraryResources}
    {identityResources}
    <CustomRoutes>
      <Route path="/about" element={<AboutPage />} />
    </CustomRoutes>
  </Admin>
);
