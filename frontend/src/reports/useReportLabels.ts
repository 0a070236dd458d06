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
  /** A gender code's name ("F" → "Female"), as the PDFs print it; the code until the options arrive. */
  genderName: (code: string | null | undefined) => string;
}

export const useReportLabels = (): ReportLabels => {
  const options = useApiQuery<FilterOptions>('/reports/filter-options').data;
  const labels = options?.labels;
  return {
    name: (fieldName, fallback) => {
      const label = labels?.[fieldName];
      return label && label.displayName !== label.defaultDisplayName ? label.displayName : fallback;
    },
    shown: (fieldName) => labels?.[fieldName]?.visible !== false,
    genderName: (code) => (code ? (options?.genders.find((gender) => gender.key === code)?.name ?? code) : ''),
  };
};
