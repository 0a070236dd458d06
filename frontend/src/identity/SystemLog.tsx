import { useEffect, useState } from 'react';
import { Datagrid, DateInput, FunctionField, List, Pagination, SelectInput, TextField, TextInput } from 'react-admin';
import { Chip } from '@mui/material';
import { callApi, formatDate } from './identity-api';

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

/** Spec §2 "System Log": filters Action, IP, Username and an operation date range; 20 rows a page. */
export const SystemLogList = () => {
  const actions = useActionChoices();
  const filters = [
    <SelectInput source="action" label="Action" choices={actions} alwaysOn key="action" helperText={false} sx={{ minWidth: 200 }} />,
    <TextInput source="ip" label="IP" alwaysOn key="ip" />,
    <TextInput source="username" label="Username" alwaysOn key="username" />,
    <DateInput source="from" label="Date from" alwaysOn key="from" />,
    <DateInput source="to" label="Date to" alwaysOn key="to" />,
  ];
  return (
    <List
      title="System Log"
      resource="system-log"
      filters={filters}
      perPage={20}
      pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
      sort={{ field: 'recordedAt', order: 'DESC' }}
      exporter={false}
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Action" render={(r: SystemLogRow) => <Chip size="small" variant="outlined" label={r.label} />} />
        <TextField source="description" label="Description" sortable={false} />
        <TextField source="ip" label="IP" sortable={false} emptyText="—" />
        <TextField source="username" label="Username" sortable={false} />
        <FunctionField label="Operation Date" sortBy="recordedAt" render={(r: SystemLogRow) => formatDate(r.recordedAt)} />
      </Datagrid>
    </List>
  );
};
