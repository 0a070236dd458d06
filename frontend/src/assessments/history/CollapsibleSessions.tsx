/*
 * The History tab's sessions, each collapsed to its summary line until opened (a session of a hundred changes is
 * thousands of pixels tall): Expand all / Collapse all, and a jump to the first session on or after a date, which
 * opens it, scrolls to it and moves the focus to it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import UnfoldLess from '@mui/icons-material/UnfoldLess';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import { formatDate } from '../../shared/format';
import type { AssessmentHistory, HistorySession } from './history-types';
import { SessionCard } from './HistorySessions';
import { sessionKey, type SessionDisclosure } from './session-disclosure';

/** The first session (they come in time order) that ends on or after the start of a local day 'yyyy-MM-dd'. */
export const firstSessionFrom = (sessions: readonly HistorySession[], day: string): HistorySession | undefined => {
  const from = new Date(`${day}T00:00`).getTime();
  return Number.isNaN(from) ? undefined : sessions.find((session) => Date.parse(session.endedAt) >= from);
};

const JumpToDate = ({ onJump }: { onJump: (day: string) => void }) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.assessments.history.sessions.${key}`);
  const [day, setDay] = useState('');
  return (
    <Box
      component="form"
      aria-label={text('jumpTo')}
      onSubmit={(event) => {
        event.preventDefault();
        if (day) onJump(day);
      }}
      // On a phone the field takes the row, Go beside it.
      sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    >
      <TextField
        type="date"
        size="small"
        label={text('jumpToDate')}
        value={day}
        onChange={(event) => setDay(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ minWidth: 0, flex: { xs: '1 1 auto', sm: '0 0 200px' } }}
      />
      <Button type="submit" variant="outlined" disabled={!day}>
        {text('go')}
      </Button>
    </Box>
  );
};

export const CollapsibleSessions = ({
  id,
  history,
  disclosure,
}: {
  id: string;
  history: AssessmentHistory;
  disclosure: SessionDisclosure;
}) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.history.sessions.${key}`, options);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // A new object per jump: jumping twice to the same session scrolls to it again.
  const [jump, setJump] = useState<{ key: string } | null>(null);
  const [jumpMessage, setJumpMessage] = useState('');

  useEffect(() => {
    const button = jump ? buttons.current.get(jump.key) : undefined;
    if (!button) return;
    button.scrollIntoView({ block: 'start' });
    button.focus({ preventScroll: true });
  }, [jump]);

  const jumpTo = (day: string) => {
    const session = firstSessionFrom(history.sessions, day);
    if (!session) {
      setJumpMessage(text('noSessionFrom', { date: formatDate(day) }));
      return;
    }
    const key = sessionKey(session);
    disclosure.expand(key);
    setJump({ key });
    setJumpMessage(text('jumpedTo', { date: formatDate(day) }));
  };

  return (
    <Stack spacing={2}>
      <Box>
        <Stack direction="row" flexWrap="wrap" useFlexGap gap={1} alignItems="center" justifyContent="space-between">
          <Stack direction="row" flexWrap="wrap" useFlexGap gap={1}>
            <Button variant="outlined" startIcon={<UnfoldMore />} onClick={() => disclosure.setAll(true)}>
              {text('expandAll')}
            </Button>
            <Button variant="outlined" startIcon={<UnfoldLess />} onClick={() => disclosure.setAll(false)}>
              {text('collapseAll')}
            </Button>
          </Stack>
          <JumpToDate onJump={jumpTo} />
        </Stack>
        <Typography role="status" variant="body2" sx={{ mt: jumpMessage ? 1 : 0 }}>
          {jumpMessage}
        </Typography>
      </Box>
      {history.sessions.map((session, index) => {
        const key = sessionKey(session);
        return (
          <SessionCard
            key={`${key}-${index}`}
            id={id}
            session={session}
            actions
            toggle={{ expanded: disclosure.isExpanded(key), onToggle: () => disclosure.toggle(key) }}
            toggleRef={(element) => {
              if (element) buttons.current.set(key, element);
              else buttons.current.delete(key);
            }}
          />
        );
      })}
    </Stack>
  );
};
