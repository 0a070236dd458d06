import { useId } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { VerificationChannel } from '../../providers/authProvider';
import { useCodeStep, type CodeStepOptions } from './useCodeStep';

interface VerificationDialogProps extends CodeStepOptions {
  channels: VerificationChannel[];
  onCancel: () => void;
}

/** Spec §2 "Verification dialog (title Verification Code)": Email/Phone, the code, Get with a 60 s countdown. */
export const VerificationDialog = ({ channels, onCancel, ...options }: VerificationDialogProps) => {
  const translate = useTranslate();
  const step = useCodeStep(options);
  const ids = { channel: useId(), code: useId() };
  const text = (key: string, values?: Record<string, unknown>) => translate(`cans.identity.verification.${key}`, values);
  const phone = channels.find((c) => c.channel === 2);
  const email = channels.find((c) => c.channel === 1);
  const destination = (channel?: VerificationChannel) => (channel?.destination ? ` (${channel.destination})` : '');
  const getCodeLabel = step.countdown > 0 ? text('resend_in', { seconds: step.countdown }) : text(step.sending ? 'sending' : 'get_code');
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={`${ids.code}-title`}
      maxWidth="xs"
      fullWidth
      // A phone keeps the width for the code: the paper's margins shrink from 32 to 16 px.
      slotProps={{ paper: { sx: { mx: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } } } }}
    >
      <Box component="form" noValidate onSubmit={step.confirm}>
        <DialogTitle id={`${ids.code}-title`}>{text('title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {text('intro')}
          </Typography>
          <FormControl component="fieldset" sx={{ mb: 1 }}>
            <FormLabel component="legend" id={ids.channel}>
              {text('send_by')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={ids.channel}
              value={String(step.channel)}
              onChange={(e) => step.setChannel(e.target.value === '2' ? 2 : 1)}
            >
              <FormControlLabel value="1" control={<Radio />} label={`${text('email')}${destination(email)}`} />
              <FormControlLabel value="2" control={<Radio />} label={`${text('phone')}${destination(phone)}`} disabled={!phone?.enabled} />
            </RadioGroup>
            {phone && !phone.enabled && phone.reason && <FormHelperText sx={{ mx: 0 }}>{phone.reason}</FormHelperText>}
          </FormControl>
          {/* Below 600 px the button goes under the field, so the field keeps the dialog's width and its label and error fit. */}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 1.5 }}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <TextField
              id={ids.code}
              label={text('code')}
              value={step.code}
              onChange={(e) => step.typeCode(e.target.value)}
              error={!!step.codeError}
              helperText={step.codeError ?? ' '}
              autoComplete="one-time-code"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'aria-required': true } }}
            />
            <Button
              variant="outlined"
              onClick={step.getCode}
              disabled={step.sending || step.countdown > 0}
              sx={{ minWidth: 128, height: { xs: 44, sm: 56 }, flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            >
              {getCodeLabel}
            </Button>
          </Stack>
          {step.notice && (
            <Alert severity={step.notice.severity} role={step.notice.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 1 }}>
              {step.notice.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>{translate('cans.identity.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={step.confirming}>
            {text(step.confirming ? 'confirming' : 'confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
