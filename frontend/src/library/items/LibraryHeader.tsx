import { Button, Card, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { usePrivilege } from '../../providers/usePrivilege';
import { ExportApprovedAssessments } from '../export/ExportApprovedAssessments';

/**
 * Title, Export Approved Assessments (with DATA_FEED_SHOW: the export hands over every approved assessment of the
 * state, so the Library screen's own privilege is not enough) and Add.
 */
export const LibraryHeader = ({ onAdd }: { onAdd: () => void }) => {
  const translate = useTranslate();
  const canExport = usePrivilege('DATA_FEED_SHOW');
  return (
    <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {translate('cans.library.page.title')}
        </Typography>
        {canExport ? <ExportApprovedAssessments /> : null}
        <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
          {translate('cans.library.page.add')}
        </Button>
      </Stack>
    </Card>
  );
};
