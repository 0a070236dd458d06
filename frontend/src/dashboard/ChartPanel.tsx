/*
 * A chart with its text alternative (issue 13 "Every chart has a text alternative (a table toggle) for screen
 * readers"): the chart, or the same figures as a table; the toggle says which is shown (aria-pressed). With `csv`,
 * the table also downloads as a CSV file.
 */
import { useContext, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { CsvFilePrefix, downloadCsv, type CsvTable } from './csv-download';

export const ChartPanel = ({
  id,
  title,
  hint,
  chart,
  table,
  csv,
}: {
  id: string;
  title: string;
  hint?: string;
  chart: ReactNode;
  table: ReactNode;
  /** The table's figures as a CSV download (header row, then one row per table row). */
  csv?: CsvTable;
}) => {
  const translate = useTranslate();
  const prefix = useContext(CsvFilePrefix);
  const [asTable, setAsTable] = useState(false);
  return (
    <Card component="section" aria-labelledby={`${id}-title`} sx={{ flex: '1 1 420px', minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" gap={1}>
          <Typography id={`${id}-title`} variant="h6" component="h2">
            {title}
          </Typography>
          <Stack direction="row" flexWrap="wrap" gap={1}>
            <Button
              size="small"
              aria-pressed={asTable}
              startIcon={asTable ? <BarChartOutlined /> : <TableChartOutlined />}
              onClick={() => setAsTable((shown) => !shown)}
            >
              {translate(asTable ? 'cans.dashboard.showChart' : 'cans.dashboard.showTable')}
            </Button>
            {csv && (
              <Button
                size="small"
                startIcon={<FileDownloadOutlined />}
                aria-label={translate('cans.dashboard.downloadCsvOf', { title })}
                onClick={() => downloadCsv(csv, prefix)}
              >
                {translate('cans.dashboard.downloadCsv')}
              </Button>
            )}
          </Stack>
        </Stack>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {hint}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>{asTable ? table : chart}</Box>
      </CardContent>
    </Card>
  );
};
