/*
 * The history's sessions of work: who (name and group), when, a summary line of what was done, and each change as a
 * sentence with its fields before → after; from each change the assessment as it was then, or compared with today.
 * The print shows every session open (HistorySessions); the page's sessions open and close (CollapsibleSessions).
 */
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, ButtonBase, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { formatDateTime, formatTime } from '../../shared/format';
import { visuallyHidden } from '../../shared/visually-hidden';
import { assessmentPaths } from '../assessment-paths';
import { useAbsentValue } from './absent-value';
import type { AssessmentHistory, FieldChange, HistoryEntry, HistorySession } from './history-types';
import { sessionSummary } from './session-summary';

export const ChangeList = ({ changes }: { changes: FieldChange[] }) => {
  const translate = useTranslate();
  const none = useAbsentValue();
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

/** The open / closed state of a session on the page (the print has none: every session open). */
export interface SessionToggle {
  expanded: boolean;
  onToggle: () => void;
}

/** Who worked in a session: name and group. */
const SessionWho = ({ session }: { session: HistorySession }) => (
  <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
    {session.userName || '—'}
    {session.groupName && (
      <Typography component="span" variant="body2" color="text.secondary">
        {' '}
        · {session.groupName}
      </Typography>
    )}
  </Typography>
);

/**
 * When a session was and how many changes it made, then its summary line: what was done, in words. Open for good
 * (the print), a session of one entry has no summary: it would repeat the entry just below.
 */
const SessionWhenAndWhat = ({ session, summary }: { session: HistorySession; summary: boolean }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.${key}`, options);
  const changes = session.entries.filter((entry) => entry.revision !== null).length;
  const versions = [...new Set(session.entries.map((entry) => entry.libraryVersion).filter(Boolean))];
  return (
    <>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {formatDateTime(session.startedAt)}
        {session.endedAt !== session.startedAt ? ` – ${formatTime(session.endedAt)}` : ''}
        {changes > 0 ? ` · ${text('changes', { smart_count: changes })}` : ''}
        {versions.length > 0 ? ` · ${versions.map((v) => text('libraryVersion', { version: v })).join(', ')}` : ''}
      </Typography>
      {summary && (
        <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {sessionSummary(session.entries, translate)}
        </Typography>
      )}
    </>
  );
};

const EntryList = ({ id, session, actions }: { id: string; session: HistorySession; actions: boolean }) => (
  <>
    <Divider sx={{ my: 1 }} />
    <Box component="ol" sx={{ m: 0, p: 0 }}>
      {session.entries.map((entry, index) => (
        <EntryRow key={`${entry.revision ?? 'r'}-${entry.at}-${index}`} id={id} entry={entry} actions={actions} />
      ))}
    </Box>
  </>
);

// A disclosure button inside the heading (the WAI-ARIA accordion pattern): the changes render only when open, so a
// long history stays light; the controlled element stays in place for aria-controls.
const CollapsibleSession = ({
  session,
  toggle,
  toggleRef,
  children,
}: {
  session: HistorySession;
  toggle: SessionToggle;
  toggleRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) => {
  const detailsId = useId();
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ m: 0 }}>
        <ButtonBase
          ref={toggleRef}
          aria-expanded={toggle.expanded}
          aria-controls={detailsId}
          onClick={toggle.onToggle}
          sx={{
            width: '100%',
            justifyContent: 'flex-start',
            alignItems: 'flex-start',
            gap: 1,
            p: 1,
            borderRadius: 1,
            textAlign: 'left',
            // Jumped to, it stays clear of the app bar.
            scrollMarginTop: '5rem',
            '&:hover': { bgcolor: 'action.hover' },
            '&.Mui-focusVisible': { outline: (theme) => `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }}
        >
          <ExpandMore
            aria-hidden
            sx={{ mt: 0.25, flexShrink: 0, transition: 'transform 150ms', transform: toggle.expanded ? 'rotate(180deg)' : 'none' }}
          />
          <Box component="span" sx={{ display: 'block', minWidth: 0, flex: 1 }}>
            <SessionWho session={session} />
            <SessionWhenAndWhat session={session} summary />
          </Box>
        </ButtonBase>
      </Typography>
      <Box id={detailsId} hidden={!toggle.expanded} sx={{ px: 1 }}>
        {toggle.expanded && children}
      </Box>
    </>
  );
};

export const SessionCard = ({
  id,
  session,
  actions,
  toggle,
  toggleRef,
}: {
  id: string;
  session: HistorySession;
  actions: boolean;
  toggle?: SessionToggle;
  /** The disclosure button, for a jump to move the focus to it. */
  toggleRef?: Ref<HTMLButtonElement>;
}) => {
  const translate = useTranslate();
  const entries = <EntryList id={id} session={session} actions={actions} />;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={translate('cans.assessments.history.session', { user: session.userName })}
      sx={toggle ? { p: 1 } : { px: 2, py: 1.5, breakInside: 'avoid' }}
    >
      {toggle ? (
        <CollapsibleSession session={session} toggle={toggle} toggleRef={toggleRef}>
          {entries}
        </CollapsibleSession>
      ) : (
        <>
          <Typography component="h2" variant="subtitle1" sx={{ m: 0 }}>
            <SessionWho session={session} />
          </Typography>
          <SessionWhenAndWhat session={session} summary={session.entries.length > 1} />
          {entries}
        </>
      )}
    </Paper>
  );
};

/** Every session with every change, open: the printable history. */
export const HistorySessions = ({ id, history, actions = true }: { id: string; history: AssessmentHistory; actions?: boolean }) => (
  <Stack spacing={2}>
    {history.sessions.map((session, index) => (
      <SessionCard key={`${session.startedAt}-${index}`} id={id} session={session} actions={actions} />
    ))}
  </Stack>
);
