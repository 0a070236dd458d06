import { Chip, type ChipProps } from '@mui/material';
import type { StatusCode } from './api';

const STATUS_LABELS: Record<StatusCode, string> = {
  i: 'Incomplete',
  r: 'Returned',
  c: 'Pending Approval',
  a: 'Approved',
  e: 'Closed',
  d: 'Deleted',
};

/** Calm tones: soft fills with dark text, one hue per state. */
const STATUS_TONES: Record<StatusCode, { bg: string; fg: string; border: string }> = {
  i: { bg: '#eef3fb', fg: '#1a3a6b', border: '#c9d6ec' },
  r: { bg: '#fdf3e1', fg: '#7a4d00', border: '#f0d7a6' },
  c: { bg: '#efeafa', fg: '#4b2f86', border: '#d6cbef' },
  a: { bg: '#e7f4ea', fg: '#22592f', border: '#bfe0c7' },
  e: { bg: '#eef0f3', fg: '#3c4654', border: '#d3d8df' },
  d: { bg: '#fbeaea', fg: '#8c1d18', border: '#f0c4c1' },
};

export const statusLabelOf = (code: StatusCode | string | undefined, fallback?: string): string =>
  (code && STATUS_LABELS[code as StatusCode]) || fallback || String(code ?? '');

/** Status with its day count (spec: Returned counts days since last change, Incomplete days since creation). */
export const StatusChip = ({
  code,
  label,
  dayCount,
  size = 'small',
  sx,
}: {
  code: StatusCode | string;
  label?: string;
  dayCount?: number | null;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}) => {
  const tone = STATUS_TONES[code as StatusCode] ?? STATUS_TONES.e;
  const text = statusLabelOf(code, label);
  const days = typeof dayCount === 'number' && (code === 'i' || code === 'r' || code === 'a') ? ` · ${dayCount} ${dayCount === 1 ? 'day' : 'days'}` : '';
  return (
    <Chip
      size={size}
      label={`${text}${days}`}
      sx={{ bgcolor: tone.bg, color: tone.fg, border: `1px solid ${tone.border}`, fontWeight: 600, ...((sx as object) ?? {}) }}
    />
  );
};
