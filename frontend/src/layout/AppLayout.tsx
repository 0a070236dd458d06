import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal } from 'react-admin';
import { Box, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { AssessmentMenuItems } from '../assessments/assessments-entry';
import { LibraryMenuItems } from '../library/library-entry';
import { IdentityMenuItems } from '../identity/identity-entry';

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
    {/* Each feature's menu entries live in its own <feature>-entry.tsx. */}
    <AssessmentMenuItems />
    <LibraryMenuItems />
    <IdentityMenuItems />
    <Menu.Item to="/about" primaryText="About" leftIcon={<InfoOutlined />} />
  </Menu>
);

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={CansAppBar} menu={CansMenu}>
    {children}
  </Layout>
);
