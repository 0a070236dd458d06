/*
 * The projections analysts have published (GET /api/analytics-workbench/projections): each with its version and
 * state; Edit puts its code, name, label and description in the editor (publishing again makes the next version),
 * Unpublish (after a confirmation) stops it and drops its figures.
 */
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useApiMutation, useApiQuery, useCansDataProvider, useRefreshApi } from '../../providers/useApi';
import { PUBLISHED_PATH } from './PublishPanel';
import { PublishedStatus } from './PublishedStatus';
import type { PublishedProjection } from './workbench-types';

export const PublishedProjectionsList = ({ onEdit }: { onEdit: (projection: PublishedProjection & { code: string }) => void }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.workbench.published.${key}`, options);
  const dataProvider = useCansDataProvider();
  const refresh = useRefreshApi();
  const { data: projections, error } = useApiQuery<PublishedProjection[]>(PUBLISHED_PATH);
  const [confirming, setConfirming] = useState<PublishedProjection | null>(null);
  const unpublish = useApiMutation((send, name: string) => send('DELETE', `${PUBLISHED_PATH}/${encodeURIComponent(name)}`), {
    onSettled: () => refresh(PUBLISHED_PATH),
  });
  const edit = async (name: string) =>
    onEdit(await dataProvider.send<PublishedProjection & { code: string }>('GET', `${PUBLISHED_PATH}/${encodeURIComponent(name)}`));

  const shown = (projections ?? []).filter((projection) => projection.state !== 'unpublished');
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, minWidth: 0 }} component="section" aria-labelledby="published-heading">
      <Typography variant="h6" component="h2" id="published-heading">
        {text('title')}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {unpublish.error && <Alert severity="error">{unpublish.error.message}</Alert>}
      {projections && shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {text('none')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown.map((projection) => (
          <Box component="li" key={projection.name} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="subtitle2" component="h3">
                  {projection.label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {text('summary', { name: projection.name, version: projection.version })}
                </Typography>
              </Box>
              <Stack direction="row" gap={1}>
                <Button size="small" variant="outlined" onClick={() => void edit(projection.name)}>
                  {text('edit')}
                </Button>
                <Button size="small" color="error" variant="outlined" onClick={() => setConfirming(projection)}>
                  {text('unpublish')}
                </Button>
              </Stack>
            </Stack>
            <PublishedStatus name={projection.name} />
          </Box>
        ))}
      </Box>
      <Confirm
        isOpen={confirming !== null}
        title={text('confirmTitle', { label: confirming?.label ?? '' })}
        content={text('confirmContent')}
        onConfirm={() => {
          if (confirming) unpublish.mutate(confirming.name);
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </Paper>
  );
};
