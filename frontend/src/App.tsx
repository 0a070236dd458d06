import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { LoginPage } from './identity/LoginPage';
import { AppLayout } from './layout/AppLayout';
import { Dashboard } from './pages/Dashboard';
import { AboutPage } from './pages/AboutPage';
import { theme } from './theme';

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
    {/* Feature resources (assessments/, library/, reports/, administration/, audit/) register here. */}
    <CustomRoutes>
      <Route path="/about" element={<AboutPage />} />
    </CustomRoutes>
  </Admin>
);
