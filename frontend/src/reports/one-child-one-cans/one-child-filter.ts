/* The one-child filter (spec 001 §3 "One-child filter", §5): PID, name, agency, assessor (the first preselected), dates. */

export interface OneChildFilter {
  cin: string;
  fullName: string;
  agency: string[];
  assessor: string[];
  startDoa: string;
  endDoa: string;
}

/** The initial filter: the first assessor preselected (spec §5), nothing else. */
export const initialOneChildFilter = (firstAssessor: string | null): OneChildFilter => ({
  cin: '',
  fullName: '',
  agency: [],
  assessor: firstAssessor ? [firstAssessor] : [],
  startDoa: '',
  endDoa: '',
});

/** The query parameters of the one-child lists; empty fields and lists left out (none means all). */
export function oneChildParams(filter: OneChildFilter): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string) => {
    if (value.trim() !== '') params.set(name, value.trim());
  };
  put('cin', filter.cin);
  put('fullName', filter.fullName);
  put('agency', filter.agency.join(','));
  put('assessor', filter.assessor.join(','));
  put('startDoa', filter.startDoa);
  put('endDoa', filter.endDoa);
  return params;
}

/** `path?filter` of the one-child lists. */
export function oneChildPath(path: string, filter: OneChildFilter): string {
  const query = oneChildParams(filter).toString();
  return query ? `${path}?${query}` : path;
}
