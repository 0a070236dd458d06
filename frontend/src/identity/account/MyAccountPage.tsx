import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Stack } from '@mui/material';
import { useApiQuery } from '../../providers/useApi';
import { ACCOUNT_PATH, type Account } from './account-record';
import { AssignAccessCard } from './AssignAccessCard';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';

/** Spec §2 "My Account" (/profile/index): own profile, password, Assign Access (not for the administrator). */
export const MyAccountPage = () => {
  const translate = useTranslate();
  const { data: account, error } = useApiQuery<Account>(ACCOUNT_PATH);
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title={translate('cans.identity.account.title')} />
      {error && <Alert severity="error">{error.message}</Alert>}
      {account && (
        <Stack spacing={2}>
          {/* Keyed by revision: after a save the form starts from the saved record. */}
          <ProfileCard account={account} key={account.revision} />
          <PasswordCard />
          {account.canAssignAccess && !account.isAdministrator && <AssignAccessCard />}
        </Stack>
      )}
    </Box>
  );
};
