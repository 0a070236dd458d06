import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, IconButton, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { buildGroupTree, type GroupNode } from './group-tree';
import type { UserGroupRecord } from './user-group-record';

interface GroupTreePickerProps {
  groups: UserGroupRecord[];
  selected?: string;
  onSelect: (id: string | undefined) => void;
}

/** The group tree of the User Management screen: choosing a group filters the users. */
export const GroupTreePicker = ({ groups, selected, onSelect }: GroupTreePickerProps) => {
  const translate = useTranslate();
  const tree = useMemo(() => buildGroupTree(groups), [groups]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const render = (nodes: GroupNode<UserGroupRecord>[]): ReactNode =>
    nodes.map(({ group, depth, children }) => (
      <Fragment key={group.id}>
        {/* The expand button sits beside the group's button, not inside it (no control within a control). */}
        <ListItem disablePadding dense sx={{ pl: depth * 2 }}>
          <Box sx={{ width: 28, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
            {children.length > 0 ? (
              <IconButton
                size="small"
                aria-label={translate(collapsed.has(group.id) ? 'cans.identity.user_groups.expand' : 'cans.identity.user_groups.collapse', {
                  name: group.name,
                })}
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(group.id);
                }}
              >
                {collapsed.has(group.id) ? <ChevronRight fontSize="small" /> : <ExpandMore fontSize="small" />}
              </IconButton>
            ) : null}
          </Box>
          <ListItemButton
            selected={selected === group.id}
            aria-current={selected === group.id ? 'true' : undefined}
            onClick={() => onSelect(selected === group.id ? undefined : group.id)}
            sx={{ py: 0.25, pl: 0.5 }}
            dense
          >
            <ListItemText primary={group.name} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItemButton>
        </ListItem>
        {!collapsed.has(group.id) && render(children)}
      </Fragment>
    ));
  return (
    <List dense aria-label={translate('cans.identity.user_groups.tree_label')} sx={{ maxHeight: 600, overflow: 'auto' }}>
      <ListItem disablePadding dense>
        <ListItemButton selected={!selected} aria-current={!selected ? 'true' : undefined} onClick={() => onSelect(undefined)} dense>
          <ListItemText
            primary={translate('cans.identity.user_groups.all_groups')}
            slotProps={{ primary: { variant: 'body2', fontWeight: 600 } }}
          />
        </ListItemButton>
      </ListItem>
      {render(tree)}
    </List>
  );
};
