import { useEffect, useState, type FormEvent } from 'react';
import { Datagrid, FunctionField, List, Pagination, TextField, useListContext } from 'react-admin';
import { Box, Button, Chip, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { callApi, formatDate } from './identity-api';
import { ScrollRegion } from '../layout/ScrollRegion';

interface SystemLogRow {
  id: string;
  action: string;
  label: string;
  description: string;
  ip: string | null;
  username: string;
  recordedAt: string;
}

const useActionChoices = () => {
  const [choices, setChoices] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    callApi<Array<{ action: string; label: string }>>('GET', '/system-log/actions').then(
      (actions) => setChoices(actions.map((a) => ({ id: a.action, name: a.label })).sort((a, b) => a.name.localeCompare(b.name))),
      () => setChoices([]),
    );
  }, []);
  return choices;
};

type Criteria = { action: string; ip: string; username: string; from: string; to: string };
const NO_CRITERIA: Criteria = { action: '', ip: '', username: '', from: '', to: '' };

/**
 * Spec §2 "System Log": filters Action, IP, Username and an operation date range, applied by the Search button
 * (not on every key: the list is only asked again when the user says so).
 */
const SystemLogSearch = () => {
  const actions = useActionChoices();
  const { filterValues, setFilters } = useListContext();
  const [criteria, setCriteria] = useState<Criteria>({ ...NO_CRITERIA, ...(filterValues as Partial<Criteria>) });
  const field = (key: keyof Criteria) => ({
    value: criteria[key],
    onChange: (e: { target: { value: string } }) => setCriteria((c) => ({ ...c, [key]: e.target.value })),
    size: 'small' as const,
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters(Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== '')), {});
  };
  const reset = () => {
    setCriteria(NO_CRITERIA);
    setFilters({}, {});
  };
  return (
    <Box component="form" role="search" aria-label="System log" onSubmit={search} sx={{ p: 2 }}>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MuiTextField select label="Action" {...field('action')} sx={{ minWidth: 200 }}>
          <MenuItem value="">
            <em>All actions</em>
          </MenuItem>
          {actions.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField label="IP" {...field('ip')} sx={{ width: 160 }} />
        <MuiTextField label="Username" {...field('username')} sx={{ width: 180 }} />
        <MuiTextField label="Date from" type="date" {...field('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <MuiTextField label="Date to" type="date" {...field('to')} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Search
        </Button>
        <Button onClick={reset}>Reset</Button>
      </Stack>
    </Box>
  );
};

/** Spec §2 "System Log": a table of Action, IP, Username and Operation Date, 20 rows a page. */
export const SystemLogList = () => (
  <List
    title="System Log"
    resource="system-log"
    perPage={20}
    pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
    sort={{ field: 'recordedAt', order: 'DESC' }}
    exporter={false}
    actions={false}
    sx={{ '& .RaList-main': { minWidth: 0 } }}
  >
    <SystemLogSearch />
    <ScrollRegion label="System log entries">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Action" render={(r: SystemLogRow) => <Chip size="small" variant="outlined" label={r.label} />} />
        <TextField source="description" label="Description" sortable={false} />
        <TextField source="ip" label="IP" sortable={false} emptyText="—" />
        <TextField source="username" label="Username" sortable={false} />
        <FunctionField label="Operation Date" sortBy="recordedAt" render={(r: SystemLogRow) => formatDate(r.recordedAt)} />
      </Datagrid>
    </ScrollRegion>
  </List>
);
