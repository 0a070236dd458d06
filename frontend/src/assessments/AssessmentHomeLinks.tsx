/*
 * Home links into the assessment list (spec 001 "Five count cards … Each links to the assessment list with the
 * status and the period as parameters", the overdue and follow-up links, spec 000 §2 list params date/status/lud).
 * Counts from GET /api/assessment-counts?days= (row access applied by the server).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { usePrivilege } from '../providers/usePrivilege';
import { apiGet } from './api';

interface AssessmentCounts {
  days: number | null;
  byStatus: { i: number; r: number; c: number; a: number; e: number };
  overdue: number;
  followUp: number;
  /** yyyy-MM of the server's today, and the assessments whose date of assessment is in it. */
  month: string;
  assessedThisMonth: number;
}

const STATUS_CARDS: { code: 'c' | 'i' | 'r' | 'a' | 'e'; label: string; colour: string }[] = [
  { code: 'c', label: 'Pending Approval', colour: '#4b2f86' },
  { code: 'i', label: 'Incomplete', colour: '#1a3a6b' },
  { code: 'r', label: 'Returned', colour: '#7a4d00' },
  { code: 'a', label: 'Approved', colour: '#22592f' },
  { code: 'e', label: 'Closed', colour: '#3c4654' },
];

const PERIODS = [7, 30, 90] as const;

/** The link is named by its visible text ("3 Pending Approval"), so what is read out is what is shown. */
const CountCard = ({ to, label, count, colour }: { to: string; label: string; count: number | undefined; colour: string }) => (
  <Card sx={{ flex: '1 1 150px', minWidth: 150, borderTop: `4px solid ${colour}` }}>
    <CardActionArea component={RouterLink} to={to} sx={{ p: 2 }} aria-busy={count === undefined}>
      <Typography variant="h4" component="p" sx={{ color: colour, fontWeight: 700 }}>
        {count ?? '–'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </CardActionArea>
  </Card>
);

export const AssessmentHomeLinks = () => {
  const canView = usePrivilege('Assessment_View');
  const [days, setDays] = useState<number>(7);
  const { data } = useQuery({
    queryKey: ['assessment-counts', days],
    queryFn: () => apiGet<AssessmentCounts>(`/assessment-counts?days=${days}`),
    enabled: canView,
  });
  if (!canView) return null;
  const month = data?.month ?? new Date().toISOString().slice(0, 7);
  return (
    <Box component="section" aria-labelledby="home-assessments-title" sx={{ mt: 3 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" sx={{ mb: 1 }}>
        <Typography id="home-assessments-title" variant="h6" component="h2">
          Assessments
        </Typography>
        <RadioGroup row value={String(days)} onChange={(e) => setDays(Number(e.target.value))} aria-label="Period">
          {PERIODS.map((p) => (
            <FormControlLabel key={p} value={String(p)} control={<Radio size="small" />} label={`Last ${p} days`} />
          ))}
        </RadioGroup>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        {STATUS_CARDS.map((card) => (
          <CountCard key={card.code} to={`/assessment/list?status=${card.code}&lud=${days}`} label={card.label} count={data?.byStatus?.[card.code]} colour={card.colour} />
        ))}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 2 }}>
        <CountCard to="/assessment/overdues?view=overdue" label="Overdue Assessments" count={data?.overdue} colour="#b3261e" />
        <CountCard to="/assessment/overdues?view=followUp" label="Follow up Assessments" count={data?.followUp} colour="#2f6f73" />
        <CountCard to={`/assessment/list?date=${month}`} label="Assessed this month" count={data?.assessedThisMonth} colour="#3d5f95" />
      </Stack>
    </Box>
  );
};
