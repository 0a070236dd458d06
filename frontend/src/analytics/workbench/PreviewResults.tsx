/*
 * A preview's rows (POST /api/analytics-workbench/previews): one collection at a time, its first rows in a table and
 * a nivo bar chart of a chosen number field per row (the table is the chart's text alternative). Suppressed cells
 * read "< 5", as on the Analytics page.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ResponsiveBar } from '@nivo/bar';
import { Box, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { ScrollRegion } from '../../layout/ScrollRegion';
import type { PreviewCollection, PreviewRow, ProjectionPreview } from './workbench-types';

const CHART_THEME = { text: { fontSize: 12, fill: '#3c4654' }, axis: { ticks: { text: { fontSize: 12, fill: '#3c4654' } } } };
/** Bars the chart shows at most (the table has the rest). */
const CHART_BARS = 30;

const isNumeric = (type: string) => type === 'count' || type === 'number';

function cell(row: PreviewRow, field: PreviewCollection['fields'][number], minimum: number): string {
  if (row.suppressedFields.includes(field.name)) return `< ${minimum}`;
  const value = row[field.name];
  if (value === null || value === undefined) return '';
  const name = row.names?.[field.name];
  if (name) return field.type === 'item' ? `${name} (${String(value)})` : name;
  return String(value);
}

const rowLabel = (collection: PreviewCollection, row: PreviewRow) =>
  collection.fields
    .filter((field) => !isNumeric(field.type))
    .map((field) => cell(row, field, 0) || '—')
    .join(' · ') || row.id;

export const PreviewResults = ({ preview, minimumCellSize }: { preview: ProjectionPreview; minimumCellSize: number }) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.workbench.${key}`, options);
  const [chosen, setChosen] = useState<string | null>(null);
  const [charted, setCharted] = useState<string | null>(null);
  const collection = preview.collections.find((candidate) => candidate.name === chosen) ?? preview.collections[0];
  if (!collection) return null;
  const rows = preview.rows[collection.name] ?? [];
  const numeric = collection.fields.filter((field) => isNumeric(field.type));
  const chartField = numeric.find((field) => field.name === charted) ?? numeric[0];
  const bars = chartField
    ? rows
        .filter((row) => typeof row[chartField.name] === 'number')
        .slice(0, CHART_BARS)
        .map((row) => ({ label: rowLabel(collection, row), value: row[chartField.name] as number }))
    : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, minWidth: 0 }} component="section" aria-labelledby="preview-heading">
      <Typography variant="h6" component="h2" id="preview-heading">
        {text('previewTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" role="status">
        {text('previewSummary', { events: preview.events.toLocaleString('en-GB'), ms: preview.elapsedMs })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} sx={{ mt: 2 }} useFlexGap flexWrap="wrap">
        <TextField
          select
          size="small"
          label={text('collection')}
          value={collection.name}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          {preview.collections.map((candidate) => (
            <MenuItem key={candidate.name} value={candidate.name}>
              {candidate.label}
            </MenuItem>
          ))}
        </TextField>
        {chartField && (
          <TextField
            select
            size="small"
            label={text('chartField')}
            value={chartField.name}
            onChange={(event) => setCharted(event.target.value)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            {numeric.map((field) => (
              <MenuItem key={field.name} value={field.name}>
                {field.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {text('rowsShown', { shown: rows.length, total: preview.totalRows[collection.name] ?? rows.length })}
      </Typography>
      {chartField && bars.length > 0 && (
        <Box
          sx={{ height: Math.max(200, bars.length * 28 + 60), mt: 2 }}
          role="img"
          aria-label={text('chartLabel', { field: chartField.name, collection: collection.label })}
        >
          <ResponsiveBar
            data={bars}
            keys={['value']}
            indexBy="label"
            layout="horizontal"
            margin={{ top: 10, right: 30, bottom: 40, left: 160 }}
            colors="#1a3a6b"
            theme={CHART_THEME}
            enableGridY={false}
            axisLeft={{ format: (value: string) => (value.length > 22 ? `${value.slice(0, 21)}…` : value) }}
            labelTextColor="#ffffff"
            isInteractive={false}
            animate={false}
            role="presentation"
          />
        </Box>
      )}
      <ScrollRegion label={text('tableLabel', { collection: collection.label })}>
        <Table size="small" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              {collection.fields.map((field) => (
                <TableCell key={field.name} align={isNumeric(field.type) ? 'right' : 'left'} scope="col">
                  {field.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={collection.fields.length}>{text('noRows')}</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id}>
                {collection.fields.map((field) => (
                  <TableCell key={field.name} align={isNumeric(field.type) ? 'right' : 'left'}>
                    {cell(row, field, minimumCellSize)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
};
