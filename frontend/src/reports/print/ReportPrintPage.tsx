/*
 * The print view of a saved report query (/report/print/:id, spec 001 §2 "Print views"): opened in a new tab
 * without the app's menu, it shows the title, the applied filters (many-children reports; the one-child reports
 * show the child's information themselves), and the report in its print layout, with Close, Print and a Download
 * PDF link that print hides. Figures follow the viewer's row access, as on the report routes. The tab title is the
 * spec's, stamped with the time the view was opened.
 */
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { NotFoundContent } from '../../pages/NotFoundPage';
import { API_URL } from '../../providers/dataProvider';
import { useApiQuery } from '../../providers/useApi';
import { formatDateTime } from '../../shared/format';
import { ManyChildrenReport } from '../many-children-one-cans/ManyChildrenReport';
import { ManyChildrenManyReport } from '../many-children-many-cans/ManyChildrenManyReport';
import { OneChildReport } from '../one-child-one-cans/OneChildReport';
import { OneChildManyReport } from '../one-child-many-cans/OneChildManyReport';
import { AppliedFilters } from './AppliedFilters';
import { reportPrintStyles } from './print-styles';
import { isOneChildReport, printTitle, reportApiPath, savedQueryPath, type ReportKind, type SavedReportQuery } from './saved-report-query';
import { PdfDownloadButton } from '../../shared/PdfDownloadButton';

const TITLE_KEYS: Record<ReportKind, string> = {
  'one-child-one-cans': 'oneChildOneCans',
  'one-child-many-cans': 'oneChildManyCans',
  'many-children-one-cans': 'manyChildOneCans',
  'many-children-many-cans': 'manyChildManyCans',
};

/** The report in its print layout. */
const PrintedReport = ({ saved }: { saved: SavedReportQuery }) => {
  switch (saved.report) {
    case 'one-child-one-cans':
      return <OneChildReport query={saved.query} layout="print" />;
    case 'one-child-many-cans':
      return <OneChildManyReport query={saved.query} layout="print" />;
    case 'many-children-one-cans':
      return <ManyChildrenReport query={saved.query} comparison={saved.comparison} layout="print" />;
    case 'many-children-many-cans':
      return <ManyChildrenManyReport query={saved.query} layout="print" />;
  }
};

/** The tab title; the one-child reports wait for the child's PID (the same read as the report's, made once). */
const usePrintTitle = (saved: SavedReportQuery, openedAt: Date) => {
  const oneChild = isOneChildReport(saved.report);
  const report = useApiQuery<{ child: { cin: string } }>(oneChild ? reportApiPath(saved.report, saved.query) : null, {
    gcTime: 0,
    retry: false,
  });
  const cin = report.data?.child.cin ?? null;
  useEffect(() => {
    if (!oneChild || cin !== null) document.title = printTitle(saved.report, cin, openedAt);
  }, [oneChild, cin, saved.report, openedAt]);
};

const PrintView = ({ saved, openedAt }: { saved: SavedReportQuery; openedAt: Date }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.reports.${key}`, options);
  usePrintTitle(saved, openedAt);
  const pdfHref = `${API_URL}${savedQueryPath(saved.id)}/pdf`;
  return (
    // Opened without the app's layout: the page brings its own main landmark.
    <Box component="main" sx={{ bgcolor: 'background.default', minHeight: '100vh', py: { xs: 1, sm: 3 } }}>
      {reportPrintStyles}
      <Container maxWidth="lg" sx={{ px: { xs: 1, sm: 2 } }}>
        <Stack direction="row" justifyContent="flex-end" flexWrap="wrap" useFlexGap gap={1} sx={{ mb: 2 }} className="no-print">
          <PdfDownloadButton href={pdfHref} label={text('print.downloadPdf')} fallbackName="CANS_Report.pdf" />
          <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            {text('print.print')}
          </Button>
          <Button startIcon={<CloseIcon />} onClick={() => window.close()}>
            {text('print.close')}
          </Button>
        </Stack>
        <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 1.5, md: 4 }, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
            {text(`titles.${TITLE_KEYS[saved.report]}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {text('print.openedAt', { at: formatDateTime(openedAt.toISOString()) })}
          </Typography>
          {!isOneChildReport(saved.report) && <AppliedFilters query={saved.query} comparison={saved.comparison} />}
          <PrintedReport saved={saved} />
        </Paper>
      </Container>
    </Box>
  );
};

export const ReportPrintPage = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  // The time the view was opened: the tab title's timestamp.
  const [openedAt] = useState(() => new Date());
  const saved = useApiQuery<SavedReportQuery>(savedQueryPath(id), { retry: false });

  if (saved.error?.status === 404) {
    return (
      <Container component="main" sx={{ py: 2 }}>
        <NotFoundContent />
      </Container>
    );
  }
  if (saved.error) {
    return (
      <Container component="main" sx={{ py: 4 }}>
        <Alert severity="error">{saved.error.message}</Alert>
      </Container>
    );
  }
  if (!saved.data) {
    return (
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={translate('cans.reports.messages.loading')} />
      </Box>
    );
  }
  return <PrintView saved={saved.data} openedAt={openedAt} />;
};
