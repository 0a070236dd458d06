/*
 * Print and Export to PDF of a wizard's report step (spec 001 §2 "Wizards"): both save the report's query first
 * (POST /api/reports/saved-queries; the same query gives the same id), then Print opens the print view in a new
 * tab and Export to PDF downloads the server's PDF, saying "Preparing the PDF…" while the server's worker pool
 * prepares it and the server's words when it refuses (PdfDownloadButton). The tab is opened at the click, before the
 * save answers, because pop-up blockers allow only windows opened by the click itself.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useApiMutation } from '../../providers/useApi';
import type { ReportQueryRequest, SavedQueryAnswer } from './saved-report-query';
import { PdfDownloadButton } from '../../shared/PdfDownloadButton';

export const ReportExportButtons = ({ request }: { request: ReportQueryRequest }) => {
  const translate = useTranslate();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useApiMutation<ReportQueryRequest, SavedQueryAnswer>((send, body) => send('POST', '/reports/saved-queries', body));

  const print = () => {
    setFailure(null);
    const tab = window.open('about:blank', '_blank');
    save.mutate(request, {
      onSuccess: (answer) => {
        if (tab) tab.location.href = answer.printPath;
        else window.open(answer.printPath, '_blank');
      },
      onError: (error) => {
        tab?.close();
        setFailure(error.message);
      },
    });
  };

  return (
    <>
      <Button variant="outlined" startIcon={<PrintOutlined />} onClick={print} disabled={save.isPending}>
        {translate('cans.reports.actions.print')}
      </Button>
      <PdfDownloadButton
        href={async () => (await save.mutateAsync(request)).pdfPath}
        label={translate('cans.reports.actions.exportPdf')}
        fallbackName="report.pdf"
      />
      {failure && (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
          {failure}
        </Alert>
      )}
    </>
  );
};
