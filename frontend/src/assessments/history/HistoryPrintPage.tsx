/*
 * The printable history (/assessment/history/:id/print, opened in a new tab without the app's menu): the same
 * sessions and changes as the History tab, with the same filters, every session open (none collapses on paper), on
 * white, with Print.
 */
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { useApiQuery } from '../../providers/useApi';
import { formatDateTime } from '../../shared/format';
import { assessmentApiPath } from '../assessment-paths';
import { printStyles, printTabTitle } from '../SummaryPage';
import { HistorySessions } from './HistorySessions';
import type { AssessmentHistory } from './history-types';
import { historyQuery } from './history-query';

export const HistoryPrintPage = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.${key}`, options);
  const query = historyQuery(search.get('userId') ?? '', search.get('kind') ?? '');
  const { data, error } = useApiQuery<AssessmentHistory>(`${assessmentApiPath(id, 'history')}${query}`, { retry: false });
  const heading = text('heading');
  useEffect(() => {
    // Like the other printable tabs (spec §9): what it is, whose, when — not the app's "CANS".
    if (data) document.title = printTabTitle(heading, data.childName);
  }, [data, heading]);
  return (
    <Box component="main" sx={{ bgcolor: 'background.default', minHeight: '100vh', py: 3 }}>
      {printStyles}
      <Container maxWidth="lg">
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <CircularProgress aria-label={text('loading')} />}
        {data && (
          <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
            <Stack direction="row" justifyContent="space-between" alignItems="flex-start" flexWrap="wrap" useFlexGap gap={1} sx={{ mb: 2 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h4" component="h1">
                  {heading}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    data.childName,
                    data.libraryVersion ? text('libraryVersion', { version: data.libraryVersion }) : null,
                    formatDateTime(new Date().toISOString()),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Stack className="no-print" direction="row" spacing={1}>
                <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
                  {translate('cans.assessments.summaryPage.print')}
                </Button>
                <Button startIcon={<CloseIcon />} onClick={() => window.close()}>
                  {translate('cans.assessments.summaryPage.close')}
                </Button>
              </Stack>
            </Stack>
            {data.sessions.length === 0 ? (
              <Alert severity="info">{text('empty')}</Alert>
            ) : (
              <HistorySessions id={id} history={data} actions={false} />
            )}
          </Paper>
        )}
      </Container>
    </Box>
  );
};
