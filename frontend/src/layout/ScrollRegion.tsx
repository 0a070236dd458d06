/*
 * A wide table's own horizontal scroll area (issue 10, narrow screens): the page never scrolls sideways; the
 * table does, inside a labelled region that takes keyboard focus so it can be scrolled without a mouse (axe
 * scrollable-region-focusable). Added by the lists' owner; shared by the list screens.
 */
import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

export const ScrollRegion = ({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) => (
  <Box
    role="region"
    aria-label={label}
    tabIndex={0}
    sx={[
      { overflowX: 'auto', maxWidth: '100%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } },
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
  >
    {children}
  </Box>
);
