/*
 * Analytics (/analytics, Report_Assessment): the analysts' projections (GET /api/analytics), one collection at a
 * time as a paged table (the generic simple-rest list), live or as replayed until a past date, and its CSV; replays
 * are asked for and followed on the same page (ReplayPanel).
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { usePrivilege } from '../providers/usePrivilege';
import { analyticsPaths } from './analytics-access';
import { API_URL } from '../providers/dataProvider';
import { useApiQuery, useCansDataProvider } from '../providers/useApi';
import type { ApiError } from '../providers/api-error';
import { downloadFrom } from '../shared/download';
import { Markdown } from '../shared/Markdown';
import type { AnalyticsProjectionInfo, AnalyticsRow } from './analytics-types';
import { AnalyticsTable } from './AnalyticsTable';
import { ReplayPanel } from './ReplayPanel';

const collectionPath = (projection: string, collection: string) =>
  `/analytics/${encodeURIComponent(projection)}/${encodeURIComponent(collection)}`;

export const AnalyticsPage = () => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.${key}`, options);
  const dataProvider = useCansDataProvider();
  const { data: catalogue, error: catalogueError } = useApiQuery<AnalyticsProjectionInfo[]>('/analytics', { retry: false });
  // ?projection=<name>: the workbench's link to a projection just published.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('projection');
  const [chosen, setChosen] = useState<{ projection: string; collection: string } | null>(
    asked ? { projection: asked, collection: '' } : null,
  );
  const [until, setUntil] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const canAuthor = usePrivilege('Analytics_Author');

  const projection = catalogue?.find((p) => p.name === chosen?.projection) ?? catalogue?.[0];
  const collection = projection?.collections.find((c) => c.name === chosen?.collection) ?? projection?.collections[0];
  const untilQuery = until ? `&until=${until}` : '';
  const listPath =
    projection && collection
      ? `${collectionPath(projection.name, collection.name)}?range=${encodeURIComponent(JSON.stringify([page * perPage, (page + 1) * perPage - 1]))}${untilQuery}`
      : null;
  const rows = useQuery<{ data: AnalyticsRow[]; total: number }, ApiError>({
    queryKey: ['api', listPath],
    queryFn: () => dataProvider.sendForPage<AnalyticsRow>(listPath ?? ''),
    enabled: listPath !== null,
    retry: false,
  });

  const choose = (next: { projection: string; collection: string }) => {
    setChosen(next);
    setPage(0);
  };

  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={text('title')} />
      <Paper variant="outlined" sx={{ mt: 2, mb: 2, px: 2, py: 1.5 }}>
        <Stack direction="row" gap={2} alignItems="center" justifyContent="space-between" flexWrap="wrap">
          <Typography variant="h5" component="h1">
            {text('title')}
          </Typography>
          {canAuthor && (
            <Button component={RouterLink} to={analyticsPaths.newProjection} variant="outlined" startIcon={<AddOutlined />}>
              {text('newProjection')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {text('intro')}
        </Typography>
        {catalogueError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {catalogueError.message}
          </Alert>
        )}
        {catalogue && catalogue.length === 0 && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {text('none')}
          </Alert>
        )}
        {projection && collection && (
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            gap={2}
            useFlexGap
            flexWrap="wrap"
            sx={{ mt: 2 }}
            alignItems={{ md: 'flex-start' }}
          >
            <TextField
              select
              size="small"
              label={text('projection')}
              value={projection.name}
              onChange={(event) => {
                const next = catalogue?.find((p) => p.name === event.target.value);
                if (next) choose({ projection: next.name, collection: next.collections[0]?.name ?? '' });
              }}
              // A long label is cut with an ellipsis, never wider than the screen.
              sx={{ minWidth: 220, maxWidth: '100%' }}
            >
              {catalogue?.map((p) => (
                <MenuItem key={p.name} value={p.name}>
                  {p.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={text('collection')}
              value={collection.name}
              onChange={(event) => choose({ projection: projection.name, collection: event.target.value })}
              sx={{ minWidth: 220, maxWidth: '100%' }}
            >
              {projection.collections.map((c) => (
                <MenuItem key={c.name} value={c.name}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              size="small"
              label={text('until')}
              helperText={
                projection.replays.length
                  ? text('untilReplays', { dates: projection.replays.map((replay) => replay.until).join(', ') })
                  : text('untilHelp')
              }
              value={until}
              onChange={(event) => {
                setUntil(event.target.value);
                setPage(0);
              }}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 200 }}
            />
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={() =>
                downloadFrom(`${API_URL}${collectionPath(projection.name, collection.name)}.csv${until ? `?until=${until}` : ''}`)
              }
            >
              {text('downloadCsv')}
            </Button>
          </Stack>
        )}
        {projection && (
          <Typography variant="body2" component="div" sx={{ mt: 1.5 }}>
            <strong>{projection.label}</strong> ({text('version', { version: projection.version })}
            {projection.authored ? `, ${text('authored')}` : ''}): <Markdown text={projection.description} inline />
            {collection && <Markdown text={collection.description} inline />}
          </Typography>
        )}
      </Paper>
      {projection && (
        <ReplayPanel
          projection={projection}
          onShow={(moment) => {
            setUntil(moment);
            setPage(0);
          }}
        />
      )}
      {/* No replay until that date is not a failure: the reader learns what to do (live figures, or ask for one). */}
      {rows.error && <Alert severity={rows.error.fieldErrors.until ? 'info' : 'error'}>{rows.error.message}</Alert>}
      {rows.isLoading && listPath && <CircularProgress aria-label={text('loading')} />}
      {projection && collection && rows.data && (
        <AnalyticsTable
          title={text('rows', { projection: projection.label, collection: collection.label })}
          collection={collection}
          rows={rows.data.data}
          total={rows.data.total}
          page={page}
          perPage={perPage}
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(0);
          }}
        />
      )}
    </Box>
  );
};
