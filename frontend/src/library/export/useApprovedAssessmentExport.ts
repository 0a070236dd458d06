/*
 * Export of approved assessments (spec 002 §4): the range is required; the count comes first; 0 and more than the
 * limit stop with their messages; otherwise the waiting message while the file is generated and downloaded (or
 * mailed), then the success message. The server checks all of it again.
 */
import { useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { API_URL } from '../../providers/dataProvider';
import { toApiError } from '../../providers/api-error';
import { useCansDataProvider } from '../../providers/useApi';
import { saveBlob } from '../../shared/download';

export interface ExportRequest {
  from: string;
  to: string;
  /** Empty: download; otherwise the address the file is mailed to. */
  email: string;
}

export interface ExportStatus {
  severity: 'info' | 'success' | 'warning' | 'error';
  text: string;
}

interface ExportCount {
  count: number;
  limit: number;
}

const rangeQuery = ({ from, to }: ExportRequest) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** The file name the server gives (Content-Disposition), else a neutral one. */
const fileNameOf = (response: Response): string =>
  /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'approved-assessments.xlsx';

/** Fetches the XLSX (a blob: the page learns when it has arrived, to say so); refusals as ApiError. */
async function download(request: ExportRequest): Promise<void> {
  const response = await fetch(`${API_URL}/data-feed/export/download?${rangeQuery(request)}`, { credentials: 'include' }).catch(
    (error: unknown) => {
      throw toApiError(error);
    },
  );
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw toApiError(new HttpError(body.message ?? response.statusText, response.status, body));
  }
  saveBlob(await response.blob(), fileNameOf(response));
}

export function useApprovedAssessmentExport() {
  const translate = useTranslate();
  const { send } = useCansDataProvider();
  const [status, setStatus] = useState<ExportStatus | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`cans.library.page.${key}`, options);

  const run = async (request: ExportRequest) => {
    setFieldErrors({});
    if (!request.from || !request.to) {
      const missing = t('export_doa_required');
      setFieldErrors({ ...(request.from ? {} : { from: missing }), ...(request.to ? {} : { to: missing }) });
      setStatus({ severity: 'warning', text: missing });
      return;
    }
    setBusy(true);
    try {
      const { count, limit } = await send<ExportCount>('GET', `/data-feed/export/count?${rangeQuery(request)}`);
      if (count === 0) return setStatus({ severity: 'info', text: t('export_zero') });
      if (count > limit) return setStatus({ severity: 'warning', text: t('export_too_many') });
      setStatus({ severity: 'info', text: t('export_wait', { smart_count: count }) });
      if (request.email) {
        await send('POST', '/data-feed/export/mail', { from: request.from, to: request.to, email: request.email });
        setStatus({ severity: 'success', text: t('export_mailed', { email: request.email }) });
      } else {
        await download(request);
        setStatus({ severity: 'success', text: t('export_success') });
      }
    } catch (failure) {
      const error = toApiError(failure);
      setFieldErrors(error.fieldErrors);
      setStatus({ severity: 'error', text: error.message });
    } finally {
      setBusy(false);
    }
  };

  return { run, status, fieldErrors, busy, clear: () => setStatus(null) };
}
