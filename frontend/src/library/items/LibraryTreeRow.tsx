import type { KeyboardEvent, ReactElement } from 'react';
import { Box, Chip, IconButton, Stack, Switch, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import { useTranslate } from 'react-admin';
import { displayName } from '../library-tree';
import type { LibraryItem, LibraryItemType, LibraryTreeNode } from '../library-types';
import type { LibraryRow } from './useLibraryRows';
import type { useTreeReorder } from './useTreeReorder';
import { VisibleSwitch } from './VisibleSwitch';

const TYPE_ICON: Record<LibraryItemType, ReactElement> = {
  domain: <FolderOutlined fontSize="small" color="primary" />,
  module: <ViewModuleOutlined fontSize="small" color="secondary" />,
  question: <HelpOutline fontSize="small" color="action" />,
  text: <NotesOutlined fontSize="small" color="action" />,
};

const ageRestriction = (node: LibraryItem) =>
  node.ageMin === null && node.ageMax === null ? '—' : `${node.ageMin ?? ''}–${node.ageMax ?? ''} years`;

/** What a row can ask the page to do. */
export interface LibraryRowActions {
  busy: boolean;
  setVisible: (node: LibraryItem, visible: boolean) => void;
  setCaregiverItem: (node: LibraryItem, caregiverItem: boolean) => void;
  addUnder: (node: LibraryTreeNode) => void;
  edit: (node: LibraryTreeNode) => void;
  /** Opens the delete confirmation. */
  askToDelete: (node: LibraryTreeNode) => void;
}

interface LibraryTreeRowProps {
  row: LibraryRow;
  expanded: boolean;
  onToggleExpanded: () => void;
  reorder: ReturnType<typeof useTreeReorder>;
  actions: LibraryRowActions;
}

export const LibraryTreeRow = ({ row, expanded, onToggleExpanded, reorder, actions }: LibraryTreeRowProps) => {
  const translate = useTranslate();
  const { node, depth } = row;
  const name = displayName(node);
  const drop = reorder.dropPosition(node.id);
  return (
    <TableRow
      hover
      data-testid={`library-row-${node.code}`}
      {...reorder.rowHandlers(row)}
      sx={{
        opacity: reorder.isDragged(node.id) ? 0.4 : 1,
        bgcolor: node.type === 'domain' ? (t) => alpha(t.palette.primary.main, 0.04) : undefined,
        boxShadow: drop ? (t) => `inset 0 ${drop === 'after' ? -2 : 2}px 0 ${t.palette.primary.main}` : undefined,
        '& td': { py: 0.5 },
      }}
    >
      <TableCell>
        <Stack direction="row" alignItems="center" spacing={0.5} sx={{ pl: depth * 3, minWidth: 0 }}>
          <Tooltip title={translate('cans.library.table.drag_hint')}>
            <IconButton
              size="small"
              aria-label={translate('cans.library.table.reorder_named', { name })}
              aria-describedby="library-reorder-help"
              data-reorder-handle={node.id}
              onKeyDown={(e: KeyboardEvent) => reorder.onHandleKey(row, e)}
              sx={{ cursor: 'grab', color: 'text.disabled' }}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          </Tooltip>
          {row.hasChildren ? (
            <IconButton
              size="small"
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
              aria-expanded={expanded}
              onClick={onToggleExpanded}
            >
              {expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 30 }} />
          )}
          <Tooltip title={translate(`cans.library.types.${node.type}`)}>{TYPE_ICON[node.type]}</Tooltip>
          <Typography
            variant="body2"
            noWrap
            sx={{
              fontWeight: node.type === 'domain' ? 600 : node.type === 'module' ? 500 : 400,
              fontStyle: node.type === 'text' ? 'italic' : undefined,
              color: node.visibilityState === 'hidden' ? 'text.disabled' : 'text.primary',
              minWidth: 0,
            }}
            title={name}
          >
            {name}
          </Typography>
          {node.shortName && node.shortName !== node.name ? (
            <Chip size="small" variant="outlined" label={node.shortName} sx={{ height: 20, fontSize: 11, flexShrink: 0 }} />
          ) : null}
        </Stack>
      </TableCell>
      <TableCell align="center">
        <VisibleSwitch node={node} disabled={actions.busy} onToggle={(visible) => actions.setVisible(node, visible)} />
      </TableCell>
      <TableCell align="center">
        {node.type === 'domain' ? (
          <Switch
            size="small"
            checked={node.caregiverItem}
            disabled={actions.busy}
            onChange={(e) => actions.setCaregiverItem(node, e.target.checked)}
            slotProps={{ input: { role: 'switch', 'aria-label': translate('cans.library.table.caregiver_item_named', { name }) } }}
          />
        ) : node.caregiverItem ? (
          <Chip
            size="small"
            label={translate('cans.library.table.caregiver')}
            variant="outlined"
            color="secondary"
            sx={{ height: 20, fontSize: 11 }}
          />
        ) : (
          <Typography variant="body2" color="text.disabled">
            —
          </Typography>
        )}
      </TableCell>
      <TableCell align="center">{node.order}</TableCell>
      <TableCell align="center">
        <Typography variant="body2" color={node.ageMin === null ? 'text.disabled' : 'text.primary'}>
          {ageRestriction(node)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {node.type === 'domain' || node.type === 'module' ? (
          <Tooltip title={translate('cans.library.table.add_to_named', { name })}>
            <IconButton
              size="small"
              aria-label={translate('cans.library.table.add_to_named', { name })}
              onClick={() => actions.addUnder(node)}
            >
              <AddCircleOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title={translate('cans.library.table.edit')}>
          <IconButton size="small" aria-label={translate('cans.library.table.edit_named', { name })} onClick={() => actions.edit(node)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('cans.library.table.delete')}>
          <IconButton
            size="small"
            aria-label={translate('cans.library.table.delete_named', { name })}
            color="error"
            onClick={() => actions.askToDelete(node)}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
};
