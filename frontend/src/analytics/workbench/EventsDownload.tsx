/*
 * "For your own tools" on the New projection page: the analyst's view of the events recorded in a range of days as
 * CSV or Parquet (GET /api/analytics-workbench/events.csv|parquet), for R, Python or DuckDB. The server records the hand-over first;
 * a refusal (a bad range, too many files at once) is shown in words, not as a JSON page.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { API_URL } from '../../providers/dataProvider';
import { saveBlob } from '../../shared/download';

const today = () => new Date().toISOString().slice(0, 10);

export const EventsDownload = () => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.workbench.events.${key}`, options);
  const [from, setFrom] = useState(`${new Date().getUTCFullYear() - 1}-01-01`);
  const [to, setTo] = useState(today());
  const [busy, setBusy] = useState<'csv' | 'parquet' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: 'csv' | 'parquet') => {
    setBusy(format);
    setError(null);
    try {
      const response = await fetch(`${API_URL}/analytics-workbench/events.${format}?from=${from}&to=${to}`, { credentials: 'include' });
      if (!response.ok) {
        // The server's sentence (a bad range, too many files at once), with the fields it names.
        const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
        throw new Error(body.errors?.to?.[0] ?? body.errors?.from?.[0] ?? body.message ?? '');
      }
      saveBlob(await response.blob(), `cans-analyst-events-${from}-to-${to}.${format}`);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, minWidth: 0 }} component="section" aria-labelledby="events-download-heading">
      <Typography variant="h6" component="h2" id="events-download-heading">
        {text('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text('intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} sx={{ mt: 2 }} alignItems={{ sm: 'center' }} useFlexGap flexWrap="wrap">
        <TextField
          type="date"
          size="small"
          label={text('from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={text('to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void download('csv')} disabled={!!busy || !from || !to}>
          {busy === 'csv' ? text('preparing') : text('download')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          onClick={() => void download('parquet')}
          disabled={!!busy || !from || !to}
        >
          {busy === 'parquet' ? text('preparing') : text('downloadParquet')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
};
