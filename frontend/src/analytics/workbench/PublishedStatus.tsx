/*
 * Where a published projection is (GET /api/analytics-workbench/projections/{name}, polled while it waits or builds):
 * the build's progress bar (events done of total, events/s, time left), then "live" with a link to its figures on
 * the Analytics page, or the event its code failed on.
 */
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { analyticsPaths } from '../analytics-access';
import type { PublishedProjection } from './workbench-types';

const POLL_MS = 1000;
const isUnderWay = (projection: PublishedProjection | undefined) => projection?.state === 'waiting' || projection?.state === 'building';

export const PublishedStatus = ({ name }: { name: string }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.workbench.publish.${key}`, options);
  const { data: projection } = useApiQuery<PublishedProjection>(`/analytics-workbench/projections/${encodeURIComponent(name)}`, {
    refetchInterval: (query) => (query.state.data === undefined || isUnderWay(query.state.data) ? POLL_MS : false),
  });
  if (!projection) return null;
  const { build } = projection;
  const percent = build && build.headPosition > 0 ? Math.min(100, Math.round((build.position / build.headPosition) * 100)) : 0;
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <Typography variant="body2" role="status">
        {projection.state === 'waiting' && text('waiting', { version: projection.version })}
        {projection.state === 'building' &&
          build &&
          text('building', {
            version: build.version,
            done: build.position.toLocaleString('en-GB'),
            total: build.headPosition.toLocaleString('en-GB'),
            rate: build.eventsPerSecond.toLocaleString('en-GB'),
            left: build.secondsLeft === null ? '…' : text('secondsLeft', { seconds: build.secondsLeft }),
          })}
        {projection.state === 'live' &&
          text('live', { version: projection.version, position: (projection.servedPosition ?? 0).toLocaleString('en-GB') })}
        {projection.state === 'unpublished' && text('unpublished')}
      </Typography>
      {isUnderWay(projection) && (
        <LinearProgress
          sx={{ mt: 1 }}
          variant={build ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={text('progress', { label: projection.label })}
        />
      )}
      {projection.state === 'failed' && projection.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {text('failed', { version: projection.version, message: projection.error.message })}
        </Alert>
      )}
      {projection.servedVersion !== null && projection.state !== 'unpublished' && (
        <Button component={RouterLink} to={`${analyticsPaths.page}?projection=${encodeURIComponent(name)}`} size="small" sx={{ mt: 1 }}>
          {text('open', { version: projection.servedVersion })}
        </Button>
      )}
    </Box>
  );
};
