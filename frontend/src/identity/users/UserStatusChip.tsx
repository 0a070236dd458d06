import { useRecordContext, useTranslate } from 'react-admin';
import { StatusChip, type StatusTone } from '../../shared/StatusChip';
import { USER_STATUS } from '../identity-model';
import type { UserRecord } from './user-record';

const TONES: Record<number, StatusTone> = {
  [USER_STATUS.Active]: 'green',
  [USER_STATUS.Inactive]: 'grey',
  [USER_STATUS.Lock]: 'red',
  [USER_STATUS.PendingApproval]: 'amber',
};

/** The user's status in the one status chip; only Active is filled (the others need a look). */
export const UserStatusChip = () => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate(`cans.identity.users.status.${record.status}`, { _: record.statusLabel });
  return <StatusChip label={label} tone={TONES[record.status] ?? 'grey'} outlined={record.status !== USER_STATUS.Active} />;
};
