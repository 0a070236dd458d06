/*
 * Replays from the Analytics page (issue 29 item 2): ask for the chosen projection as it stood at the end of a past
 * day; the app builds it while it keeps serving (POST /api/analytics-replays) and this panel shows the queue with
 * each replay's progress, polling while one waits or runs. A finished one can be shown at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useApiMutation, useApiQuery, useRefreshApi } from '../providers/useApi';
import type { AnalyticsProjectionInfo, ReplayJob } from './analytics-types';

const JOBS_PATH = '/analytics-replays';
const POLL_MS = 1000;
const isWaiting = (job: ReplayJob) => job.state === 'queued' || job.state === 'running';

export const ReplayPanel = ({ projection, onShow }: { projection: AnalyticsProjectionInfo; onShow: (until: string) => void }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.replay.${key}`, options);
  const [until, setUntil] = useState('');
  const refresh = useRefreshApi();
  const jobs = useApiQuery<ReplayJob[]>(JOBS_PATH, {
    refetchInterval: (query) => (query.state.data?.some(isWaiting) ? POLL_MS : false),
  });
  const ask = useApiMutation((send, body: { projection: string; until: string }) => send<ReplayJob>('POST', JOBS_PATH, body), {
    onSuccess: () => refresh(JOBS_PATH),
  });

  // A replay that has just finished adds a date to the catalogue and answers a read of that date: read them again.
  const queryClient = useQueryClient();
  const finished = jobs.data?.filter((job) => job.state === 'done').length ?? 0;
  const seenFinished = useRef<number | null>(null);
  useEffect(() => {
    if (seenFinished.current !== null && finished > seenFinished.current)
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[1] ?? '').startsWith('/analytics/') || query.queryKey[1] === '/analytics',
      });
    seenFinished.current = finished;
  }, [finished, queryClient]);

  const shown = (jobs.data ?? []).filter((job) => job.projection === projection.name);
  const error = ask.error ? (ask.error.fieldErrors.until ?? ask.error.message) : null;
  return (
    <Paper variant="outlined" sx={{ mb: 2, px: 2, py: 1.5 }} component="section" aria-labelledby="replay-heading">
      <Typography variant="h6" component="h2" id="replay-heading">
        {text('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {text('intro', { projection: projection.label })}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        gap={2}
        sx={{ mt: 1.5 }}
        alignItems={{ sm: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (until) ask.mutate({ projection: projection.name, until });
        }}
      >
        <TextField
          type="date"
          size="small"
          label={text('until')}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        />
        <Button type="submit" variant="contained" disabled={!until || ask.isPending}>
          {ask.isPending ? text('asking') : text('ask')}
        </Button>
      </Stack>
      {error && (
        <Alert severity={ask.error?.status === 429 || ask.error?.status === 503 ? 'warning' : 'error'} sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      {jobs.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {jobs.error.message}
        </Alert>
      )}
      {shown.length > 0 && (
        <Box component="ul" aria-label={text('list')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
          {shown.map((job) => (
            <ReplayJobRow key={job.id} job={job} onShow={onShow} text={text} />
          ))}
        </Box>
      )}
    </Paper>
  );
};

const ReplayJobRow = ({
  job,
  onShow,
  text,
}: {
  job: ReplayJob;
  onShow: (until: string) => void;
  text: (key: string, options?: Record<string, unknown>) => string;
}) => {
  const heading = `${text('untilLabel', { until: job.label })}${job.mine ? ` ${text('yours')}` : ''}`;
  const percent = job.headPosition > 0 ? Math.min(100, Math.round((job.position / job.headPosition) * 100)) : 0;
  const secondsLeft = job.eventsPerSecond > 0 ? Math.ceil((job.headPosition - job.position) / job.eventsPerSecond) : null;
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
            {heading}
          </Typography>
          <Typography variant="body2" color={job.state === 'failed' ? 'error' : 'text.secondary'} role="status">
            {job.state === 'queued' && text('queued')}
            {job.state === 'running' &&
              text('running', {
                done: job.position.toLocaleString(),
                total: job.headPosition.toLocaleString(),
                rate: job.eventsPerSecond.toLocaleString(),
                left: secondsLeft === null ? '…' : text('secondsLeft', { seconds: secondsLeft }),
              })}
            {job.state === 'done' && text('done', { events: (job.applied ?? 0).toLocaleString() })}
            {job.state === 'failed' && (job.error ?? text('failed'))}
          </Typography>
        </Box>
        {job.state === 'done' && (
          <Button size="small" variant="outlined" onClick={() => onShow(job.label)}>
            {text('show')}
          </Button>
        )}
      </Stack>
      {isWaiting(job) && (
        <LinearProgress
          sx={{ mt: 1 }}
          variant={job.state === 'running' ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={text('progress', { until: job.label })}
        />
      )}
    </Box>
  );
};
