/* The small building blocks every section of the summary uses: a labelled value, a scrolling table, a section title. */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';

export const Field = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {value === null || value === undefined || value === '' ? '—' : value}
    </Typography>
  </Box>
);

/**
 * A table that may be wider than a phone: it scrolls inside its own region (focusable, so by keyboard too) and
 * its long words wrap, instead of widening the page.
 */
export const TableRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    role="region"
    aria-label={label}
    tabIndex={0}
    sx={{ overflowX: 'auto', maxWidth: '100%', '& td': { overflowWrap: 'anywhere' }, '& td, & th': { px: { xs: 1, sm: 2 } } }}
  >
    {children}
  </Box>
);

/** The summary's UI strings (cans.assessments.summary.*). */
export const useSummaryText = () => {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.summary.${key}`, options);
};

export const SectionTitle = ({ children }: { children: ReactNode }) => (
  <Typography
    variant="h6"
    component="h2"
    sx={{ mt: 3, mb: 1.5, pb: 0.5, borderBottom: '2px solid', borderColor: 'primary.main', breakAfter: 'avoid' }}
  >
    {children}
  </Typography>
);
