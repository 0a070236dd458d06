/*
 * Reordering the tree: drag a row onto a sibling (same parent, same kind: domains; modules; questions and texts), or
 * focus its handle and press the arrow keys. Either sends the new order numbers of the affected siblings.
 */
import { DragEvent, KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { displayName } from '../library-tree';
import type { LibraryRow } from './useLibraryRows';

export function useTreeReorder(reorder: (changed: { id: string; order: number }[]) => void, tree: unknown) {
  const translate = useTranslate();
  const [dragged, setDragged] = useState<LibraryRow | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; after: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The handle to focus again once a keyboard move has reloaded the tree (moving rows drops the focus). */
  const refocusHandle = useRef<string | null>(null);
  useEffect(() => {
    if (!refocusHandle.current) return;
    document.querySelector<HTMLElement>(`[data-reorder-handle="${refocusHandle.current}"]`)?.focus();
    refocusHandle.current = null;
  }, [tree]);

  /** Moves the row to `index` among its siblings and sends the changed order numbers. */
  const moveTo = (row: LibraryRow, index: number, fromKeyboard = false) => {
    const without = row.siblings.filter((s) => s !== row.node.id);
    const clamped = Math.max(0, Math.min(index, without.length));
    const ordered = [...without.slice(0, clamped), row.node.id, ...without.slice(clamped)];
    const changed = ordered.map((id, i) => ({ id, order: i + 1 })).filter(({ id, order }) => row.siblings.indexOf(id) + 1 !== order);
    if (changed.length === 0) return;
    if (fromKeyboard) refocusHandle.current = row.node.id;
    setAnnouncement(
      translate('cans.library.page.moved', { name: displayName(row.node), position: clamped + 1, count: row.siblings.length }),
    );
    reorder(changed);
  };

  const sameGroup = (a: LibraryRow | null, b: LibraryRow) => a !== null && a.node.id !== b.node.id && a.siblings === b.siblings;

  const endDrag = () => {
    setDragged(null);
    setDropTarget(null);
  };

  /** Props of a row: drag source and drop target. */
  const rowHandlers = (row: LibraryRow) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLTableRowElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', row.node.id);
      setDragged(row);
    },
    onDragEnd: endDrag,
    onDragOver: (event: DragEvent<HTMLTableRowElement>) => {
      if (!sameGroup(dragged, row)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const box = event.currentTarget.getBoundingClientRect();
      const after = event.clientY > box.top + box.height / 2;
      if (dropTarget?.id !== row.node.id || dropTarget.after !== after) setDropTarget({ id: row.node.id, after });
    },
    onDrop: (event: DragEvent<HTMLTableRowElement>) => {
      event.preventDefault();
      if (dragged && sameGroup(dragged, row)) {
        const without = row.siblings.filter((s) => s !== dragged.node.id);
        moveTo(dragged, without.indexOf(row.node.id) + (dropTarget?.after ? 1 : 0));
      }
      endDrag();
    },
  });

  /** Arrow keys on a row's handle move it up or down among its siblings. */
  const onHandleKey = (row: LibraryRow, event: KeyboardEvent) => {
    const index = row.siblings.indexOf(row.node.id);
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      moveTo(row, index - 1, true);
    } else if (event.key === 'ArrowDown' && index < row.siblings.length - 1) {
      event.preventDefault();
      moveTo(row, index + 1, true);
    }
  };

  return {
    rowHandlers,
    onHandleKey,
    isDragged: (id: string) => dragged?.node.id === id,
    /** Where a dragged row would land relative to this one, if here. */
    dropPosition: (id: string): 'before' | 'after' | null => (dropTarget?.id === id ? (dropTarget.after ? 'after' : 'before') : null),
    announcement,
  };
}
