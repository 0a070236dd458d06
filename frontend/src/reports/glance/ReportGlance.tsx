/*
 * The Quick Glance of any report (spec 001 §2): reads the report's glance route with the report's own parameters
 * and shows the panel. Nothing while loading or on failure: a failed glance call is only logged (spec 001 §7).
 */
import { useEffect } from 'react';
import { useApiQuery } from '../../providers/useApi';
import type { Glance } from '../report-types';
import { QuickGlance } from './QuickGlance';

/** The glance route of each report (Many Children One CANS keeps the original /reports/glance). */
const GLANCE_ROUTES: Record<string, string> = {
  'many-children-one-cans': '/reports/glance',
  'one-child-one-cans': '/reports/one-child-one-cans/glance',
  'one-child-many-cans': '/reports/one-child-many-cans/glance',
  'many-children-many-cans': '/reports/many-children-many-cans/glance',
};

export const glancePath = (report: string, query: Record<string, string>): string | null => {
  const route = GLANCE_ROUTES[report];
  if (!route) return null;
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString();
  return params ? `${route}?${params}` : route;
};

export const ReportGlance = ({ report, query }: { report: string; query: Record<string, string> }) => {
  const glance = useApiQuery<Glance>(glancePath(report, query), { gcTime: 0, retry: false });
  useEffect(() => {
    if (glance.error) console.warn('Quick Glance failed', glance.error);
  }, [glance.error]);
  return glance.data ? <QuickGlance glance={glance.data} report={report} /> : null;
};
