/*
 * Home links into the assessment list (spec 001 "Five count cards … Each links to the assessment list with the
 * status and the period as parameters", the overdue and follow-up links, spec 000 §2 list params date/status/lud).
 * Counts from GET /api/assessment-counts?days= (row access applied by the server).
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, FormControlLabel, Radio, RadioGroup, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePrivilege } from '../providers/usePrivilege';
import { ASSESSMENT_STATUS } from '../shared/StatusChip';
import { useApiQuery } from '../providers/useApi';
import { visuallyHidden } from '../shared/visually-hidden';

interface AssessmentCounts {
  days: number | null;
  byStatus: { i: number; r: number; c: number; a: number; e: number };
  overdue: number;
  followUp: number;
  /** Days after its due date from which a next assessment is overdue (before that, Follow up). */
  overdueAfterDays: number;
  /** yyyy-MM of the server's today, and the assessments whose date of assessment is in it. */
  month: string;
  assessedThisMonth: number;
}

/** The status cards, in the order shown, with the status names of the one status vocabulary. */
const STATUS_CARDS: { code: 'c' | 'i' | 'r' | 'a' | 'e'; colour: string }[] = [
  { code: 'c', colour: '#4b2f86' },
  { code: 'i', colour: '#1a3a6b' },
  { code: 'r', colour: '#7a4d00' },
  { code: 'a', colour: '#22592f' },
  { code: 'e', colour: '#3c4654' },
];

const PERIODS = [7, 30, 90] as const;

/** How long a home counter counts up from 0 to its value (issue 28 item 16). */
export const COUNT_UP_MS = 3200;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The number to show while counting up to `target` (ease-out over COUNT_UP_MS, from what was shown before: 0 at
 * first); the target at once with `prefers-reduced-motion: reduce`.
 */
function useCountUp(target: number | undefined): number | undefined {
  const reduce = prefersReducedMotion();
  const [animated, setAnimated] = useState(0);
  const lastShown = useRef(0);
  useEffect(() => {
    if (target === undefined || reduce) return;
    const from = lastShown.current;
    if (from === target) return;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      // A frame's time can be a little before `start` (it is when the frame began): never below 0, or the
      // ease-out would show a number below the one counted from.
      const progress = Math.min(1, Math.max(0, (now - start) / COUNT_UP_MS));
      const eased = 1 - Math.pow(1 - progress, 3); // ease-out (cubic)
      lastShown.current = Math.round(from + (target - from) * eased);
      setAnimated(lastShown.current);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, reduce]);
  return target === undefined || reduce ? target : animated;
}

/**
 * The link is named by its text ("3 Pending Approval", with the final number while the shown one counts up); a card whose word
 * needs its definition shows it as a tooltip on hover and focus (and gives it as the link's description).
 */
const CountCard = ({
  to,
  label,
  count,
  colour,
  definition,
}: {
  to: string;
  label: string;
  count: number | undefined;
  colour: string;
  definition?: string;
}) => {
  const shown = useCountUp(count);
  // The number counts up for the eye only: the link's name carries the final number from the start, so a screen
  // reader never hears the numbers in between.
  const link = (
    <CardActionArea component={RouterLink} to={to} sx={{ p: 2 }} aria-busy={count === undefined}>
      <Typography variant="h4" component="p" sx={{ color: colour, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        <span aria-hidden="true" data-count-up={count === undefined ? undefined : String(count)}>
          {shown ?? '–'}
        </span>
        <Box component="span" sx={visuallyHidden}>
          {count ?? '–'}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </CardActionArea>
  );
  return (
    <Card sx={{ flex: '1 1 150px', minWidth: 150, borderTop: `4px solid ${colour}` }}>
      {definition ? (
        <Tooltip title={definition} describeChild>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </Card>
  );
};

export const AssessmentHomeLinks = () => {
  const canView = usePrivilege('Assessment_View');
  const [days, setDays] = useState<number>(7);
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.home.${key}`, options);
  const { data } = useApiQuery<AssessmentCounts>(canView ? `/assessment-counts?days=${days}` : null);
  if (!canView) return null;
  const month = data?.month ?? new Date().toISOString().slice(0, 7);
  return (
    <Box component="section" aria-labelledby="home-assessments-title" sx={{ mt: 3 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" sx={{ mb: 1 }}>
        <Typography id="home-assessments-title" variant="h6" component="h2">
          {text('title')}
        </Typography>
        <RadioGroup row value={String(days)} onChange={(e) => setDays(Number(e.target.value))} aria-label={text('period')}>
          {PERIODS.map((p) => (
            <FormControlLabel key={p} value={String(p)} control={<Radio size="small" />} label={text('lastDays', { days: p })} />
          ))}
        </RadioGroup>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        {STATUS_CARDS.map((card) => (
          <CountCard
            key={card.code}
            to={`/assessment/list?status=${card.code}&lud=${days}`}
            label={ASSESSMENT_STATUS[card.code].label}
            count={data?.byStatus?.[card.code]}
            colour={card.colour}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 2 }}>
        <CountCard
          to="/assessment/overdues?view=overdue"
          label={text('overdue')}
          count={data?.overdue}
          colour="#b3261e"
          definition={data && text('overdueMeans', { days: data.overdueAfterDays })}
        />
        <CountCard
          to="/assessment/overdues?view=followUp"
          label={text('followUp')}
          count={data?.followUp}
          colour="#2f6f73"
          definition={data && text('followUpMeans', { days: data.overdueAfterDays })}
        />
        <CountCard to={`/assessment/list?date=${month}`} label={text('thisMonth')} count={data?.assessedThisMonth} colour="#3d5f95" />
      </Stack>
    </Box>
  );
};
