/*
 * The one status chip: a label in a calm tone, optionally with a day count. Features map their own status codes to a
 * label and a tone (assessments: ASSESSMENT_STATUS below; users: their status names).
 */
import { Chip, type ChipProps } from '@mui/material';

export type StatusTone = 'blue' | 'amber' | 'purple' | 'green' | 'grey' | 'red';

/** Soft fills with dark text, one hue per state. */
const TONES: Record<StatusTone, { bg: string; fg: string; border: string }> = {
  blue: { bg: '#eef3fb', fg: '#1a3a6b', border: '#c9d6ec' },
  amber: { bg: '#fdf3e1', fg: '#7a4d00', border: '#f0d7a6' },
  purple: { bg: '#efeafa', fg: '#4b2f86', border: '#d6cbef' },
  green: { bg: '#e7f4ea', fg: '#22592f', border: '#bfe0c7' },
  grey: { bg: '#eef0f3', fg: '#3c4654', border: '#d3d8df' },
  red: { bg: '#fbeaea', fg: '#8c1d18', border: '#f0c4c1' },
};

export interface StatusChipProps {
  label: string;
  tone?: StatusTone;
  /** Shown as " · n day(s)" after the label when given. */
  dayCount?: number | null;
  /** Outlined rather than filled (e.g. a state that needs no attention). */
  outlined?: boolean;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}

export const StatusChip = ({ label, tone = 'grey', dayCount, outlined = false, size = 'small', sx }: StatusChipProps) => {
  const colors = TONES[tone];
  const days = typeof dayCount === 'number' ? ` · ${dayCount} ${dayCount === 1 ? 'day' : 'days'}` : '';
  return (
    <Chip
      size={size}
      label={`${label}${days}`}
      sx={[
        { bgcolor: outlined ? 'transparent' : colors.bg, color: colors.fg, border: `1px solid ${colors.border}`, fontWeight: 600 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
};

export type AssessmentStatusCode = 'i' | 'r' | 'c' | 'a' | 'e' | 'd';

/** Assessment states (spec): their names and tones. */
export const ASSESSMENT_STATUS: Record<AssessmentStatusCode, { label: string; tone: StatusTone }> = {
  i: { label: 'Incomplete', tone: 'blue' },
  r: { label: 'Returned', tone: 'amber' },
  c: { label: 'Pending Approval', tone: 'purple' },
  a: { label: 'Approved', tone: 'green' },
  e: { label: 'Closed', tone: 'grey' },
  d: { label: 'Deleted', tone: 'red' },
};
