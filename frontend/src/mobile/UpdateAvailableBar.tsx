/* The bar that says a new version of the app is ready (the service worker holds it until the user reloads). */
import { useTranslate } from 'react-admin';
import { Button, Snackbar } from '@mui/material';
import { reloadToUpdate, useInstallableApp } from './installable-app';

export const UpdateAvailableBar = () => {
  const translate = useTranslate();
  const { updateWaiting } = useInstallableApp();
  return (
    <Snackbar
      open={updateWaiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={translate('cans.mobile.update_waiting')}
      action={
        <Button color="inherit" size="small" onClick={reloadToUpdate}>
          {translate('cans.mobile.reload')}
        </Button>
      }
    />
  );
};
