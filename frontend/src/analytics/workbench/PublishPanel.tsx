/*
 * Publish on the New projection page (Analytics_Author): a name, a label and a description for the code in the
 * editor; the server runs it as a preview first (a mistake comes back with its line), records the version, and builds
 * it from event zero while the page follows its progress (PublishedStatus).
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import { useApiMutation, useRefreshApi } from '../../providers/useApi';
import type { PublishDraft, PublishedProjection } from './workbench-types';
import { SandboxProblemAlert } from './SandboxProblemAlert';
import { PublishedStatus } from './PublishedStatus';

export const PUBLISHED_PATH = '/analytics-workbench/projections';

export const PublishPanel = ({
  code,
  draft,
  onDraftChange,
  goToLine,
}: {
  code: string;
  draft: PublishDraft;
  onDraftChange: (draft: PublishDraft) => void;
  goToLine: (line: number, column: number | null) => void;
}) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.workbench.publish.${key}`, options);
  const refresh = useRefreshApi();
  const [published, setPublished] = useState<string | null>(null);
  const publish = useApiMutation((send, body: PublishDraft & { code: string }) => send<PublishedProjection>('POST', PUBLISHED_PATH, body), {
    onSuccess: (answer) => {
      setPublished(answer.name);
      refresh(PUBLISHED_PATH);
    },
  });
  const fieldError = (field: string) => publish.error?.fieldErrors[field];
  const change = (field: keyof PublishDraft) => (event: { target: { value: string } }) =>
    onDraftChange({ ...draft, [field]: event.target.value });

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, minWidth: 0 }} component="section" aria-labelledby="publish-heading">
      <Typography variant="h6" component="h2" id="publish-heading">
        {text('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text('intro')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        gap={2}
        sx={{ mt: 2 }}
        alignItems={{ md: 'flex-start' }}
        useFlexGap
        flexWrap="wrap"
        onSubmit={(event) => {
          event.preventDefault();
          publish.mutate({ ...draft, code });
        }}
      >
        <TextField
          size="small"
          label={text('name')}
          value={draft.name}
          onChange={change('name')}
          error={!!fieldError('name')}
          helperText={fieldError('name') ?? text('nameHelp')}
          required
          sx={{ minWidth: { md: 240 } }}
        />
        <TextField
          size="small"
          label={text('label')}
          value={draft.label}
          onChange={change('label')}
          error={!!fieldError('label')}
          helperText={fieldError('label')}
          required
          sx={{ minWidth: { md: 280 } }}
        />
        <TextField
          size="small"
          label={text('description')}
          value={draft.description}
          onChange={change('description')}
          error={!!fieldError('description')}
          helperText={fieldError('description')}
          multiline
          sx={{ flex: 1, minWidth: { md: 280 } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<PublishOutlined />}
          disabled={publish.isPending || !draft.name || !draft.label}
        >
          {publish.isPending ? text('publishing') : text('publish')}
        </Button>
      </Stack>
      {publish.error && !fieldError('name') && !fieldError('label') && !fieldError('description') && (
        <SandboxProblemAlert error={publish.error} goToLine={goToLine} />
      )}
      {published && <PublishedStatus name={published} />}
    </Paper>
  );
};
