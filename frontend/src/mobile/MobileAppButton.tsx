/* The home page's way to the mobile dialog (spec 001 §2). */
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import PhoneIphone from '@mui/icons-material/PhoneIphone';

// The dialog and its QR code library load when the dialog is first opened.
const MobileAppDialog = lazy(() => import('./MobileAppDialog').then((module) => ({ default: module.MobileAppDialog })));

export const MobileAppButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<PhoneIphone />} onClick={() => setOpen(true)} sx={{ mt: 2 }}>
        {translate('cans.mobile.open_dialog')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MobileAppDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
