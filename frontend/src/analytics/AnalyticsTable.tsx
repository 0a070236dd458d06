/*
 * One page of an analytics collection as a table: the fields' labels as headings, item codes and agencies with their
 * names, small cells as "< 5"; and what each column means, below it (the descriptions are Markdown).
 */
import { useTranslate } from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { Markdown } from '../shared/Markdown';
import type { AnalyticsCollection, AnalyticsField, AnalyticsRow } from './analytics-types';

const plain = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * A code with its name: an item reads "Family Stress (CG_FAMILY_STRESS)"; an agency its name (the id is no help to a
 * reader: it stays in the cell's title and the CSV), and a row without one says so.
 */
function CodeCell({ field, row, noAgency }: { field: AnalyticsField; row: AnalyticsRow; noAgency: string }) {
  const code = plain(row[field.name]);
  const name = row.names?.[field.name];
  if (!code && field.refersTo === 'agency') return <>{noAgency}</>;
  if (!name) return <>{code}</>;
  if (field.refersTo === 'agency') return <span title={code}>{name}</span>;
  return (
    <>
      {name}{' '}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({code})
      </Box>
    </>
  );
}

/** Long headings wrap on two lines rather than in a narrow column of single words. */
const headingWidth = (label: string) => (label.length > 24 ? 180 : label.length > 12 ? 120 : undefined);

/** The row's key repeats the other columns (agency and month, item and ratings): the CSV keeps it, the table does not. */
export const shownFields = (collection: AnalyticsCollection) => collection.fields.filter((field) => field.name !== 'id');

export interface AnalyticsTableProps {
  /** The table's accessible name. */
  title: string;
  collection: AnalyticsCollection;
  rows: AnalyticsRow[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

export const AnalyticsTable = ({ title, collection, rows, total, page, perPage, onPageChange, onPerPageChange }: AnalyticsTableProps) => {
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.analytics.${key}`, options);
  const fields = shownFields(collection);
  return (
    <Paper variant="outlined">
      {/* Wide collections scroll sideways inside the table: focusable, so the keyboard can scroll it too. */}
      <TableContainer tabIndex={0} role="region" aria-label={title}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {fields.map((field) => (
                <TableCell
                  key={field.name}
                  component="th"
                  scope="col"
                  sx={{ verticalAlign: 'bottom', minWidth: headingWidth(field.label) }}
                >
                  {field.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={fields.length}>{text('empty')}</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id}>
                {fields.map((field) => (
                  <TableCell key={field.name} sx={{ whiteSpace: 'nowrap' }}>
                    {row.suppressedFields?.includes(field.name) ? (
                      text('suppressed', { minimum: collection.minimumCellSize })
                    ) : field.refersTo ? (
                      <CodeCell field={field} row={row} noAgency={text('noAgency')} />
                    ) : (
                      plain(row[field.name])
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPerPageChange(Number(event.target.value))}
      />
      <Accordion disableGutters elevation={0} square sx={{ borderTop: 1, borderColor: 'divider', '&::before': { display: 'none' } }}>
        <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
          <Typography variant="subtitle2" component="h2">
            {text('aboutColumns')}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          {fields.some((field) => field.count) && (
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              {text('smallCells', { minimum: collection.minimumCellSize })}
            </Typography>
          )}
          <Box component="dl" sx={{ m: 0 }}>
            {fields.map((field) => (
              <Box key={field.name} sx={{ mb: 1 }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {field.label}
                </Typography>
                <Typography component="dd" variant="body2" color="text.secondary" sx={{ ml: 0 }}>
                  <Markdown text={field.description} inline />
                </Typography>
              </Box>
            ))}
          </Box>
        </AccordionDetails>
      </Accordion>
    </Paper>
  );
};
