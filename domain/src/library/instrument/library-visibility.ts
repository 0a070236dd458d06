/**
 * The library's visible switch (spec 002 §4 "Library visibility"):
 * - toggling a domain sets all its modules and questions (and texts); toggling a module sets its questions
 *   (and nested modules); toggling a question sets only itself;
 * - a parent shows indeterminate when only some children are visible, and hidden when none are.
 *
 * Addition: switching a node ON also switches its domain and enclosing modules on, because a node under a hidden
 * parent is never shown (the parent's displayed state is then derived from its children as above).
 */
import { Domain, Instrument, Item, LibraryNode, Module } from './instrument.types';

export type VisibilityState = 'visible' | 'indeterminate' | 'hidden';

/** updateVisible type codes (spec constants: 1 domain, 2 module, 3 question; texts are questions). */
export function updateVisibleType(kind: LibraryNode['kind']): 1 | 2 | 3 {
  return kind === 'domain' ? 1 : kind === 'module' ? 2 : 3;
}

function setItem(item: Item, visible: boolean): Item {
  return item.visible === visible ? item : { ...item, visible };
}

function setModuleDeep(module: Module, visible: boolean): Module {
  return {
    ...module,
    visible,
    items: module.items.map((i) => setItem(i, visible)),
    modules: module.modules.map((m) => setModuleDeep(m, visible)),
  };
}

/** Applies the switch under `container`; returns it unchanged (same object) when `code` is not under it. */
function applyIn<C extends Domain | Module>(container: C, code: string, visible: boolean): C {
  let found = false;
  const items = container.items.map((i) => {
    if (i.code !== code) return i;
    found = true;
    return setItem(i, visible);
  });
  const modules = container.modules.map((m) => {
    if (m.code === code) {
      found = true;
      return setModuleDeep(m, visible);
    }
    const next = applyIn(m, code, visible);
    if (next !== m) found = true;
    return next;
  });
  if (!found) return container;
  return { ...container, items, modules, ...(visible ? { visible: true } : {}) };
}

/** Returns a new instrument with the switch applied; unknown codes leave it unchanged. */
export function setVisible(instrument: Instrument, code: string, visible: boolean): Instrument {
  const domains = instrument.domains.map((d) => {
    if (d.code === code) {
      return { ...d, visible, items: d.items.map((i) => setItem(i, visible)), modules: d.modules.map((m) => setModuleDeep(m, visible)) };
    }
    return applyIn(d, code, visible);
  });
  return { ...instrument, domains };
}

function leaves(container: Domain | Module): Item[] {
  return [...container.items, ...container.modules.flatMap((m) => leaves(m))];
}

/**
 * Displayed state of a domain or module from the questions and texts under it: all visible → 'visible', none →
 * 'hidden', some → 'indeterminate'. A container without any item shows its own switch.
 */
export function visibilityState(container: Domain | Module): VisibilityState {
  const all = leaves(container);
  if (all.length === 0) return container.visible ? 'visible' : 'hidden';
  const shown = all.filter((i) => i.visible).length;
  if (!container.visible || shown === 0) return 'hidden';
  return shown === all.length ? 'visible' : 'indeterminate';
}
