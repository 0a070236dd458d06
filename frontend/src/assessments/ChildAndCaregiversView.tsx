/* Add Assessment and Edit Approved Child: the child information and the caregivers, in one column. */
import type { ReactNode } from 'react';
import { Stack } from '@mui/material';

export const ChildAndCaregiversView = ({ childCard, caregiversCard }: { childCard: ReactNode; caregiversCard: ReactNode }) => (
  <Stack spacing={2} sx={{ maxWidth: 960 }}>
    {childCard}
    {caregiversCard}
  </Stack>
);
