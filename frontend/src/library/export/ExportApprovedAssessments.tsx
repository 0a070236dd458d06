/*
 * The Library screen's "Export Approved Assessments" (spec 002 §2 Question Library screen: a date range picker and
 * Export Approved Assessments): the range of the date of assessment, an optional address to mail the file to, and
 * the button. A form, so Enter submits from any field; the outcome is announced (role status / alert).
 */
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, TextField } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useApprovedAssessmentExport } from './useApprovedAssessmentExport';

export const ExportApprovedAssessments = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`cans.library.page.${key}`);
  const [request, setRequest] = useState({ from: '', to: '', email: '' });
  const exporter = useApprovedAssessmentExport();
  const change = (field: keyof typeof request) => (event: { target: { value: string } }) => {
    setRequest((current) => ({ ...current, [field]: event.target.value }));
    exporter.clear();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void exporter.run({ ...request, email: request.email.trim() });
  };
  const fieldProps = (field: 'from' | 'to') => ({
    id: `library-export-${field}`,
    label: t(field),
    type: 'date',
    size: 'small' as const,
    required: true,
    value: request[field],
    onChange: change(field),
    error: !!exporter.fieldErrors[field],
    slotProps: { inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } },
    sx: { width: { xs: '100%', sm: 170 } },
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('export_form')} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField {...fieldProps('from')} />
        <TextField {...fieldProps('to')} />
        <TextField
          id="library-export-email"
          label={t('export_mail_to')}
          type="email"
          size="small"
          value={request.email}
          onChange={change('email')}
          error={!!exporter.fieldErrors.email}
          helperText={exporter.fieldErrors.email ?? t('export_mail_help')}
          autoComplete="email"
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <Button type="submit" variant="outlined" startIcon={<FileDownloadOutlined />} disabled={exporter.busy} sx={{ minHeight: 40 }}>
          {t('export')}
        </Button>
      </Box>
      {exporter.status && (
        <Alert severity={exporter.status.severity} role={exporter.status.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 1 }}>
          {exporter.status.text}
        </Alert>
      )}
    </Box>
  );
};
