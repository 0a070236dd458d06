import {
  Box,
  Button,
  Card,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiError } from '../../providers/api-error';
import type { LibraryTree } from '../library-types';
import { LibraryTreeRow, type LibraryRowActions } from './LibraryTreeRow';
import type { useLibraryRows } from './useLibraryRows';
import type { useTreeReorder } from './useTreeReorder';

interface LibraryTreeTableProps {
  tree: LibraryTree | undefined;
  isPending: boolean;
  error: ApiError | null;
  rows: ReturnType<typeof useLibraryRows>;
  reorder: ReturnType<typeof useTreeReorder>;
  actions: LibraryRowActions;
}

/** The tree as a table with the columns Name, Visible, Caregiver's item, Order, Age Restriction and Action. */
export const LibraryTreeTable = ({ tree, isPending, error, rows, reorder, actions }: LibraryTreeTableProps) => {
  const translate = useTranslate();
  const domainCount = tree?.domains.length ?? 0;
  return (
    <Card variant="outlined">
      <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} alignItems="center">
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {tree
            ? translate('cans.library.page.summary', {
                count: domainCount,
                domains: translate(domainCount === 1 ? 'cans.library.page.domain' : 'cans.library.page.domains'),
                version: tree.version,
              })
            : ' '}
          {translate('cans.library.page.reorder_hint')}
        </Typography>
        {actions.busy ? <CircularProgress size={16} aria-label={translate('cans.library.table.saving')} /> : null}
        <Button size="small" onClick={rows.expandAll} disabled={!tree}>
          {translate('cans.library.table.expand_all')}
        </Button>
        <Button size="small" onClick={rows.collapseAll} disabled={!tree}>
          {translate('cans.library.table.collapse_all')}
        </Button>
      </Stack>
      {isPending ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress />
        </Box>
      ) : error ? (
        <Typography color="error" sx={{ p: 3 }}>
          {error.message}
        </Typography>
      ) : domainCount === 0 ? (
        <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
          {translate('cans.library.page.empty')}
        </Typography>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label={translate('cans.library.table.region_label')}>
          <Table size="small" aria-label={translate('cans.library.table.label')} sx={{ tableLayout: 'fixed', minWidth: 960 }}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, bgcolor: 'background.default' } }}>
                <TableCell>{translate('cans.library.table.name')}</TableCell>
                <TableCell align="center" sx={{ width: 90 }}>
                  {translate('cans.library.table.visible')}
                </TableCell>
                <TableCell align="center" sx={{ width: 140, whiteSpace: 'nowrap' }}>
                  {translate('cans.library.table.caregiver_item')}
                </TableCell>
                <TableCell align="center" sx={{ width: 70 }}>
                  {translate('cans.library.table.order')}
                </TableCell>
                <TableCell align="center" sx={{ width: 150, whiteSpace: 'nowrap' }}>
                  {translate('cans.library.table.age_restriction')}
                </TableCell>
                <TableCell align="right" sx={{ width: 150 }}>
                  {translate('cans.library.table.action')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.rows.map((row) => (
                <LibraryTreeRow
                  key={row.node.id}
                  row={row}
                  expanded={rows.isExpanded(row.node.id)}
                  onToggleExpanded={() => rows.toggle(row.node.id)}
                  reorder={reorder}
                  actions={actions}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
};
