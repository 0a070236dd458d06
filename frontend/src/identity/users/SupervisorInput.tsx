import { SelectInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useApiQuery } from '../../providers/useApi';
import { ADMINISTRATOR_ID, type UserRecord } from './user-record';

/** Supervisor select: the candidates depend on the chosen group (GET /users/supervisor-options). */
export const SupervisorInput = ({ userId }: { userId?: string }) => {
  const translate = useTranslate();
  const userGroupId: unknown = useWatch({ name: 'userGroupId' });
  const groupId = typeof userGroupId === 'string' && userGroupId ? userGroupId : undefined;
  const query = groupId ? new URLSearchParams({ userGroupId: groupId, ...(userId ? { userId } : {}) }) : undefined;
  const options = useApiQuery<UserRecord[]>(query ? `/users/supervisor-options?${query}` : null);
  const choices = groupId ? (options.data ?? []).map((u) => ({ id: u.id, name: `${u.fullName} (${u.username})` })) : [];
  const isAdministrator = userId === ADMINISTRATOR_ID;
  const hint = !groupId
    ? 'cans.identity.users.supervisor_choose_group_first'
    : choices.length === 0
      ? 'cans.identity.users.supervisor_none'
      : undefined;
  return (
    <SelectInput
      source="supervisorId"
      label={translate('cans.identity.users.fields.supervisor')}
      choices={choices}
      isRequired={!isAdministrator}
      disabled={isAdministrator || !groupId}
      helperText={hint ? translate(hint) : undefined}
      fullWidth
    />
  );
};
