/*
 * The home page's mobile dialog (spec 001 §2 "Mobile app QR dialog … with install instructions"). There are no store
 * apps: the web app installs from the browser, so the dialog shows one QR code of the app's address for Android and
 * iOS alike, the steps for each, and the browser's own install offer where there is one.
 */
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Link, Typography } from '@mui/material';
import InstallMobile from '@mui/icons-material/InstallMobile';
import QRCode from 'qrcode';
import { installApp, useInstallableApp } from './installable-app';

/** The QR code as an SVG data URL (an <img> of SVG cannot run script; the CSP allows data: pictures). */
function useQrCode(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (current) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [text]);
  return url;
}

const Steps = ({ title, steps }: { title: string; steps: string }) => (
  <Box>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    <Box component="ol" sx={{ pl: 3, my: 0.5 }}>
      {steps.split('|').map((step) => (
        <Typography key={step} component="li" variant="body2" sx={{ mb: 0.5 }}>
          {step}
        </Typography>
      ))}
    </Box>
  </Box>
);

export const MobileAppDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const text = (key: string, options?: Record<string, string>) => translate(`cans.mobile.${key}`, options);
  const address = `${window.location.origin}/`;
  const qrCode = useQrCode(address);
  const { installOffer } = useInstallableApp();

  const install = async () => {
    if (await installApp()) notify(text('installed'), { type: 'success' });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="mobile-app-title" maxWidth="sm" fullWidth>
      <DialogTitle id="mobile-app-title">{text('title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {text('intro')}
        </Typography>
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {text('scan')}
          </Typography>
          <Box sx={{ width: 200, height: 200, mx: 'auto', my: 1 }}>
            {qrCode && <img src={qrCode} alt={text('qr_alt', { address })} width={200} height={200} />}
          </Box>
          <Typography variant="body2">
            {text('address')}{' '}
            <Link href={address} sx={{ overflowWrap: 'anywhere' }}>
              {address}
            </Link>
          </Typography>
          {installOffer && (
            <Button variant="contained" startIcon={<InstallMobile />} onClick={() => void install()} sx={{ mt: 2 }}>
              {text('install_here')}
            </Button>
          )}
        </Box>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Steps title={text('android_title')} steps={text('android_steps')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Steps title={text('ios_title')} steps={text('ios_steps')} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text('close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
