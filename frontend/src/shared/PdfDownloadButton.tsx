import { useState } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslate } from 'react-admin';
import { saveBlob } from './download';

/** The file name the server gives in Content-Disposition (it keeps children's PIDs out of names). */
function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a PDF the server prepares in its worker pool: "Preparing the PDF…" while it waits, and the server's own
 * words when it refuses — 429 (this user already has files being prepared) or 503 (the server is busy), each saying
 * when to try again — instead of a page of JSON in a new tab.
 */
export const PdfDownloadButton = ({
  href,
  label,
  fallbackName,
}: {
  /** The PDF's address, or how to get it (a report step saves its query first, then downloads that query's PDF). */
  href: string | (() => Promise<string>);
  label: string;
  fallbackName: string;
}) => {
  const translate = useTranslate();
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setPreparing(true);
    setProblem(null);
    try {
      let url: string;
      try {
        url = typeof href === 'string' ? href : await href();
      } catch (error) {
        setProblem(error instanceof Error && error.message ? error.message : translate('cans.download.failed'));
        return;
      }
      const response = await fetch(url, { credentials: 'include', headers: { accept: 'application/pdf, application/json' } });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        setProblem(body.message ?? translate('cans.download.failed'));
        return;
      }
      saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
    } catch {
      setProblem(translate('cans.download.failed'));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <Stack direction="row" alignItems="center" flexWrap="wrap" useFlexGap gap={1}>
      <Button
        variant="outlined"
        startIcon={preparing ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlined />}
        onClick={download}
        disabled={preparing}
        aria-busy={preparing}
      >
        {preparing ? translate('cans.download.preparing') : label}
      </Button>
      {problem && (
        <Alert severity="warning" role="alert" sx={{ py: 0 }}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
};
