import { useState, type FormEvent } from 'react';
import { Datagrid, FunctionField, List, Pagination, TextField, useListContext, useTranslate } from 'react-admin';
import { Box, Button, Chip, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ScrollRegion } from '../layout/ScrollRegion';
import { useApiQuery } from '../providers/useApi';
import { formatDateTime } from '../shared/format';

interface SystemLogRow {
  id: string;
  action: string;
  label: string;
  description: string;
  ip: string | null;
  username: string;
  recordedAt: string;
}

interface LoggedAction {
  action: string;
  label: string;
}

/** The actions the log knows (GET /system-log/actions), by label. */
const useActionChoices = () =>
  useApiQuery<LoggedAction[]>('/system-log/actions', {
    select: (actions) => actions.map((a) => ({ action: a.action, label: a.label })).sort((a, b) => a.label.localeCompare(b.label)),
  }).data ?? [];

type Criteria = { action: string; ip: string; username: string; from: string; to: string };
const NO_CRITERIA: Criteria = { action: '', ip: '', username: '', from: '', to: '' };

/**
 * Spec §2 "System Log": filters Action, IP, Username and an operation date range, applied by the Search button
 * (not on every key: the list is only asked again when the user says so).
 */
const SystemLogSearch = () => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.identity.system_log.${key}`);
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
    <Box component="form" role="search" aria-label={text('search_label')} onSubmit={search} sx={{ p: 2 }}>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MuiTextField select label={text('fields.action')} {...field('action')} sx={{ minWidth: 200 }}>
          <MenuItem value="">
            <em>{text('all_actions')}</em>
          </MenuItem>
          {actions.map((a) => (
            <MenuItem key={a.action} value={a.action}>
              {a.label}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField label={text('fields.ip')} {...field('ip')} sx={{ width: 160 }} />
        <MuiTextField label={text('fields.username')} {...field('username')} sx={{ width: 180 }} />
        <MuiTextField label={text('fields.from')} type="date" {...field('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <MuiTextField label={text('fields.to')} type="date" {...field('to')} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {text('search')}
        </Button>
        <Button onClick={reset}>{text('reset')}</Button>
      </Stack>
    </Box>
  );
};

/** Spec §2 "System Log": a table of Action, IP, Username and Operation Date, 20 rows a page. */
export const SystemLogList = () => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.identity.system_log.${key}`);
  return (
    <List
      title={text('title')}
      resource="system-log"
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
      sort={{ field: 'recordedAt', order: 'DESC' }}
      exporter={false}
      actions={false}
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <SystemLogSearch />
      <ScrollRegion label={text('entries_label')}>
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label={text('fields.action')}
            render={(r: SystemLogRow) => <Chip size="small" variant="outlined" label={r.label} />}
          />
          <TextField source="description" label={text('fields.description')} sortable={false} />
          <TextField source="ip" label={text('fields.ip')} sortable={false} emptyText="—" />
          <TextField source="username" label={text('fields.username')} sortable={false} />
          <FunctionField
            label={text('fields.operation_date')}
            sortBy="recordedAt"
            render={(r: SystemLogRow) => formatDateTime(r.recordedAt, { seconds: true })}
          />
        </Datagrid>
      </ScrollRegion>
    </List>
  );
};
