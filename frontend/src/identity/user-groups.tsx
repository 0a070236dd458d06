import { Fragment, useEffect, useMemo, useState } from 'react';
import {
  BooleanInput,
  Create,
  DeleteButton,
  Edit,
  EditButton,
  List,
  RecordContextProvider,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  CreateButton,
  maxLength,
  required,
  useGetIdentity,
  useInput,
  useListContext,
  ValidationError,
} from 'react-admin';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  FormHelperText,
} from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import { callApi, type PrivilegeOption } from './identity-api';
import { useSavedNotice } from './useSavedNotice';
import { WithFieldErrors } from './WithFieldErrors';
import { ScrollRegion } from '../layout/ScrollRegion';

export interface UserGroupRecord {
  id: string;
  name: string;
  description: string;
  parentGroupId: string | null;
  parentGroupName: string | null;
  reportsToParent: boolean;
  privileges: string[];
  builtIn: boolean;
  memberCount: number;
}

export interface GroupNode<T extends { id: string; parentGroupId: string | null }> {
  group: T;
  depth: number;
  children: GroupNode<T>[];
}

/** Builds the tree from the flat list (parentGroupId); orphans become roots. */
export function buildGroupTree<T extends { id: string; parentGroupId: string | null; name: string }>(groups: T[]): GroupNode<T>[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const childrenOf = new Map<string | null, T[]>();
  for (const g of groups) {
    const parent = g.parentGroupId && byId.has(g.parentGroupId) ? g.parentGroupId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), g]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): GroupNode<T>[] =>
    (childrenOf.get(parent) ?? [])
      .filter((g) => !seen.has(g.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => ({ group: g, depth, children: build(g.id, depth + 1, new Set([...seen, g.id])) }));
  return build(null, 0, new Set());
}

