/*
 * The History tab of an assessment: every change of its stream with who, when and what (field by field), grouped by
 * session of work, each collapsed to a summary line until opened, with a jump to a date; filterable by user and
 * kind; the reads of the record ("Viewed by …"); the CSV and a printable view (every session open); the assessment
 * as of a date and time; who could see it on a given day.
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { API_URL } from '../../providers/dataProvider';
import { useApiQuery } from '../../providers/useApi';
import { downloadFrom } from '../../shared/download';
import { appHref, assessmentApiPath, assessmentPaths } from '../assessment-paths';
import { AssessmentTabs } from '../AssessmentTabs';
import { CollapsibleSessions } from './CollapsibleSessions';
import type { AssessmentHistory } from './history-types';
import { WhoCouldSee } from './WhoCouldSee';
import { historyQuery, localInputToIso } from './history-query';
import { useSessionDisclosure } from './session-disclosure';

const OpenAsOf = ({ id }: { id: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const at = localInputToIso(value);
  return (
    <Box
      component="form"
      aria-label={translate('cans.assessments.history.openAt')}
      onSubmit={(event) => {
        event.preventDefault();
        if (at) navigate(assessmentPaths.asOf(id, { at }));
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        type="datetime-local"
        size="small"
        label={translate('cans.assessments.history.openAt')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ minWidth: 0, width: { xs: '100%', sm: 320 } }}
      />
      <Button type="submit" variant="outlined" disabled={!at}>
        {translate('cans.assessments.history.open')}
      </Button>
    </Box>
  );
};

export const HistoryPage = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.${key}`, options);
  const [search, setSearch] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const kind = search.get('kind') ?? '';
  const query = historyQuery(userId, kind);
  const { data, error } = useApiQuery<AssessmentHistory>(`${assessmentApiPath(id, 'history')}${query}`, { retry: false });
  const disclosure = useSessionDisclosure();
  const setFilter = (name: 'userId' | 'kind', value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  return (
    <Box sx={{ pb: 6, minWidth: 0 }}>
      <Title title={text('title')} />
      <AssessmentTabs id={id} current="history" />
      <Paper variant="outlined" sx={{ mt: 2, mb: 2, px: 2, py: 1.5 }}>
        <Stack direction="row" flexWrap="wrap" useFlexGap gap={2} alignItems="center" justifyContent="space-between">
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              {text('heading')}
              {data?.childName ? (
                <Typography component="span" variant="h5" color="text.secondary" sx={{ fontWeight: 400 }}>
                  {' '}
                  · {data.childName}
                </Typography>
              ) : null}
            </Typography>
            {data?.libraryVersion && (
              <Typography variant="body2" color="text.secondary">
                {text('libraryVersion', { version: data.libraryVersion })}
              </Typography>
            )}
          </Box>
          <Stack direction="row" flexWrap="wrap" useFlexGap gap={1}>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={() => downloadFrom(`${API_URL}${assessmentApiPath(id, 'history.csv')}${query}`)}
            >
              {text('downloadCsv')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PrintOutlined />}
              href={appHref(`${assessmentPaths.historyPrint(id)}${query}`)}
              target="_blank"
              rel="noopener"
            >
              {text('print')}
            </Button>
          </Stack>
        </Stack>
        {data && (
          <Stack
            component="section"
            aria-label={text('filters')}
            direction={{ xs: 'column', sm: 'row' }}
            gap={2}
            sx={{ mt: 2 }}
            useFlexGap
            flexWrap="wrap"
          >
            <TextField
              select
              size="small"
              label={text('user')}
              value={userId}
              onChange={(event) => setFilter('userId', event.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{text('allUsers')}</MenuItem>
              {data.users.map((user) => (
                <MenuItem key={user.id} value={user.id}>
                  {user.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={text('kind')}
              value={kind}
              onChange={(event) => setFilter('kind', event.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{text('allKinds')}</MenuItem>
              {data.kinds.map((k) => (
                <MenuItem key={k} value={k}>
                  {text(`kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <OpenAsOf id={id} />
          </Stack>
        )}
      </Paper>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!data && !error && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
          <CircularProgress aria-label={text('loading')} />
        </Box>
      )}
      <Stack spacing={2}>
        {/* Outside the history's loading state: changing a filter must not reset the question asked here. */}
        {!error && <WhoCouldSee id={id} />}
        {data &&
          (data.sessions.length === 0 ? (
            <Alert severity="info">{text('empty')}</Alert>
          ) : (
            <CollapsibleSessions id={id} history={data} disclosure={disclosure} />
          ))}
      </Stack>
    </Box>
  );
};
