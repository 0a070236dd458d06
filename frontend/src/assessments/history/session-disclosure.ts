/*
 * Which of the History's sessions are open. Collapsed by default; Expand all / Collapse all set the default, and a
 * session opened or closed by hand differs from it. The page keeps this state, so it outlives a change of filters
 * (the list unmounts while the filtered history loads) and Expand all still holds for the filtered sessions.
 */
import { useState } from 'react';
import type { HistorySession } from './history-types';

/** A session's name across filters: whose, and when it started. */
export const sessionKey = (session: HistorySession): string => `${session.userId ?? ''}@${session.startedAt}`;

export interface SessionDisclosure {
  isExpanded(key: string): boolean;
  toggle(key: string): void;
  expand(key: string): void;
  setAll(expanded: boolean): void;
}

interface DisclosureState {
  expandedByDefault: boolean;
  /** The sessions opened or closed by hand: the opposite of the default. */
  toggled: ReadonlySet<string>;
}

const flipped = (state: DisclosureState, key: string): DisclosureState => {
  const toggled = new Set(state.toggled);
  if (toggled.has(key)) toggled.delete(key);
  else toggled.add(key);
  return { ...state, toggled };
};

const expandedIn = (state: DisclosureState, key: string): boolean => state.expandedByDefault !== state.toggled.has(key);

export function useSessionDisclosure(): SessionDisclosure {
  const [state, setState] = useState<DisclosureState>({ expandedByDefault: false, toggled: new Set() });
  return {
    isExpanded: (key) => expandedIn(state, key),
    toggle: (key) => setState((current) => flipped(current, key)),
    expand: (key) => setState((current) => (expandedIn(current, key) ? current : flipped(current, key))),
    setAll: (expanded) => setState({ expandedByDefault: expanded, toggled: new Set() }),
  };
}
