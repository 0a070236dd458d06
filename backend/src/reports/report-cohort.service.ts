import { Inject, Injectable } from '@nestjs/common';
import type { Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';
import {
  countReportChildren,
  findGlanceFacts,
  findReportFacts,
  GlanceFacts,
  findReportRows,
  pageOfReportRows,
  ReportFacts,
  ReportRowDocument,
} from '@cans/projections/reports/report-rows.queries';
import { AssessmentAccessService, AssessmentPrincipal } from '../assessments/access/assessment-access.service';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { assertFilterRanges, listOf, ReportFilterDto } from './report-filter.dto';

/** The filter option meaning "not recorded" (spec 001 §5 "Gender and race filter options each add 'N/A'"). */
export const NOT_RECORDED = 'N/A';

/** One value, or N/A for a missing one. */
function valueOrMissing(field: string, value: string): Filter {
  return value === NOT_RECORDED ? { $or: [{ [field]: null }, { [field]: '' }] } : { [field]: value };
}

function anyOf(field: string, values: string[]): Filter | null {
  if (values.length === 0) return null;
  const known = values.filter((v) => v !== NOT_RECORDED);
  const clauses: Filter[] = [];
  if (known.length) clauses.push({ [field]: { $in: known } });
  if (known.length !== values.length) clauses.push(valueOrMissing(field, NOT_RECORDED));
  return clauses.length === 1 ? clauses[0] : { $or: clauses };
}

/**
 * The report filter as a read-store filter over report_rows (only approved assessments included in reports are
 * rows at all). Row access is added by the service, never by the caller.
 */
export function reportFilterOf(filter: ReportFilterDto): Filter {
  assertFilterRanges(filter);
  const clauses: Array<Filter | null> = [
    filter.type ? { assessmentType: filter.type } : null,
    (filter.minAge ?? -1) >= 0 ? { age: { $gte: filter.minAge! } } : null,
    (filter.maxAge ?? -1) >= 0 ? { age: { $lte: filter.maxAge! } } : null,
    anyOf('agencyId', listOf(filter.agency)),
    filter.county ? valueOrMissing('county', filter.county) : null,
    anyOf('ownerId', listOf(filter.assessor)),
    anyOf('gender', listOf(filter.gender)),
    anyOf('raceEthnicity', listOf(filter.race, '##')),
    filter.language ? valueOrMissing('primaryLanguage', filter.language) : null,
    filter.welfareStatus ? valueOrMissing('welfareStatus', filter.welfareStatus) : null,
    anyOf('cin', listOf(filter.cin)),
    filter.startDoa ? { dateOfAssessment: { $gte: filter.startDoa } } : null,
    filter.endDoa ? { dateOfAssessment: { $lte: filter.endDoa } } : null,
  ];
  const present = clauses.filter((c): c is Filter => c !== null);
  return present.length === 0 ? {} : { $and: present };
}

const both = (a: Filter, b: Filter): Filter => {
  const parts = [a, b].filter((f) => Object.keys(f).length > 0);
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0] : { $and: parts };
};

/**
 * Which assessments a user's reports cover: the approved assessments included in reports that the row-access
 * policy lets the user see (AssessmentAccessService.listScope — the same filter as the assessment list: a case
 * worker their own and shared, a supervisor their tree, state roles all). docs/permissions.md "Reports".
 */
@Injectable()
export class ReportCohortService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
  ) {}

  /** The caller's row-access filter over report_rows (the row fields carry the list's names). */
  async scopeFilter(principal: AssessmentPrincipal): Promise<Filter> {
    return (await this.access.listScope(principal)).filter;
  }

  async cohortFilter(principal: AssessmentPrincipal, filter: ReportFilterDto): Promise<Filter> {
    const own = reportFilterOf(filter);
    return both(await this.scopeFilter(principal), own);
  }

  /** The statistics facts of a cohort (the many-children reports read tens of thousands of these). */
  async rows(principal: AssessmentPrincipal, filter: ReportFilterDto): Promise<ReportFacts[]> {
    return findReportFacts(this.readStore, await this.cohortFilter(principal, filter));
  }

  /** The Quick Glance's facts of a cohort (fewer fields than rows(): its 50,000-row read is timed). */
  async glanceRows(principal: AssessmentPrincipal, filter: ReportFilterDto): Promise<GlanceFacts[]> {
    return findGlanceFacts(this.readStore, await this.cohortFilter(principal, filter));
  }

  /** Whole rows of a cohort, for lists that name the child and the assessor. */
  async documents(principal: AssessmentPrincipal, filter: ReportFilterDto): Promise<ReportRowDocument[]> {
    return findReportRows(this.readStore, await this.cohortFilter(principal, filter));
  }

  /** The covered rows matching a read-store filter over report_rows (row access added here). */
  async rowsWhere(principal: AssessmentPrincipal, where: Filter): Promise<ReportRowDocument[]> {
    return findReportRows(this.readStore, both(await this.scopeFilter(principal), where));
  }

  /** The children (PIDs) of every assessment the user's reports cover: the class of the glance's share in the filter. */
  async classChildren(principal: AssessmentPrincipal): Promise<number> {
    return countReportChildren(this.readStore, await this.scopeFilter(principal));
  }

  async page(principal: AssessmentPrincipal, filter: ReportFilterDto, page: { sort: SortField[]; skip: number; limit: number }) {
    return pageOfReportRows(this.readStore, await this.cohortFilter(principal, filter), {
      ...page,
      sort: [...page.sort, { field: 'id', direction: 'asc' }],
    });
  }

  /** Report rows as lists show them (spec "many-children list rows"), with assessor and agency names. */
  async named(rows: readonly ReportRowDocument[]) {
    const [assessors, agencies] = await Promise.all([
      this.access.userNames(rows.map((r) => r.ownerId)),
      this.access.agencyNames(rows.map((r) => r.agencyId)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      cin: r.cin,
      fullName: `${r.firstName} ${r.lastName}`.trim(),
      gender: r.gender,
      raceEthnicity: r.raceEthnicity,
      age: r.age,
      assessorId: r.ownerId,
      assessorName: assessors.get(r.ownerId) ?? '',
      agencyId: r.agencyId,
      agency: r.agencyId ? (agencies.get(r.agencyId) ?? '') : '',
      assessmentType: r.assessmentType,
      dateOfAssessment: r.dateOfAssessment,
    }));
  }
}
