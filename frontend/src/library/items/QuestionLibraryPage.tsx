/*
 * The Question Library screen (spec 002 "Question Library screen", "Library visibility"): a date range with
 * Export Approved Assessments, Add, and a drag-sortable tree of domains → modules → questions and texts with
 * the columns Name, Visible, Caregiver's item, Order, Age Restriction and Action.
 */
import { useState } from 'react';
import { Box } from '@mui/material';
import { Confirm, Title, useTranslate } from 'react-admin';
import { visuallyHidden } from '../../shared/visually-hidden';
import { useLibraryTree, useRefreshLibraryTree } from '../library-api';
import { displayName } from '../library-tree';
import type { LibraryItem, LibraryTreeNode } from '../library-types';
import { LibraryHeader } from './LibraryHeader';
import { LibraryItemDialog, type LibraryItemDialogTarget } from './LibraryItemDialog';
import { LibraryTreeTable } from './LibraryTreeTable';
import { useLibraryItemActions } from './useLibraryItemActions';
import { useLibraryRows } from './useLibraryRows';
import { useTreeReorder } from './useTreeReorder';

const EMPTY: LibraryTreeNode[] = [];

/** The delete confirmation's sentence: deleting a domain or module takes everything under it. */
const useDeleteAlert = () => {
  const translate = useTranslate();
  return (item: LibraryItem) =>
    item.type === 'domain' || item.type === 'module'
      ? translate('cans.library.delete_alert.container', { type: item.type, name: displayName(item) })
      : translate(`cans.library.delete_alert.${item.type}`, { name: displayName(item) });
};

export const QuestionLibraryPage = () => {
  const translate = useTranslate();
  const deleteAlert = useDeleteAlert();
  const tree = useLibraryTree();
  const refreshTree = useRefreshLibraryTree();
  const domains = tree.data?.domains ?? EMPTY;
  const rows = useLibraryRows(domains);
  const actions = useLibraryItemActions();
  const reorder = useTreeReorder(actions.reorder, tree.data);
  const [dialog, setDialogState] = useState<LibraryItemDialogTarget | null>(null);
  // Each opening mounts a fresh dialog (key), so its form starts from this item and never shows the last one.
  const [dialogSerial, setDialogSerial] = useState(0);
  const openDialog = (target: LibraryItemDialogTarget) => {
    setDialogSerial((n) => n + 1);
    setDialogState(target);
  };
  const [deleting, setDeleting] = useState<LibraryItem | null>(null);

  const addUnder = (node: LibraryTreeNode) =>
    openDialog({
      item: null,
      defaults: {
        type: 'question',
        domainId: node.type === 'domain' ? node.id : (node.domainId ?? ''),
        moduleId: node.type === 'module' ? node.id : '',
      },
    });

  const onSaved = () => {
    // Show what was added: open the domain and module it went into.
    const parent = dialog?.defaults?.moduleId || dialog?.defaults?.domainId;
    if (parent) rows.expand(parent, dialog?.defaults?.domainId ?? parent);
    setDialogState(null);
    void refreshTree();
  };

  const confirmDelete = () => {
    if (deleting) actions.remove(deleting);
    setDeleting(null);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('cans.library.page.title')} />
      <LibraryHeader onAdd={() => openDialog({ item: null, defaults: { type: 'domain' } })} />
      <LibraryTreeTable
        tree={tree.data}
        isPending={tree.isPending}
        error={tree.error}
        rows={rows}
        reorder={reorder}
        actions={{
          busy: actions.busy,
          setVisible: actions.setVisible,
          setCaregiverItem: actions.setCaregiverItem,
          addUnder,
          edit: (item) => openDialog({ item }),
          askToDelete: setDeleting,
        }}
      />
      <Box id="library-reorder-help" sx={visuallyHidden}>
        {translate('cans.library.page.reorder_help')}
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {reorder.announcement}
      </Box>
      <LibraryItemDialog
        key={dialogSerial}
        open={dialog !== null}
        item={dialog?.item ?? null}
        defaults={dialog?.defaults}
        domains={domains}
        onClose={() => setDialogState(null)}
        onSaved={onSaved}
      />
      <Confirm
        isOpen={deleting !== null}
        title={translate('cans.library.warning_title')}
        content={deleting ? deleteAlert(deleting) : ''}
        confirm={translate('ra.action.delete')}
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
