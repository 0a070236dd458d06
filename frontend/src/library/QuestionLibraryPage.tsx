/*
 * The Question Library screen (spec 002 "Question Library screen", "Library visibility"): a date range with
 * Export Approved Assessments, Add, and a drag-sortable tree of domains → modules → questions and texts with
 * the columns Name, Visible, Caregiver's item, Order, Age Restriction and Action.
 *
 * Reordering: drag a row onto a sibling (same parent, same kind: domains; modules; questions and texts), or focus
 * its handle and press the arrow keys. Either sends the new order numbers of the affected siblings
 * (PUT /api/library/order).
 */
import { DragEvent, KeyboardEvent, ReactElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import { Confirm, Title, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageOf, flattenTree, libraryApi, LibraryItem, LibraryItemType, LibraryTreeNode } from './library-api';
import { deleteAlert, deleteSuccess, libraryMessage, typeLabel, WARNING_TITLE } from './library-messages';
import { LibraryItemDialog, LibraryItemDialogProps } from './LibraryItemDialog';

const TREE_QUERY_KEY = ['library', 'tree'] as const;

/** Read by screen readers, not shown. */
// Pixel strings: in sx a bare 1 would mean 100%.
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, margin: '-1px', padding: 0 } as const;

interface Row {
  node: LibraryTreeNode;
  depth: number;
  /** Ids of the siblings it may be reordered among, in order. */
  siblings: string[];
  hasChildren: boolean;
}

const childrenOf = (node: LibraryTreeNode): LibraryTreeNode[] => [...(node.items ?? []), ...(node.modules ?? [])];

function visibleRows(domains: LibraryTreeNode[], expanded: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const walk = (nodes: LibraryTreeNode[], siblings: string[], depth: number) => {
    for (const node of nodes) {
      const hasChildren = childrenOf(node).length > 0;
      rows.push({ node, depth, siblings, hasChildren });
      if (hasChildren && expanded.has(node.id)) {
        const items = node.items ?? [];
        const modules = node.modules ?? [];
        walk(items, items.map((i) => i.id), depth + 1);
        walk(modules, modules.map((m) => m.id), depth + 1);
      }
    }
  };
  walk(domains, domains.map((d) => d.id), 0);
  return rows;
}

const TYPE_ICON: Record<LibraryItemType, ReactElement> = {
  domain: <FolderOutlined fontSize="small" color="primary" />,
  module: <ViewModuleOutlined fontSize="small" color="secondary" />,
  question: <HelpOutline fontSize="small" color="action" />,
  text: <NotesOutlined fontSize="small" color="action" />,
};

const plainText = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html; // detached element: nothing runs, only text is read
  return (div.textContent ?? '').trim();
};

const displayName = (node: LibraryItem) => (node.type === 'text' ? plainText(node.description) || 'Text' : node.name);

const ageRestriction = (node: LibraryItem) => (node.ageMin === null && node.ageMax === null ? '—' : `${node.ageMin ?? ''}–${node.ageMax ?? ''} years`);

/** Thumb in the middle, outlined: neither on nor off. */
const INDETERMINATE_SWITCH = {
  '& .MuiSwitch-switchBase.Mui-checked': { transform: 'translateX(8px)' },
  '& .MuiSwitch-switchBase.Mui-checked + .MuiSwitch-track': { bgcolor: 'warning.main', opacity: 0.45 },
  '& .MuiSwitch-thumb': { bgcolor: 'common.white', border: '2px solid', borderColor: 'warning.main', boxSizing: 'border-box', boxShadow: 'none' },
} as const;

/** The Visible switch; a parent with only some items visible shows the in-between state (aria-checked="mixed"). */
const VisibleSwitch = ({ node, disabled, onToggle }: { node: LibraryItem; disabled: boolean; onToggle: (visible: boolean) => void }) => {
  const state = node.visibilityState;
  const label = `Visible: ${displayName(node)}`;
  const tip = state === 'indeterminate' ? 'Some items under it are hidden' : state === 'visible' ? 'Visible' : 'Hidden';
  return (
    <Tooltip title={tip}>
      <Switch
        size="small"
        checked={state !== 'hidden'}
        disabled={disabled}
        color={state === 'indeterminate' ? 'warning' : 'primary'}
        onChange={() => onToggle(state !== 'visible')}
        sx={state === 'indeterminate' ? INDETERMINATE_SWITCH : undefined}
        slotProps={{ input: { role: 'switch', 'aria-label': label, 'aria-checked': state === 'indeterminate' ? 'mixed' : state === 'visible' } }}
      />
    </Tooltip>
  );
};

