import type { FormEvent, ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';

/**
 * The frame of a single-value setting screen (spec 002 §2 App Version, Notification): a title, the fields, Cancel
 * back to /library and Save; the server's refusal in plain words above the buttons.
 */
export const SettingForm = ({
  title,
  loading,
  saving,
  failure,
  onSubmit,
  children,
  after,
}: {
  title: string;
  loading: boolean;
  saving: boolean;
  failure: string | null;
  onSubmit: () => void;
  children: ReactNode;
  /** Shown below Save and Cancel (e.g. the test mail, which uses what is saved). */
  after?: ReactNode;
}) => {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <Title title={title} />
      <Card sx={{ mt: 2, maxWidth: 760 }}>
        <CardContent component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h1" variant="h2" gutterBottom>
            {title}
          </Typography>
          {loading ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : children}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/library">
              {translate('ra.action.cancel')}
            </Button>
            <Box>
              <Button type="submit" variant="contained" disabled={loading || saving}>
                {translate('ra.action.save')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
        {/* Outside the form: Enter there does not save. */}
        {after && <CardContent sx={{ px: { xs: 2, sm: 3 }, pt: 0 }}>{after}</CardContent>}
      </Card>
    </>
  );
};
