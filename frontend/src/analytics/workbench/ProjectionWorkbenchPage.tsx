/*
 * Analytics → New projection (/analytics/new, Analytics_Author): an analyst writes a projection over the analyst's
 * view of the events (pseudonymised: no name, PID, address or free text), starting from a template, with completion
 * for the events' types and fields; Preview runs it in the server's sandbox over the first events and shows its rows
 * and a chart, or what went wrong, with the line (the cursor goes there) and the event it was on. Publish builds it
 * from event zero and serves it on the Analytics page; the published ones are listed to edit or unpublish.
 */
import { useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useApiMutation, useApiQuery } from '../../providers/useApi';
import { ProjectionEditor } from './ProjectionEditor';
import { PreviewResults } from './PreviewResults';
import { EventsDownload } from './EventsDownload';
import { PublishPanel } from './PublishPanel';
import { PublishedProjectionsList } from './PublishedProjectionsList';
import type { ProjectionPreview, PublishDraft, WorkbenchInfo } from './workbench-types';
import { SandboxProblemAlert } from './SandboxProblemAlert';

export const ProjectionWorkbenchPage = () => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.workbench.${key}`, options);
  const { data: workbench, error: loadError } = useApiQuery<WorkbenchInfo>('/analytics-workbench', { retry: false });
  const [template, setTemplate] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [draft, setDraft] = useState<PublishDraft>({ name: '', label: '', description: '' });
  const editor = useRef<ReactCodeMirrorRef>(null);
  const preview = useApiMutation<string, ProjectionPreview>((send, source) =>
    send('POST', '/analytics-workbench/previews', { code: source }),
  );
  const shownCode = code ?? workbench?.templates[0]?.code ?? '';

  const goToLine = (line: number, column: number | null) => {
    const view = editor.current?.view;
    if (!view || line < 1 || line > view.state.doc.lines) return;
    const at = view.state.doc.line(line);
    view.dispatch({ selection: { anchor: Math.min(at.to, at.from + Math.max(0, (column ?? 1) - 1)) }, scrollIntoView: true });
    view.focus();
  };

  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={text('title')} />
      <Paper variant="outlined" sx={{ mt: 2, mb: 2, px: 2, py: 1.5, minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {text('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {text('intro')}
        </Typography>
        {loadError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {loadError.message}
          </Alert>
        )}
        {workbench && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {text('limits', {
                events: workbench.previewEvents.toLocaleString('en-GB'),
                memory: workbench.memoryMiB,
                seconds: workbench.cpuMsPerCall / 1000,
                minimum: workbench.minimumCellSize,
                below: workbench.minimumCellSize - 1,
              })}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} sx={{ mt: 2 }} useFlexGap flexWrap="wrap" alignItems={{ sm: 'center' }}>
              <TextField
                select
                size="small"
                label={text('template')}
                value={template}
                onChange={(event) => {
                  const chosen = workbench.templates.find((candidate) => candidate.name === event.target.value);
                  setTemplate(event.target.value);
                  if (chosen) setCode(chosen.code);
                  preview.reset();
                }}
                sx={{ width: { xs: '100%', sm: 320 } }}
                helperText={text('templateHelp')}
              >
                {workbench.templates.map((candidate) => (
                  <MenuItem key={candidate.name} value={candidate.name}>
                    {candidate.label}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Box sx={{ mt: 2, minWidth: 0 }}>
              <Typography variant="subtitle2" component="p" id="projection-code-label" sx={{ mb: 0.5 }}>
                {text('code')}
              </Typography>
              <ProjectionEditor
                value={shownCode}
                onChange={setCode}
                eventTypes={workbench.eventTypes}
                label={text('code')}
                editorRef={editor}
              />
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {text('codeHelp')}
              </Typography>
            </Box>
            <Stack direction="row" gap={2} sx={{ mt: 2 }} alignItems="center">
              <Button
                variant="contained"
                startIcon={<PlayArrowOutlined />}
                onClick={() => preview.mutate(shownCode)}
                disabled={preview.isPending}
              >
                {text('preview')}
              </Button>
              {preview.isPending && (
                <Stack direction="row" gap={1} alignItems="center" role="status">
                  <CircularProgress size={20} aria-hidden />
                  <Typography variant="body2">{text('previewing')}</Typography>
                </Stack>
              )}
            </Stack>
          </>
        )}
        {preview.error && <SandboxProblemAlert error={preview.error} goToLine={goToLine} />}
      </Paper>
      {preview.data && workbench && <PreviewResults preview={preview.data} minimumCellSize={workbench.minimumCellSize} />}
      {workbench && (
        <>
          <PublishPanel code={shownCode} draft={draft} onDraftChange={setDraft} goToLine={goToLine} />
          <PublishedProjectionsList
            onEdit={(projection) => {
              setCode(projection.code);
              setTemplate('');
              setDraft({ name: projection.name, label: projection.label, description: projection.description });
              preview.reset();
              editor.current?.view?.focus();
            }}
          />
          <EventsDownload />
        </>
      )}
    </Box>
  );
};
