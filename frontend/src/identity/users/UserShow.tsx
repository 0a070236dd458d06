import { FunctionField, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../shared/format';
import type { UserRecord } from './user-record';
import { UserStatusChip } from './UserStatusChip';

/** "User — Name", the title of the user's edit and show pages. */
export const UserTitle = () => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  return (
    <span>{record ? translate('cans.identity.users.title_name', { name: record.fullName }) : translate('cans.identity.users.title')}</span>
  );
};

/** Read-only view for User_View without User_Actions. */
export const UserShow = () => {
  const translate = useTranslate();
  const label = (key: string) => translate(`cans.identity.users.fields.${key}`);
  return (
    <Show title={<UserTitle />}>
      <SimpleShowLayout>
        <TextField source="fullName" label={label('name')} />
        <TextField source="username" label={label('username')} />
        <TextField source="email" label={label('email')} />
        <TextField source="phone" label={label('phone')} emptyText="—" />
        <FunctionField label={label('status')} render={() => <UserStatusChip />} />
        <TextField source="groupName" label={label('user_group')} />
        <TextField source="supervisorName" label={label('supervisor')} emptyText="—" />
        <TextField source="agencyName" label={label('agency')} emptyText="—" />
        <TextField source="externalId" label={label('external_id')} emptyText="—" />
        <FunctionField
          label={label('expiration_date')}
          render={(r: UserRecord) => formatDate(r.expirationDate) || translate('cans.identity.never')}
        />
      </SimpleShowLayout>
    </Show>
  );
};
