/*
 * The frame every report wizard shares (spec 001 §2 "Wizards"): title, a Stepper, the blocking message, and the
 * buttons — Back / Next before the report step; Back / New Report / Print / Export to PDF on it. The step heading takes focus when the
 * step changes, so keyboard and screen-reader users land on the new step.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Paper, Stack, Step, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ReportExportButtons } from './print/ReportExportButtons';
import type { ReportQueryRequest } from './print/saved-report-query';

export const WizardShell = ({
  title,
  steps,
  active,
  message,
  busy,
  onBack,
  onNext,
  onNewReport,
  reportQuery,
  children,
}: {
  title: string;
  steps: readonly string[];
  /** 0-based index of the step shown. */
  active: number;
  /** The blocking message of the last refused Next, if any. */
  message: string | null;
  busy?: boolean;
  onBack: () => void;
  onNext: () => void;
  onNewReport: () => void;
  /** The report step's query, which Print and Export to PDF save; known once the wizard's choices are made. */
  reportQuery: ReportQueryRequest | null;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const heading = useRef<HTMLHeadingElement>(null);
  const onReportStep = active === steps.length - 1;
  const first = useRef(true);
  useEffect(() => {
    // Not on the first render: the page's own heading is where a new visitor starts.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [active]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Stepper activeStep={active} orientation={narrow ? 'vertical' : 'horizontal'} alternativeLabel={!narrow} sx={{ mb: 2 }}>
        {steps.map((label, index) => (
          <Step key={label} completed={index < active}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ outline: 'none', mb: 1 }}>
          {translate('cans.reports.steps.progress', { step: active + 1, count: steps.length, name: steps[active] })}
        </Typography>
        {message && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            {message}
          </Alert>
        )}
        {children}
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 2 }}>
          {active > 0 && (
            <Button variant="outlined" onClick={onBack} disabled={busy}>
              {translate('cans.reports.actions.back')}
            </Button>
          )}
          {onReportStep ? (
            <>
              <Button variant="contained" onClick={onNewReport}>
                {translate('cans.reports.actions.newReport')}
              </Button>
              {reportQuery && <ReportExportButtons request={reportQuery} />}
            </>
          ) : (
            <Button variant="contained" onClick={onNext} disabled={busy}>
              {translate('cans.reports.actions.next')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
};
