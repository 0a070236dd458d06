/* An assessment's status on the shared chip, with its day count (spec: Returned counts days since the last change, Incomplete days since creation). */
import type { ChipProps } from '@mui/material';
import { ASSESSMENT_STATUS, StatusChip, type AssessmentStatusCode } from '../shared/StatusChip';

const isStatusCode = (code: string): code is AssessmentStatusCode => Object.prototype.hasOwnProperty.call(ASSESSMENT_STATUS, code);

/** States whose day count means something: Incomplete, Returned, Approved. */
const COUNTED: readonly string[] = ['i', 'r', 'a'];

export const AssessmentStatusChip = ({
  code,
  label,
  dayCount,
  size,
}: {
  code: string;
  /** The server's label, shown for a code this screen does not know. */
  label?: string;
  dayCount?: number | null;
  size?: ChipProps['size'];
}) => {
  const status = isStatusCode(code) ? ASSESSMENT_STATUS[code] : undefined;
  return (
    <StatusChip
      label={status?.label ?? label ?? code}
      tone={status?.tone ?? 'grey'}
      dayCount={COUNTED.includes(code) ? dayCount : undefined}
      size={size}
    />
  );
};
