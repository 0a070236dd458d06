/*
 * The spec's print paths (spec 001 §2 "Print routes") lead to our print view: /onechildonecans/print/{base64
 * assessment ids}/{base64 domain codes} and /onechildmanycans/print/{base64 assessment ids}/{base64 domain codes}. The
 * parameters (base64 of a JSON array or of a comma-joined list) become a saved report query (POST
 * /api/reports/saved-queries), whose print view (/report/print/:id) then replaces the address.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiMutation } from '../../providers/useApi';
import { NotFoundContent } from '../../pages/NotFoundPage';
import type { ReportKind, ReportQueryRequest, SavedQueryAnswer } from './saved-report-query';

/** base64 of `["a","b"]`, `[1,2]` or `a,b` → ['a', 'b']; null when it is not base64. */
export const decodedIds = (text: string | undefined): string[] | null => {
  if (!text) return null;
  let plain: string;
  try {
    plain = atob(decodeURIComponent(text).replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(plain);
    if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean);
  } catch {
    // a comma-joined list
  }
  return plain
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
};

const requestOf = (report: ReportKind, ids: string[], domains: string[]): ReportQueryRequest | null => {
  if (ids.length === 0) return null;
  const joinedDomains = domains.join(',');
  return report === 'one-child-one-cans'
    ? { report, query: { assessment: ids[0], domains: joinedDomains } }
    : { report, query: { assessments: ids.join(','), domains: joinedDomains } };
};

export const SpecPrintAlias = ({ report }: { report: 'one-child-one-cans' | 'one-child-many-cans' }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { ids, domains } = useParams();
  const request = requestOf(report, decodedIds(ids) ?? [], decodedIds(domains) ?? []);
  const save = useApiMutation<ReportQueryRequest, SavedQueryAnswer>((send, body) => send('POST', '/reports/saved-queries', body));
  const asked = useRef(false);
  useEffect(() => {
    if (!request || asked.current) return;
    asked.current = true;
    save.mutate(request, { onSuccess: (answer) => navigate(answer.printPath, { replace: true }) });
  }, [request, save, navigate]);
  if (!request) return <NotFoundContent />;
  return (
    <Box component="main" sx={{ p: 3 }}>
      {save.error ? (
        <Alert severity="error">{save.error.message}</Alert>
      ) : (
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      )}
    </Box>
  );
};
