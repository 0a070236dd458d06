/*
 * Data Feed (monthly download), spec 002 §2 and §4 "Data feed": a year (default the current one) and twelve month
 * cards. A card is disabled for the current month, later months and every month of a later year. A click asks the
 * server for the month's count and downloads the zip only when it is above 0; otherwise it says there is nothing.
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Card, CardActionArea, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useApiMutation } from '../providers/useApi';
import { API_URL } from '../providers/dataProvider';
import { saveBlob } from '../shared/download';

/** How far back the year picker goes. */
const FIRST_YEAR = 2015;

interface MonthCount {
  year: number;
  month: number;
  count: number;
}

const monthQuery = (year: number, month: number) => `year=${year}&month=${month}`;

/** A month is open once it has ended (the local calendar; the server checks again). */
export const isPastMonth = (year: number, month: number, now: Date): boolean =>
  year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);

/**
 * Fetches the month's zip (written in the server's worker pool) and saves it under the server's name; a refusal
 * (429: this user's files being prepared, 503: the server busy) rejects with the server's sentence.
 */
async function downloadMonth(year: number, month: number): Promise<void> {
  const response = await fetch(`${API_URL}/data-feed/monthly/download?${monthQuery(year, month)}`, { credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? '');
  }
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'cans-data-feed.zip';
  saveBlob(await response.blob(), name);
}

export const DataFeedPage = () => {
  const translate = useTranslate();
  const now = new Date();
  const [year, setYear] = useState(now.getFullYear());
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const count = useApiMutation<{ year: number; month: number }, MonthCount>((send, { year: y, month: m }) =>
    send<MonthCount>('GET', `/data-feed/monthly/count?${monthQuery(y, m)}`),
  );
  const years = Array.from({ length: now.getFullYear() + 2 - FIRST_YEAR }, (_, i) => FIRST_YEAR + i);
  const monthName = (month: number) => new Date(2000, month - 1, 1).toLocaleString(undefined, { month: 'long' });

  const pick = (month: number) => {
    setMessage(null);
    count.mutate(
      { year, month },
      {
        onSuccess: (answer) => {
          if (answer.count > 0) {
            setMessage({ severity: 'info', text: translate('cans.data_feed.downloading', { smart_count: answer.count }) });
            void downloadMonth(year, month).then(
              () => undefined,
              (error: Error) => setMessage({ severity: 'error', text: error.message || translate('cans.download.failed') }),
            );
          } else setMessage({ severity: 'info', text: translate('cans.data_feed.no_data') });
        },
        onError: (error) => setMessage({ severity: 'error', text: error.message }),
      },
    );
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={translate('cans.data_feed.title')} />
      <Typography component="h1" variant="h2" gutterBottom>
        {translate('cans.data_feed.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('cans.data_feed.intro')}</Typography>
      <TextField
        select
        id="data-feed-year"
        label={translate('cans.data_feed.year')}
        value={year}
        onChange={(event) => {
          setYear(Number(event.target.value));
          setMessage(null);
        }}
        sx={{ minWidth: 160, mb: 2 }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      {message && (
        <Alert severity={message.severity} sx={{ mb: 2 }} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={translate('cans.data_feed.months_of', { year })}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
      >
        {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => {
          const open = isPastMonth(year, month, now);
          const name = monthName(month);
          return (
            <Box component="li" key={month}>
              <Card variant="outlined" sx={{ opacity: open ? 1 : 0.55 }}>
                <CardActionArea
                  disabled={!open || count.isPending}
                  onClick={() => pick(month)}
                  aria-label={translate(open ? 'cans.data_feed.download_month' : 'cans.data_feed.month_closed', { month: name, year })}
                >
                  <CardContent>
                    <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                      {name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" component="span">
                      {open ? translate('cans.data_feed.download') : translate('cans.data_feed.not_available')}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
