/*
 * Print CSS of the report print view: A4, the controls hidden (Close, Print, the PDF link, every button inside the
 * sheet such as the chart/table toggles), the chart colours kept, and no chart or card cut across two pages.
 */
import { GlobalStyles } from '@mui/material';

export const reportPrintStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '12mm' },
        '.no-print, .print-sheet button': { display: 'none !important' },
        body: { background: '#fff !important', printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
        main: { padding: '0 !important', minHeight: '0 !important', background: '#fff !important' },
        '.print-sheet': { boxShadow: 'none !important', border: 'none !important', padding: '0 !important' },
        '.print-sheet .MuiCard-root, .print-chart, .print-avoid-break': { breakInside: 'avoid', pageBreakInside: 'avoid' },
        '.print-sheet h1, .print-sheet h2, .print-sheet h3, .print-sheet h4': { breakAfter: 'avoid', pageBreakAfter: 'avoid' },
      },
    }}
  />
);
