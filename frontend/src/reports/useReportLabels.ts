/*
 * The child info labels (spec 002 §3) as the report screens use them, from the filter options the report pages read
 * anyway (GET /api/reports/filter-options, cached by react-query): a renamed field is called by its new name, else
 * by the screen's own words; the Assessor and Agency columns leave when their label is disabled.
 */
import { useApiQuery } from '../providers/useApi';
import type { FilterOptions } from './report-types';

export interface ReportLabels {
  /** The configured name of a label field (AGENCY, Assessor, COUNTY …) once renamed; `fallback` until then. */
  name: (fieldName: string, fallback: string) => string;
  /** Whether the field shows (false once its label is disabled). */
  shown: (fieldName: string) => boolean;
}

export const useReportLabels = (): ReportLabels => {
  const labels = useApiQuery<FilterOptions>('/reports/filter-options').data?.labels;
  return {
    name: (fieldName, fallback) => {
      const label = labels?.[fieldName];
      return label && label.displayName !== label.defaultDisplayName ? label.displayName : fallback;
    },
    shown: (fieldName) => labels?.[fieldName]?.visible !== false,
  };
};
