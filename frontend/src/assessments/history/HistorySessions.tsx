/*
 * The history's sessions of work: who (name and group), when, and each change as a sentence with its fields before →
 * after; from each change the assessment as it was then, or compared with today. Shared by the page and its print.
 */
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime, formatTime } from '../../shared/format';
import { visuallyHidden } from '../../shared/visually-hidden';
import { assessmentPaths } from '../assessment-paths';
import type { AssessmentHistory, FieldChange, HistoryEntry, HistorySession } from './history-types';

export const ChangeList = ({ changes }: { changes: FieldChange[] }) => {
  const translate = useTranslate();
  const none = translate('cans.assessments.history.none');
  return (
    <Box
      component="dl"
      sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, 14rem) 1fr' }, columnGap: 2 }}
    >
      {changes.map((change) => (
        <Box key={change.field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {change.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
              <Box component="span" sx={visuallyHidden}>
                {translate('cans.assessments.history.before')}:{' '}
              </Box>
              {change.before ?? none}
            </Box>
            {' → '}
            <Box component="span" sx={{ fontWeight: 600 }}>
              <Box component="span" sx={visuallyHidden}>
                {translate('cans.assessments.history.after')}:{' '}
              </Box>
              {change.after ?? none}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const EntryRow = ({ id, entry, actions }: { id: string; entry: HistoryEntry; actions: boolean }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.${key}`, options);
  const past = entry.revision !== null && actions;
  return (
    <Box component="li" sx={{ py: 1, listStyle: 'none' }} data-kind={entry.kind}>
      <Stack direction="row" flexWrap="wrap" useFlexGap gap={1} alignItems="baseline">
        <Typography variant="body2" color="text.secondary" component="span" sx={{ minWidth: '3.5rem' }}>
          <time dateTime={entry.at} title={formatDateTime(entry.at, { seconds: true })}>
            {formatTime(entry.at)}
          </time>
        </Typography>
        <Chip size="small" variant="outlined" label={text(`kinds.${entry.kind}`)} />
        <Typography variant="body1" component="span" sx={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          {entry.sentence}
        </Typography>
        {past && (
          <Stack direction="row" gap={1} flexWrap="wrap" useFlexGap className="no-print">
            <Button
              size="small"
              component={RouterLink}
              to={assessmentPaths.asOf(id, { revision: entry.revision as number })}
              aria-label={text('viewAsOfLabel', { sentence: entry.sentence })}
            >
              {text('viewAsOf')}
            </Button>
            <Button
              size="small"
              component={RouterLink}
              to={assessmentPaths.compare(id, entry.revision as number)}
              aria-label={text('compareLabel', { sentence: entry.sentence })}
            >
              {text('compare')}
            </Button>
          </Stack>
        )}
      </Stack>
      {entry.changes.length > 0 && (entry.changes.length > 1 || entry.kind !== 'status') && (
        <Box sx={{ pl: { xs: 0, sm: '4.5rem' } }}>
          <ChangeList changes={entry.changes} />
        </Box>
      )}
    </Box>
  );
};

const SessionCard = ({ id, session, actions }: { id: string; session: HistorySession; actions: boolean }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.${key}`, options);
  const changes = session.entries.filter((entry) => entry.revision !== null).length;
  const versions = [...new Set(session.entries.map((entry) => entry.libraryVersion).filter(Boolean))];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={text('session', { user: session.userName })}
      sx={{ px: 2, py: 1.5, breakInside: 'avoid' }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {session.userName || '—'}
        {session.groupName && (
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            · {session.groupName}
          </Typography>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(session.startedAt)}
        {session.endedAt !== session.startedAt ? ` – ${formatTime(session.endedAt)}` : ''}
        {changes > 0 ? ` · ${text('changes', { smart_count: changes })}` : ''}
        {versions.length > 0 ? ` · ${versions.map((v) => text('libraryVersion', { version: v })).join(', ')}` : ''}
      </Typography>
      <Divider sx={{ my: 1 }} />
      <Box component="ol" sx={{ m: 0, p: 0 }}>
        {session.entries.map((entry, index) => (
          <EntryRow key={`${entry.revision ?? 'r'}-${entry.at}-${index}`} id={id} entry={entry} actions={actions} />
        ))}
      </Box>
    </Paper>
  );
};

export const HistorySessions = ({ id, history, actions = true }: { id: string; history: AssessmentHistory; actions?: boolean }) => (
  <Stack spacing={2}>
    {history.sessions.map((session, index) => (
      <SessionCard key={`${session.startedAt}-${index}`} id={id} session={session} actions={actions} />
    ))}
  </Stack>
);
