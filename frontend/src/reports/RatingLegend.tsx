/* An HTML legend of the rating colours (chart-rules.ts): it wraps on a narrow screen, where an SVG legend would be cut. */
import { Box, Stack, Typography } from '@mui/material';
import { ratingColour } from '@cans/domain/reports/chart-rules';

export const RatingLegend = ({ entries }: { entries: string[] }) => (
  <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" aria-hidden sx={{ mt: 1 }}>
    {entries.map((entry) => (
      <Stack key={entry} direction="row" spacing={0.5} alignItems="center">
        <Box sx={{ width: 12, height: 12, bgcolor: ratingColour(entry === 'N/A' ? 'NA' : entry) }} />
        <Typography variant="body2">{entry}</Typography>
      </Stack>
    ))}
  </Stack>
);
