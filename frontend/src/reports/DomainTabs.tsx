/*
 * The per-domain part every report shares (spec 001 §2 "a tab per domain"): on screen one tab per domain with
 * its panel; in print every domain's panel one after another under its own heading, nothing to click. A panel is
 * rendered only when shown, so a report with many domains builds one tab's charts at a time on screen.
 */
import { useState, type ReactNode } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';

export type ReportLayout = 'screen' | 'print';

export interface DomainPanel {
  /** Stable and unique within the report (a domain code, or caregiver and domain). */
  key: string;
  label: string;
  render: () => ReactNode;
}

export const DomainTabs = ({
  idPrefix,
  label,
  panels,
  layout = 'screen',
}: {
  /** Prefix of the tab and panel ids, unique on the page. */
  idPrefix: string;
  /** The accessible name of the tab list. */
  label: string;
  panels: DomainPanel[];
  layout?: ReportLayout;
}) => {
  const [tab, setTab] = useState(0);
  if (panels.length === 0) return null;

  if (layout === 'print') {
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 3 }}>
        {panels.map((panel, index) => (
          <Box
            key={panel.key}
            component="section"
            aria-labelledby={`${idPrefix}-heading-${index}`}
            className="print-domain"
            sx={{ display: 'grid', gap: 2, minWidth: 0 }}
          >
            <Typography id={`${idPrefix}-heading-${index}`} variant="h6" component="h3">
              {panel.label}
            </Typography>
            {panel.render()}
          </Box>
        ))}
      </Box>
    );
  }

  const shown = Math.min(tab, panels.length - 1);
  const current = panels[shown];
  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Tabs
        value={shown}
        onChange={(_, next: number) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={label}
      >
        {panels.map((panel, index) => (
          <Tab key={panel.key} label={panel.label} id={`${idPrefix}-tab-${index}`} aria-controls={`${idPrefix}-panel-${index}`} />
        ))}
      </Tabs>
      <Box
        key={current.key}
        role="tabpanel"
        id={`${idPrefix}-panel-${shown}`}
        aria-labelledby={`${idPrefix}-tab-${shown}`}
        sx={{ pt: 2, display: 'grid', gap: 2, minWidth: 0 }}
      >
        {current.render()}
      </Box>
    </Box>
  );
};
