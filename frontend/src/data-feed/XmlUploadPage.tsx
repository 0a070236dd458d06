/*
 * Data Feed (manual XML upload), spec 002 §2 "/xmlbyhandtosftp" and §4 "Data feed": a start and an end date, Submit
 * (needs both, else nothing is sent) uploads the XML of the approved assessments of that range to the SFTP server;
 * Update Date (needs the end date) makes the end date the configured assessment date the daily feed starts from.
 * Super admin only: the server refuses everyone else, and the page says so.
 */
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { ApiError } from '../providers/api-error';
import { useApiMutation, useApiQuery, useRefreshApi } from '../providers/useApi';
import { useSuperAdmin } from '../providers/useSuperAdmin';

interface XmlFeedStatus {
  assessmentDate: string | null;
  from: string | null;
  to: string | null;
  sftpServerSaved: boolean;
}

interface UploadAnswer {
  delivered: boolean;
  message: string;
}

type Field = 'startDateFullTime' | 'endDateFullTime';
type Notice = { severity: 'success' | 'error'; text: string } | null;

const STATUS_PATH = '/data-feed/xml';
/** The spec's value format: whole days, from the first to the last second. */
const fullTime = (day: string, end: boolean) => `${day} ${end ? '23:59:59' : '00:00:00'}`;

export const XmlUploadPage = () => {
  const translate = useTranslate();
  const refresh = useRefreshApi();
  // The page asks only when the server will answer (a refused read would end in react-admin's permission toast).
  const superAdminAnswer = useSuperAdmin();
  const superAdmin = superAdminAnswer === true;
  const status = useApiQuery<XmlFeedStatus>(superAdmin ? STATUS_PATH : null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const onError = (error: ApiError) => {
    setErrors(error.fieldErrors);
    setNotice({ severity: 'error', text: error.message });
  };
  const upload = useApiMutation<void, UploadAnswer>(
    (send) => send('POST', '/data-feed/xml/upload', { startDateFullTime: fullTime(start, false), endDateFullTime: fullTime(end, true) }),
    { onSuccess: (answer) => setNotice({ severity: answer.delivered ? 'success' : 'error', text: answer.message }), onError },
  );
  const updateDate = useApiMutation<void, { message: string }>(
    (send) => send('PUT', '/data-feed/xml/assessment-date', { endDateFullTime: fullTime(end, false) }),
    {
      onSuccess: (answer) => {
        setNotice({ severity: 'success', text: answer.message });
        void refresh(STATUS_PATH);
      },
      onError,
    },
  );
  const busy = upload.isPending || updateDate.isPending;

  const submit = () => {
    setNotice(null);
    const missing: Partial<Record<Field, string>> = {};
    if (!start) missing.startDateFullTime = translate('cans.data_feed.xml.range_required');
    if (!end) missing.endDateFullTime = translate('cans.data_feed.xml.range_required');
    setErrors(missing);
    if (Object.keys(missing).length === 0) upload.mutate();
  };
  const update = () => {
    setNotice(null);
    if (!end) return setErrors({ endDateFullTime: translate('cans.data_feed.xml.end_required') });
    setErrors({});
    updateDate.mutate();
  };

  if (superAdminAnswer === false)
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('cans.data_feed.xml.title')} />
        <Alert severity="warning">{translate('cans.data_feed.xml.super_admin_only')}</Alert>
      </Box>
    );

  const dateField = (field: Field, label: string, value: string, setValue: (day: string) => void) => (
    <TextField
      id={field}
      type="date"
      label={translate(label)}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        setErrors((current) => ({ ...current, [field]: undefined }));
      }}
      error={!!errors[field]}
      helperText={errors[field] ?? ' '}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    />
  );

  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('cans.data_feed.xml.title')} />
      <Typography component="h1" variant="h2" gutterBottom>
        {translate('cans.data_feed.xml.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{translate('cans.data_feed.xml.intro')}</Typography>
      {status.data && (
        <Typography sx={{ mb: 2 }} color="text.secondary" data-testid="xml-feed-range">
          {status.data.assessmentDate
            ? translate('cans.data_feed.xml.daily_range', { from: status.data.from, to: status.data.to })
            : translate('cans.data_feed.xml.no_date')}
          {!status.data.sftpServerSaved && (
            <>
              {` ${translate('cans.data_feed.xml.no_server')} `}
              <Link component={RouterLink} to="/setting/sftpServer">
                {translate('cans.administration.sftp_server.open')}
              </Link>
            </>
          )}
        </Typography>
      )}
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
        {dateField('startDateFullTime', 'cans.data_feed.xml.start', start, setStart)}
        {dateField('endDateFullTime', 'cans.data_feed.xml.end', end, setEnd)}
      </Stack>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {translate('cans.data_feed.xml.submit')}
        </Button>
        <Button variant="outlined" onClick={update} disabled={busy}>
          {translate('cans.data_feed.xml.update_date')}
        </Button>
      </Stack>
    </Box>
  );
};
