import { useState } from 'react';
import {
  Datagrid,
  DeleteButton,
  List,
  TextField,
  Title,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Button, Stack } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { usePrivilege } from '../../providers/usePrivilege';
import { AgencyDialog } from './AgencyDialog';

/** The server's sentence of a refused delete (an agency in use says why), else react-admin's own. */
const refusalOf = (error: unknown): string | undefined => {
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && message ? message : undefined;
};

const RowActions = ({ onEdit }: { onEdit: (id: string) => void }) => {
  const record = useRecordContext<RaRecord<string>>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Button
        size="small"
        startIcon={<EditOutlined />}
        onClick={() => onEdit(record.id)}
        aria-label={`${translate('ra.action.edit')} ${record.name}`}
      >
        {translate('ra.action.edit')}
      </Button>
      <DeleteButton
        resource="agencies"
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle={translate('cans.administration.agencies.delete_title')}
        confirmContent={translate('cans.administration.agencies.delete_confirm', { name: record.name })}
        mutationOptions={{
          onSuccess: () => notify('cans.administration.agencies.deleted', { type: 'success' }),
          onError: (error: unknown) => notify(refusalOf(error) ?? 'ra.notification.http_error', { type: 'error', autoHideDuration: 8000 }),
        }}
        aria-label={`${translate('ra.action.delete')} ${record.name}`}
      />
    </Stack>
  );
};

/**
 * Agency Management (spec 002 §2, route /setting/agency, privilege Agency): Name and Display Name with Add, Edit
 * and Delete, the form in a dialog. Every signed-in user may read agencies (pickers); only Agency changes them, on
 * the server as here.
 */
export const AgencySettingsPage = () => {
  const translate = useTranslate();
  const canManage = usePrivilege('Agency');
  // null: closed; '': adding; an id: editing that agency.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <>
      <Title title={translate('cans.administration.agencies.title')} />
      <List
        resource="agencies"
        title={<></>}
        disableSyncWithLocation
        empty={false}
        exporter={false}
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          canManage ? (
            <TopToolbar>
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('')}>
                {translate('cans.administration.agencies.add')}
              </Button>
            </TopToolbar>
          ) : (
            false
          )
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label={translate('cans.administration.agencies.fields.name')} />
          <TextField source="displayName" label={translate('cans.administration.agencies.fields.display_name')} />
          {canManage && <RowActions onEdit={setEditing} />}
        </Datagrid>
      </List>
      {editing !== null && <AgencyDialog agencyId={editing || null} onClose={() => setEditing(null)} />}
    </>
  );
};
