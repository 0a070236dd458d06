import { useEffect, useState } from 'react';
import { Sidebar, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Drawer, useMediaQuery } from '@mui/material';

/** Spec 002 §9: the sidebar (210 px) collapses to a drawer below 992 px. */
export const SIDEBAR_WIDTH = 210;
const NARROW = '(max-width: 991.98px)';

/**
 * Docked sidebar from 992 px; below, a temporary drawer over the page, opened by the app bar's menu button and
 * closed after each navigation, so the page gets the whole width.
 */
export const CansSidebar = ({ children, ...rest }: SidebarProps) => {
  const narrow = useMediaQuery(NARROW, { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();

  // The drawer opens only once the narrow layout is set up: rendered open for a moment while crossing the
  // breakpoint, its modal would hide the page from assistive technology (aria-hidden) as it closes.
  const [drawerReady, setDrawerReady] = useState(false);
  const translate = useTranslate();

  // Crossing the breakpoint: the drawer starts closed, the docked sidebar open.
  useEffect(() => {
    setOpen(!narrow);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- deliberately one commit late: the drawer renders closed first
    setDrawerReady(narrow);
  }, [narrow, setOpen]);
  useEffect(() => {
    if (narrow) setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of page closes the drawer, not crossing the breakpoint
  }, [pathname]);

  if (!narrow) return <Sidebar {...rest}>{children}</Sidebar>;
  return (
    <Drawer
      variant="temporary"
      open={drawerReady && open}
      onClose={() => setOpen(false)}
      slotProps={{ paper: { 'aria-label': translate('cans.layout.main_menu'), sx: { width: SIDEBAR_WIDTH, pt: 1 } } }}
    >
      {children}
    </Drawer>
  );
};
