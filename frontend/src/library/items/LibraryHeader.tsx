import { useState } from 'react';
import { Button, Card, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslate } from 'react-admin';

/** Title, the date range of Export Approved Assessments (not available yet) and Add. */
export const LibraryHeader = ({ onAdd }: { onAdd: () => void }) => {
  const translate = useTranslate();
  const [range, setRange] = useState({ from: '', to: '' });
  return (
    <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {translate('cans.library.page.title')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            label={translate('cans.library.page.from')}
            type="date"
            size="small"
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Typography color="text.secondary">–</Typography>
          <TextField
            label={translate('cans.library.page.to')}
            type="date"
            size="small"
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Tooltip title={translate('cans.library.page.export_unavailable')}>
            {/* A disabled button fires no pointer events: the span carries the tooltip. */}
            <span>
              <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled>
                {translate('cans.library.page.export')}
              </Button>
            </span>
          </Tooltip>
        </Stack>
        <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
          {translate('cans.library.page.add')}
        </Button>
      </Stack>
    </Card>
  );
};