/** The group tree of the User Management screen: choosing a group filters the users. */
export const GroupTreePicker = ({ groups, selected, onSelect }: { groups: UserGroupRecord[]; selected?: string; onSelect: (id: string | undefined) => void }) => {
  const tree = useMemo(() => buildGroupTree(groups), [groups]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const render = (nodes: GroupNode<UserGroupRecord>[]): React.ReactNode =>
    nodes.map((node) => (
      <Fragment key={node.group.id}>
        {/* The expand button sits beside the group's button, not inside it (no control within a control). */}
        <ListItem disablePadding dense sx={{ pl: node.depth * 2 }}>
          <Box sx={{ width: 28, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
            {node.children.length > 0 ? (
              <IconButton
                size="small"
                aria-label={collapsed.has(node.group.id) ? `Expand ${node.group.name}` : `Collapse ${node.group.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setCollapsed((c) => {
                    const next = new Set(c);
                    if (next.has(node.group.id)) next.delete(node.group.id);
                    else next.add(node.group.id);
                    return next;
                  });
                }}
              >
                {collapsed.has(node.group.id) ? <ChevronRight fontSize="small" /> : <ExpandMore fontSize="small" />}
              </IconButton>
            ) : null}
          </Box>
          <ListItemButton
            selected={selected === node.group.id}
            aria-current={selected === node.group.id ? 'true' : undefined}
            onClick={() => onSelect(selected === node.group.id ? undefined : node.group.id)}
            sx={{ py: 0.25, pl: 0.5 }}
            dense
          >
            <ListItemText primary={node.group.name} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItemButton>
        </ListItem>
        {!collapsed.has(node.group.id) && render(node.children)}
      </Fragment>
    ));
  return (
    <MuiList dense aria-label="User groups" sx={{ maxHeight: 600, overflow: 'auto' }}>
      <ListItem disablePadding dense>
        <ListItemButton selected={!selected} aria-current={!selected ? 'true' : undefined} onClick={() => onSelect(undefined)} dense>
          <ListItemText primary="All groups" slotProps={{ primary: { variant: 'body2', fontWeight: 600 } }} />
        </ListItemButton>
      </ListItem>
      {render(tree)}
    </MuiList>
  );
};

const useCanManageGroups = () => {
  const { identity } = useGetIdentity();
  return !!identity?.canManageUserGroups;
};

const GroupTreeTable = () => {
  const { data, isPending } = useListContext<UserGroupRecord>();
  const canManage = useCanManageGroups();
  const rows = useMemo(() => {
    const flat: GroupNode<UserGroupRecord>[] = [];
    const walk = (nodes: GroupNode<UserGroupRecord>[]) => nodes.forEach((n) => (flat.push(n), walk(n.children)));
    walk(buildGroupTree(data ?? []));
    return flat;
  }, [data]);
  if (isPending) return null;
  return (
    <ScrollRegion label="User groups table">
      <Table size="small" aria-label="User group tree">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Report to Parent Group</TableCell>
            <TableCell align="right">Users</TableCell>
            <TableCell align="right">Privileges</TableCell>
            {canManage && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ group, depth }) => (
            <RecordContextProvider value={group} key={group.id}>
              <TableRow hover>
                <TableCell sx={{ pl: 2 + depth * 3 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {depth > 0 && <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>└</Box>}
                    <Typography variant="body2" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>{group.name}</Typography>
                    {group.builtIn && <Chip size="small" label="Built-in" variant="outlined" />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ color: 'text.secondary', maxWidth: 320 }}>{group.description}</TableCell>
                <TableCell>{group.reportsToParent ? 'Yes' : 'No'}</TableCell>
                <TableCell align="right">{group.memberCount}</TableCell>
                <TableCell align="right">{group.privileges.length}</TableCell>
                {canManage && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <EditButton />
                    {!group.builtIn && (
                      <DeleteButton
                        mutationMode="pessimistic"
                        successMessage="The user group was deleted successfully."
                        confirmTitle="Warning"
                        confirmContent={`Delete the user group "${group.name}"?`}
                      />
                    )}
                  </TableCell>
                )}
              </TableRow>
            </RecordContextProvider>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};

const GroupListActions = () => {
  const canManage = useCanManageGroups();
  return <TopToolbar>{canManage && <CreateButton label="Add User Group" />}</TopToolbar>;
};

export const UserGroupList = () => (
  <List title="User Groups" perPage={500} pagination={false} sort={{ field: 'name', order: 'ASC' }} actions={<GroupListActions />} exporter={false} sx={{ '& .RaList-main': { minWidth: 0 } }}>
    <GroupTreeTable />
  </List>
);

export const PRIVILEGES_REQUIRED = 'Please select at least one privilege.';
const atLeastOnePrivilege = (value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : PRIVILEGES_REQUIRED);

/** Spec §5: privileges through a two-list transfer, 'Access Privileges' and 'Selected'. */
export const PrivilegeTransferInput = ({ source = 'privileges' }: { source?: string }) => {
  const { field, fieldState, formState } = useInput({ source, validate: atLeastOnePrivilege, defaultValue: [] });
  const [all, setAll] = useState<PrivilegeOption[]>([]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  useEffect(() => {
    callApi<PrivilegeOption[]>('GET', '/privileges').then(setAll, () => setAll([]));
  }, []);
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const available = all.filter((p) => !selected.includes(p.id));
  const chosen = all.filter((p) => selected.includes(p.id));
  const toggle = (id: string) =>
    setChecked((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const move = (ids: string[], add: boolean) => {
    field.onChange(add ? [...selected, ...ids] : selected.filter((id) => !ids.includes(id)));
    field.onBlur();
    setChecked((c) => new Set([...c].filter((id) => !ids.includes(id))));
  };
  const column = (title: string, items: PrivilegeOption[]) => (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 240 }}>
      <Typography variant="subtitle2" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
        {title} ({items.length})
      </Typography>
      <MuiList dense aria-label={title} sx={{ height: 300, overflow: 'auto' }}>
        {items.map((p) => {
          const inputId = `privilege-${title.replace(/\W+/g, '-')}-${p.id}`;
          return (
            <ListItem key={p.id} dense sx={{ py: 0, alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <Checkbox edge="start" size="small" checked={checked.has(p.id)} onChange={() => toggle(p.id)} slotProps={{ input: { id: inputId, 'aria-label': p.id } }} />
              </ListItemIcon>
              <ListItemText
                primary={<label htmlFor={inputId} style={{ cursor: 'pointer' }}>{p.id}</label>}
                secondary={p.description}
                slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
                sx={{ my: 0.75 }}
              />
            </ListItem>
          );
        })}
      </MuiList>
    </Paper>
  );
  const showError = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted || fieldState.error.type === 'server');
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Typography variant="subtitle1" sx={{ mt: 2, mb: 1 }}>Privileges *</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        {column('Access Privileges', available)}
        <Stack spacing={1}>
          <Tooltip title="Add the checked privileges">
            <span>
              <Button variant="outlined" size="small" aria-label="Add selected privileges" endIcon={<KeyboardArrowRight />}
                disabled={!available.some((p) => checked.has(p.id))} onClick={() => move(available.filter((p) => checked.has(p.id)).map((p) => p.id), true)}>
                Add
              </Button>
            </span>
          </Tooltip>
          <Tooltip title="Remove the checked privileges">
            <span>
              <Button variant="outlined" size="small" aria-label="Remove selected privileges" startIcon={<KeyboardArrowLeft />}
                disabled={!chosen.some((p) => checked.has(p.id))} onClick={() => move(chosen.filter((p) => checked.has(p.id)).map((p) => p.id), false)}>
                Remove
              </Button>
            </span>
          </Tooltip>
        </Stack>
        {column('Selected', chosen)}
      </Stack>
      <FormHelperText error={showError} role={showError ? 'alert' : undefined} sx={{ mx: 0 }}>
        {/* react-admin keeps a validator's message serialised for translation: ValidationError shows it as text. */}
        {showError ? <ValidationError error={fieldState.error?.message || PRIVILEGES_REQUIRED} /> : 'Check privileges and move them between the lists.'}
      </FormHelperText>
    </Box>
  );
};

const GroupFormToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

const ParentGroupInput = () => (
  <ReferenceInput source="parentGroupId" reference="user-groups" perPage={500} sort={{ field: 'name', order: 'ASC' }}>
    <SelectInput optionText="name" label="Parent group" emptyText="None (top level)" fullWidth />
  </ReferenceInput>
);

const GroupForm = () => (
  <SimpleForm toolbar={<GroupFormToolbar />} sx={{ maxWidth: 960 }}>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <TextInput source="name" label="User group name" validate={[required('User group name is required.'), maxLength(1000)]} fullWidth />
      <ParentGroupInput />
    </Stack>
    <TextInput source="description" label="Description" multiline minRows={2} validate={maxLength(1000)} fullWidth sx={{ maxWidth: 900 }} />
    <BooleanInput source="reportsToParent" label="Report to Parent Group" helperText="Members of the parent group see this group's records." />
    <PrivilegeTransferInput />
  </SimpleForm>
);

export const UserGroupCreate = () => {
  const saved = useSavedNotice('user-groups', 'The user group was saved successfully.');
  return (
    <WithFieldErrors>
      <Create title="Add User Group" mutationOptions={saved}>
        <GroupForm />
      </Create>
    </WithFieldErrors>
  );
};

export const UserGroupEdit = () => {
  const saved = useSavedNotice('user-groups', 'The user group was saved successfully.');
  return (
    <WithFieldErrors>
      <Edit title="Edit User Group" mutationMode="pessimistic" mutationOptions={saved}>
        <GroupForm />
      </Edit>
    </WithFieldErrors>
  );
};
