/*
 * CANS Summary (/assessment/summarycase/:id) and the printable full assessment (/assessment/print/:id). Both open
 * in a new tab without the app's menu, with Print (window.print and a print stylesheet) and a Download PDF link to
 * the server's PDF of the same content.
 */
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, GlobalStyles, Paper, Stack, Typography } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { API_URL } from '../providers/dataProvider';
import { useApiQuery } from '../providers/useApi';
import { asOfQuery, assessmentApiPath } from './assessment-paths';
import { pointFromSearch } from './history/AsOfPage';
import { formatDateTime, formatTitleStamp } from '../shared/format';
import { AssessmentStatusChip } from './AssessmentStatusChip';
import { SummaryContent } from './SummaryView';
import type { SummaryData } from './summary-types';
import { PdfDownloadButton } from '../shared/PdfDownloadButton';

/** Print: hide the controls, full width, black on white, keep colours of the chart and rating badges. */
export const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.no-print, .RaLayout-appFrame > header, .RaSidebar-root, .MuiSnackbar-root': { display: 'none !important' },
        body: { background: '#fff !important' },
        '.print-sheet': { boxShadow: 'none !important', border: 'none !important', padding: '0 !important', maxWidth: 'none !important' },
        '@page': { size: 'A4', margin: '14mm' },
      },
    }}
  />
);

/** Spec §9: a printable tab is titled by what it shows and whose, ending with the time it opened (yyyyMMddHHmm). */
export const printTabTitle = (what: string, childName: string | null | undefined): string =>
  `${what} ${childName ?? ''} ${formatTitleStamp(new Date())}`.replace(/\s+/g, ' ').trim();

const SummaryLikePage = ({ kind }: { kind: 'summary' | 'print' }) => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.summaryPage.${key}`, options);
  const title = text(kind === 'summary' ? 'summaryTitle' : 'printTitle');
  // ?revision=N or ?at=ISO: the summary as it was then (from the History tab), said in a banner.
  const [search] = useSearchParams();
  const point = pointFromSearch(search);
  const pastQuery = point ? `?${asOfQuery(point)}` : '';
  const { data, error } = useApiQuery<SummaryData & { asOf?: { at: string; revision: number } }>(
    `${assessmentApiPath(id, kind)}${pastQuery}`,
    {
      retry: false,
    },
  );

  useEffect(() => {
    // Spec §9: printed tab titles use a prefix plus a timestamp.
    if (data) document.title = printTabTitle(title, data.child?.fullName);
  }, [data, title]);

  const pdfHref = `${API_URL}/assessments/${encodeURIComponent(id)}/${kind === 'summary' ? 'summary.pdf' : 'print.pdf'}${pastQuery}`;

  if (error) {
    return (
      <Container component="main" sx={{ py: 4 }}>
        <Alert severity="error">{error.message}</Alert>
      </Container>
    );
  }
  if (!data) {
    // Spec: a full-screen loading state.
    return (
      <Box
        sx={{ position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}
      >
        <Stack alignItems="center" spacing={2}>
          <CircularProgress aria-label={text('loading', { title })} />
          <Typography color="text.secondary">{text('loadingText', { title })}</Typography>
        </Stack>
      </Box>
    );
  }
  return (
    // Opened without the app's layout: the page brings its own main landmark.
    <Box component="main" sx={{ bgcolor: 'background.default', minHeight: '100vh', py: 3 }}>
      {printStyles}
      <Container maxWidth="lg">
        <Stack
          direction="row"
          alignItems="center"
          justifyContent="space-between"
          flexWrap="wrap"
          useFlexGap
          gap={1}
          sx={{ mb: 2 }}
          className="no-print"
        >
          <Typography variant="body2" color="text.secondary">
            {text(kind === 'summary' ? 'summaryKind' : 'printKind')} · {text('opened', { at: formatDateTime(new Date().toISOString()) })}
          </Typography>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <PdfDownloadButton
              href={pdfHref}
              label={text('pdf')}
              fallbackName={kind === 'summary' ? 'CANS_Summary.pdf' : 'CANS_Assessment.pdf'}
            />
            <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
              {text('print')}
            </Button>
            <Button startIcon={<CloseIcon />} onClick={() => window.close()}>
              {text('close')}
            </Button>
          </Stack>
        </Stack>
        <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
          <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap gap={1} sx={{ mb: 1 }}>
            <Box>
              <Typography variant="overline" color="primary" sx={{ letterSpacing: '0.12em', fontWeight: 700 }}>
                {text('overline')}
              </Typography>
              <Typography variant="h4" component="h1">
                {title}
              </Typography>
            </Box>
            <AssessmentStatusChip code={data.assessment.statusCode} label={data.assessment.statusLabel} size="medium" />
          </Stack>
          {point && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              {translate('cans.assessments.asOf.summaryBanner', {
                at: data.asOf ? formatDateTime(data.asOf.at) : 'revision' in point ? `#${point.revision}` : formatDateTime(point.at),
              })}
            </Alert>
          )}
          <SummaryContent data={data} full={kind === 'print'} />
        </Paper>
      </Container>
    </Box>
  );
};

export const SummaryPage = () => <SummaryLikePage kind="summary" />;
export const PrintPage = () => <SummaryLikePage kind="print" />;
