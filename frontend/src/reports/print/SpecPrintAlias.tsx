/*
 * The spec's print paths (spec 001 §2 "Print routes") lead to our print view. One child: /onechildonecans/print/{base64
 * assessment ids}/{base64 domain codes} and /onechildmanycans/print/{base64 assessment ids}/{base64 domain codes} (each
 * base64 of a JSON array or of a comma-joined list). Many children: /manychildonecans/print/{payload} and
 * /manychildmanycans/print/{payload}, a JSON object, or base64 of one, holding either our saved query's `query` (and
 * `comparison`) or the spec's fields: domainIds (base64 list of domain codes), queryVo and compareVo (base64 of the
 * URL-encoded filter). The parameters become a saved report query (POST /api/reports/saved-queries), whose print view
 * (/report/print/:id) then replaces the address; the server checks them as for any saved query.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiMutation } from '../../providers/useApi';
import { NotFoundContent } from '../../pages/NotFoundPage';
import type { ReportKind, ReportQueryRequest, SavedQueryAnswer } from './saved-report-query';

/** The text a path segment encodes; null when it is not URL-encoded text. */
const uriDecoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** base64 (standard or URL-safe) → text; null when it is not base64. */
const fromBase64 = (text: string | null): string | null => {
  if (text === null) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
};

/** JSON → value; null when it is not JSON. */
const parsedJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** base64 of `["a","b"]`, `[1,2]` or `a,b` → ['a', 'b']; null when it is not base64. */
export const decodedIds = (text: string | undefined): string[] | null => {
  if (!text) return null;
  const plain = fromBase64(uriDecoded(text));
  if (plain === null) return null;
  const parsed = parsedJson(plain);
  if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean);
  // a comma-joined list
  return plain
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object's values as query-string text (what the report routes take); null when it is not an object. */
const textParams = (value: unknown): Record<string, string> | null =>
  isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)])) : null;

/** A filter the spec's way: base64 of a URL-encoded query string ("status=a&agency=3"). */
const filterParams = (value: unknown): Record<string, string> => {
  const plain = fromBase64(typeof value === 'string' ? value : null);
  if (!plain) return {};
  return Object.fromEntries([...new URLSearchParams(plain.replace(/^\?/, ''))].filter(([, item]) => item !== ''));
};

/** A many-children print path's payload → the report's query (and comparison); null when it cannot be read. */
export const decodedManyChildrenPayload = (
  text: string | undefined,
): { query: Record<string, string>; comparison: Record<string, string> | null } | null => {
  if (!text) return null;
  const plain = uriDecoded(text);
  const payload = parsedJson(plain) ?? parsedJson(fromBase64(plain));
  if (!isPlainObject(payload)) return null;
  const ours = textParams(payload.query);
  if (ours) return { query: ours, comparison: textParams(payload.comparison) };
  const domains = typeof payload.domainIds === 'string' ? (decodedIds(payload.domainIds) ?? []) : [];
  const query = { ...filterParams(payload.queryVo), ...(domains.length > 0 ? { domains: domains.join(',') } : {}) };
  const comparison = filterParams(payload.compareVo);
  return { query, comparison: Object.keys(comparison).length > 0 ? comparison : null };
};

const requestOf = (report: ReportKind, ids: string[], domains: string[]): ReportQueryRequest | null => {
  if (ids.length === 0) return null;
  const joinedDomains = domains.join(',');
  return report === 'one-child-one-cans'
    ? { report, query: { assessment: ids[0], domains: joinedDomains } }
    : { report, query: { assessments: ids.join(','), domains: joinedDomains } };
};

const manyChildrenRequestOf = (report: ReportKind, payload: string | undefined): ReportQueryRequest | null => {
  const decoded = decodedManyChildrenPayload(payload);
  return decoded && { report, query: decoded.query, comparison: decoded.comparison };
};

export const SpecPrintAlias = ({ report }: { report: ReportKind }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { ids, domains, payload } = useParams();
  const request = report.startsWith('many-children')
    ? manyChildrenRequestOf(report, payload)
    : requestOf(report, decodedIds(ids) ?? [], decodedIds(domains) ?? []);
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
        <Alert severity="error">
          {save.error.message}
          {/* What the link got wrong, by parameter: the person who follows it can tell whoever sent it. */}
          {Object.entries(save.error.fieldErrors).map(([field, text]) => (
            <Box key={field} component="span" sx={{ display: 'block' }}>{`${field}: ${text}`}</Box>
          ))}
        </Alert>
      ) : (
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      )}
    </Box>
  );
};