export const QuestionLibraryPage = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery({ queryKey: TREE_QUERY_KEY, queryFn: libraryApi.tree });
  const domains = useMemo(() => data?.domains ?? [], [data]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [dialog, setDialogState] = useState<Pick<LibraryItemDialogProps, 'item' | 'defaults'> | null>(null);
  // Each opening mounts a fresh dialog (key), so its form starts from this item and never shows the last one.
  const [dialogSerial, setDialogSerial] = useState(0);
  const setDialog = (next: Pick<LibraryItemDialogProps, 'item' | 'defaults'> | null) => {
    if (next) setDialogSerial((n) => n + 1);
    setDialogState(next);
  };
  const [deleting, setDeleting] = useState<LibraryItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<Row | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; after: boolean } | null>(null);
  const [range, setRange] = useState({ from: '', to: '' });
  const [announcement, setAnnouncement] = useState('');
  /** The handle to focus again once a keyboard move has reloaded the tree (moving rows drops the focus). */
  const refocusHandle = useRef<string | null>(null);
  useEffect(() => {
    if (!refocusHandle.current) return;
    document.querySelector<HTMLElement>(`[data-reorder-handle="${refocusHandle.current}"]`)?.focus();
    refocusHandle.current = null;
  }, [data]);

  const rows = useMemo(() => visibleRows(domains, expanded), [domains, expanded]);
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: TREE_QUERY_KEY }), [queryClient]);

  const toggleExpanded = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const expandAll = () => setExpanded(new Set(flattenTree(domains).filter((n) => childrenOf(n).length > 0).map((n) => n.id)));

  const run = async (action: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await action();
      if (success) notify(success, { type: 'success' });
    } catch (e) {
      notify(libraryMessage(errorMessageOf(e)), { type: 'error', autoHideDuration: 5000 });
    } finally {
      await reload();
      setBusy(false);
    }
  };

  const setVisible = (node: LibraryItem, visible: boolean) => run(() => libraryApi.setVisible(node.id, visible));

  const setCaregiverItem = (node: LibraryItem, caregiverItem: boolean) =>
    run(
      () =>
        libraryApi.update(node.id, {
          type: node.type,
          name: node.name,
          shortName: node.shortName,
          description: node.description,
          visible: node.visible,
          ageMin: node.ageMin,
          ageMax: node.ageMax,
          caregiverItem,
          revision: node.revision,
        }),
      'Domain was saved successfully.',
    );

  /** Moves `id` to `index` among its siblings and sends the changed order numbers. */
  const moveTo = (row: Row, index: number, fromKeyboard = false) => {
    const without = row.siblings.filter((s) => s !== row.node.id);
    const clamped = Math.max(0, Math.min(index, without.length));
    const ordered = [...without.slice(0, clamped), row.node.id, ...without.slice(clamped)];
    const changed = ordered.map((id, i) => ({ id, order: i + 1 })).filter(({ id, order }) => row.siblings.indexOf(id) + 1 !== order);
    if (changed.length === 0) return;
    if (fromKeyboard) refocusHandle.current = row.node.id;
    setAnnouncement(`${displayName(row.node)} moved to position ${clamped + 1} of ${row.siblings.length}.`);
    void run(() => libraryApi.reorder(changed));
  };

  const onHandleKey = (row: Row, event: KeyboardEvent) => {
    const index = row.siblings.indexOf(row.node.id);
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      moveTo(row, index - 1, true);
    } else if (event.key === 'ArrowDown' && index < row.siblings.length - 1) {
      event.preventDefault();
      moveTo(row, index + 1, true);
    }
  };

  const sameGroup = (a: Row | null, b: Row) => a !== null && a.node.id !== b.node.id && a.siblings === b.siblings;

  const onDragOver = (row: Row, event: DragEvent<HTMLTableRowElement>) => {
    if (!sameGroup(dragged, row)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    if (dropTarget?.id !== row.node.id || dropTarget.after !== after) setDropTarget({ id: row.node.id, after });
  };

  const onDrop = (row: Row, event: DragEvent<HTMLTableRowElement>) => {
    event.preventDefault();
    if (dragged && sameGroup(dragged, row)) {
      const without = row.siblings.filter((s) => s !== dragged.node.id);
      const targetIndex = without.indexOf(row.node.id) + (dropTarget?.after ? 1 : 0);
      moveTo(dragged, targetIndex);
    }
    setDragged(null);
    setDropTarget(null);
  };

  const deleteItem = async () => {
    if (!deleting) return;
    const item = deleting;
    setDeleting(null);
    await run(() => libraryApi.remove(item.id), deleteSuccess(item.type));
  };

  const addUnder = (node: LibraryTreeNode) =>
    setDialog({
      item: null,
      defaults: { type: 'question', domainId: node.type === 'domain' ? node.id : (node.domainId ?? ''), moduleId: node.type === 'module' ? node.id : '' },
    });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Question Library" />
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            Question Library
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField
              label="From"
              type="date"
              size="small"
              value={range.from}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Typography color="text.secondary">–</Typography>
            <TextField
              label="To"
              type="date"
              size="small"
              value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Tooltip title="Available with data exports">
              {/* A disabled button fires no pointer events: the span carries the tooltip. */}
              <span>
                <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled>
                  Export Approved Assessments
                </Button>
              </span>
            </Tooltip>
          </Stack>
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ item: null, defaults: { type: 'domain' } })}>
            Add
          </Button>
        </Stack>
      </Card>

      <Card variant="outlined">
        <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} alignItems="center">
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {data ? `${domains.length} ${domains.length === 1 ? 'domain' : 'domains'} · library version ${data.version}` : ' '}
            {' · Drag rows, or focus a handle and use the arrow keys, to reorder.'}
          </Typography>
          {busy ? <CircularProgress size={16} aria-label="Saving" /> : null}
          <Button size="small" onClick={expandAll} disabled={!data}>
            Expand all
          </Button>
          <Button size="small" onClick={() => setExpanded(new Set())} disabled={!data}>
            Collapse all
          </Button>
        </Stack>
        {isPending ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <CircularProgress />
          </Box>
        ) : error ? (
          <Typography color="error" sx={{ p: 3 }}>
            {errorMessageOf(error)}
          </Typography>
        ) : domains.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            The library is empty. Use Add to create the first domain.
          </Typography>
        ) : (
          <TableContainer tabIndex={0} role="region" aria-label="Question library table">
            <Table size="small" aria-label="Question library" sx={{ tableLayout: 'fixed', minWidth: 960 }}>
              <TableHead>
                <TableRow sx={{ '& th': { fontWeight: 600, bgcolor: 'background.default' } }}>
                  <TableCell>Name</TableCell>
                  <TableCell align="center" sx={{ width: 90 }}>Visible</TableCell>
                  <TableCell align="center" sx={{ width: 140, whiteSpace: 'nowrap' }}>Caregiver&apos;s item</TableCell>
                  <TableCell align="center" sx={{ width: 70 }}>Order</TableCell>
                  <TableCell align="center" sx={{ width: 150, whiteSpace: 'nowrap' }}>Age Restriction</TableCell>
                  <TableCell align="right" sx={{ width: 150 }}>Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const { node, depth } = row;
                  const name = displayName(node);
                  const isDropTarget = dropTarget?.id === node.id;
                  return (
                    <TableRow
                      key={node.id}
                      hover
                      data-testid={`library-row-${node.code}`}
                      draggable
                      onDragStart={(e) => {
                        e.dataTransfer.effectAllowed = 'move';
                        e.dataTransfer.setData('text/plain', node.id);
                        setDragged(row);
                      }}
                      onDragEnd={() => {
                        setDragged(null);
                        setDropTarget(null);
                      }}
                      onDragOver={(e) => onDragOver(row, e)}
                      onDrop={(e) => onDrop(row, e)}
                      sx={{
                        opacity: dragged?.node.id === node.id ? 0.4 : 1,
                        bgcolor: node.type === 'domain' ? (t) => alpha(t.palette.primary.main, 0.04) : undefined,
                        boxShadow: isDropTarget ? (t) => `inset 0 ${dropTarget.after ? -2 : 2}px 0 ${t.palette.primary.main}` : undefined,
                        '& td': { py: 0.5 },
                      }}
                    >
                      <TableCell>
                        <Stack direction="row" alignItems="center" spacing={0.5} sx={{ pl: depth * 3, minWidth: 0 }}>
                          <Tooltip title="Drag to reorder, or focus and press ↑ / ↓">
                            <IconButton
                              size="small"
                              aria-label={`Reorder ${name}`}
                              aria-describedby="library-reorder-help"
                              data-reorder-handle={node.id}
                              onKeyDown={(e) => onHandleKey(row, e)}
                              sx={{ cursor: 'grab', color: 'text.disabled' }}
                            >
                              <DragIndicator fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          {row.hasChildren ? (
                            <IconButton
                              size="small"
                              aria-label={`${expanded.has(node.id) ? 'Collapse' : 'Expand'} ${name}`}
                              aria-expanded={expanded.has(node.id)}
                              onClick={() => toggleExpanded(node.id)}
                            >
                              {expanded.has(node.id) ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                            </IconButton>
                          ) : (
                            <Box sx={{ width: 30 }} />
                          )}
                          <Tooltip title={typeLabel(node.type)}>{TYPE_ICON[node.type]}</Tooltip>
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
                          {node.shortName && node.shortName !== node.name ? <Chip size="small" variant="outlined" label={node.shortName} sx={{ height: 20, fontSize: 11, flexShrink: 0 }} /> : null}
                        </Stack>
                      </TableCell>
                      <TableCell align="center">
                        <VisibleSwitch node={node} disabled={busy} onToggle={(visible) => void setVisible(node, visible)} />
                      </TableCell>
                      <TableCell align="center">
                        {node.type === 'domain' ? (
                          <Switch
                            size="small"
                            checked={node.caregiverItem}
                            disabled={busy}
                            onChange={(e) => void setCaregiverItem(node, e.target.checked)}
                            slotProps={{ input: { role: 'switch', 'aria-label': `Caregiver's item: ${name}` } }}
                          />
                        ) : node.caregiverItem ? (
                          <Chip size="small" label="Caregiver" variant="outlined" color="secondary" sx={{ height: 20, fontSize: 11 }} />
                        ) : (
                          <Typography variant="body2" color="text.disabled">—</Typography>
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
                          <Tooltip title={`Add to ${name}`}>
                            <IconButton size="small" aria-label={`Add to ${name}`} onClick={() => addUnder(node)}>
                              <AddCircleOutline fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                        <Tooltip title="Edit">
                          <IconButton size="small" aria-label={`Edit ${name}`} onClick={() => setDialog({ item: node })}>
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton size="small" aria-label={`Delete ${name}`} color="error" onClick={() => setDeleting(node)}>
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>

      <Box id="library-reorder-help" sx={visuallyHidden}>
        Press the up or down arrow key to move this item among its siblings.
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <LibraryItemDialog
        key={dialogSerial}
        open={dialog !== null}
        item={dialog?.item ?? null}
        defaults={dialog?.defaults}
        domains={domains}
        onClose={() => setDialog(null)}
        onSaved={() => {
          const parent = dialog?.defaults?.moduleId || dialog?.defaults?.domainId;
          if (parent) setExpanded((current) => new Set([...current, parent, dialog?.defaults?.domainId ?? parent]));
          setDialog(null);
          void reload();
        }}
      />
      <Confirm
        isOpen={deleting !== null}
        title={WARNING_TITLE}
        content={deleting ? deleteAlert(deleting.type, displayName(deleting)) : ''}
        confirm="Delete"
        confirmColor="warning"
        onConfirm={() => void deleteItem()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
