import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal } from 'react-admin';
import { Box, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';

const CansAppBar = () => (
  <AppBar color="primary">
    <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: '0.04em', mr: 2 }}>
      CANS
    </Typography>
    <TitlePortal variant="body1" sx={{ opacity: 0.85 }} />
    <Box sx={{ flex: 1 }} />
  </AppBar>
);

const CansMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Home" />
    {/* Feature resources (assessments, library, reports, administration, audit) go here. */}
    <Menu.Item to="/about" primaryText="About" leftIcon={<InfoOutlined />} />
  </Menu>
);

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={CansAppBar} menu={CansMenu}>
    {children}
  </Layout>
);
