import { Inject, Injectable } from '@nestjs/common';
import type { Filter, ReadStore, SortField } from '@cans/storage/read-store/read-store.port';
import { caregiverRatingsOf, ratingCodebook, ReportRowDocument } from '@cans/projections/reports/report-rows.queries';
import { assertWithinRecordLimit } from '../../identity/api-users/api-client-record-limit';
import type { AuthenticatedUser } from '../../identity/authentication/authenticated-user';
import { FieldValidationException } from '../../platform/http/validation';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { AssessmentAccessService } from '../../assessments/access/assessment-access.service';
import { assertFilterRanges, listOf, ReportDomainsDto, ReportFilterDto } from '../report-filter.dto';
import { ReportCohortService, reportFilterOf } from '../report-cohort.service';
import { ReportLibraryService } from '../report-library.service';
import { labelled, multiAssessmentSeries, seriesByChild, MINIMUM_TIME_POINTS } from './time-points';
import { answeredDomain, timePointDomain } from './one-child-reports';
import { manyChildrenManyCans } from './many-children-many-cans';
import type { OneChildFilterDto, OneChildManyCansDto, OneChildOneCansDto, TimePointsDto } from './time-point.dto';

export interface Page {
  sort: SortField[];
  skip: number;
  limit: number;
}

/** Rows sorted in memory by one field (then by id), one page cut out. */
function pageOf<T extends { id: string }>(items: T[], page: Page): { rows: T[]; total: number } {
  const [{ field, direction }] = page.sort;
  const sign = direction === 'desc' ? -1 : 1;
  const value = (item: T) => (item as Record<string, unknown>)[field];
  const sorted = [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''));
    return sign * order || a.id.localeCompare(b.id);
  });
  return { rows: sorted.slice(page.skip, page.skip + page.limit), total: items.length };
}

const fullNameOf = (row: ReportRowDocument) => `${row.firstName} ${row.lastName}`.trim();

/** The one-child filter over report_rows: PID prefix, every name word beginning the first or last name, agency, assessor, dates. */
export function oneChildFilterOf(dto: OneChildFilterDto): Filter {
  assertFilterRanges({ startDoa: dto.startDoa, endDoa: dto.endDoa });
  const base = reportFilterOf({ agency: dto.agency, assessor: dto.assessor, startDoa: dto.startDoa, endDoa: dto.endDoa });
  const clauses: Filter[] = Object.keys(base).length ? [base] : [];
  if (dto.cin?.trim()) clauses.push({ cin: { $prefix: dto.cin.trim() } });
  for (const word of (dto.fullName ?? '').split(/\s+/).filter(Boolean))
    clauses.push({ $or: [{ firstName: { $prefix: word } }, { lastName: { $prefix: word } }] });
  return clauses.length === 0 ? {} : { $and: clauses };
}

/**
 * One Child One CANS, One Child Many CANS and Many Children Many CANS over the report rows the caller's reports
 * cover (ReportCohortService: approved, included in reports, row access). A chosen assessment outside them is a
 * 400 naming the field, the same answer whether it exists or not.
 */
@Injectable()
export class TimePointReportsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly cohorts: ReportCohortService,
    private readonly library: ReportLibraryService,
    private readonly access: AssessmentAccessService,
  ) {}

  /** One Child One CANS step 2: the covered assessments of the one-child filter. */
  async oneChildCases(user: AuthenticatedUser, dto: OneChildFilterDto, page: Page) {
    const rows = await this.cohorts.rowsWhere(user, oneChildFilterOf(dto));
    const cut = pageOf(rows, page);
    return { rows: await this.cohorts.named(cut.rows), total: cut.total };
  }

  private async coveredAssessments(user: AuthenticatedUser, ids: string[], field: string): Promise<ReportRowDocument[]> {
    const rows = await this.cohorts.rowsWhere(user, { id: { $in: ids } });
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length)
      throw new FieldValidationException({ [field]: [`not an approved assessment your reports cover: ${missing.join(', ')}`] });
    return ids.map((id) => rows.find((r) => r.id === id)!);
  }

  async oneChildOneCans(user: AuthenticatedUser, dto: OneChildOneCansDto) {
    const [row] = await this.coveredAssessments(user, [dto.assessment.trim()], 'assessment');
    const [chosen, all, codebook, caregivers, series] = await Promise.all([
      this.library.chosen(listOf(dto.domains)),
      this.library.domains(),
      ratingCodebook(this.readStore),
      caregiverRatingsOf(this.readStore, row.id),
      this.cohorts.rowsWhere(user, { cin: row.cin }),
    ]);
    const [child] = await this.cohorts.named([row]);
    const caregiverDomains = chosen.filter((d) => d.caregiverItem);
    return {
      child: { ...child, libraryVersion: row.libraryVersion },
      otherCases: series
        .filter((r) => r.id !== row.id)
        .sort((a, b) => b.dateOfAssessment.localeCompare(a.dateOfAssessment) || a.id.localeCompare(b.id))
        .map((r) => ({ id: r.id, cin: r.cin, dateOfAssessment: r.dateOfAssessment, assessmentType: r.assessmentType })),
      domains: chosen.filter((d) => !d.caregiverItem).map((d) => answeredDomain(d, row.childRatings, codebook)),
      caregivers: caregiverDomains.length
        ? caregivers.map((c) => ({
            caregiverId: c.caregiverId,
            name: c.name,
            domains: caregiverDomains.map((d) => answeredDomain(d, c.packed, codebook)),
          }))
        : [],
      allDomainIds: all.map((d) => d.code),
    };
  }

  /** One Child Many CANS step 2: children (PIDs) with at least two covered assessments matching the filter. */
  async oneChildChildren(user: AuthenticatedUser, dto: OneChildFilterDto, page: Page) {
    const series = multiAssessmentSeries(await this.cohorts.rowsWhere(user, oneChildFilterOf(dto)));
    const children = series.map((s) => {
      const latest = s[s.length - 1];
      return {
        id: latest.cin,
        cin: latest.cin,
        fullName: fullNameOf(latest),
        gender: latest.gender,
        raceEthnicity: latest.raceEthnicity,
        agencyId: latest.agencyId,
        assessmentCount: s.length,
        dateOfAssessment: latest.dateOfAssessment,
      };
    });
    const cut = pageOf(children, page);
    const agencies = await this.access.agencyNames(cut.rows.map((c) => c.agencyId));
    return { rows: cut.rows.map((c) => ({ ...c, agency: c.agencyId ? (agencies.get(c.agencyId) ?? '') : '' })), total: cut.total };
  }

  /** The child's whole covered series, labelled; empty when it has fewer than two assessments. */
  private async labelledSeries(user: AuthenticatedUser, cin: string) {
    const [series] = [...seriesByChild(await this.cohorts.rowsWhere(user, { cin })).values()];
    return series && series.length >= MINIMUM_TIME_POINTS ? labelled(series) : [];
  }

  /** One Child Many CANS step 3: the child's time-point assessments (labels from the whole series). */
  async timePoints(user: AuthenticatedUser, dto: TimePointsDto, page: Page) {
    const assessors = listOf(dto.assessor);
    const points = (await this.labelledSeries(user, dto.cin.trim())).filter((p) => !assessors.length || assessors.includes(p.row.ownerId));
    const rows = points.map((p, order) => ({ ...p.row, timePoint: p.timePoint, order }));
    const cut = pageOf(rows, page);
    const names = await this.access.userNames(cut.rows.map((r) => r.ownerId));
    return {
      rows: cut.rows.map((r) => ({
        id: r.id,
        cin: r.cin,
        dateOfAssessment: r.dateOfAssessment,
        assessorName: names.get(r.ownerId) ?? '',
        initialized: r.assessmentType,
        timePoint: r.timePoint,
        order: r.order,
      })),
      total: cut.total,
    };
  }

  async oneChildManyCans(user: AuthenticatedUser, dto: OneChildManyCansDto) {
    const ids = [...new Set(listOf(dto.assessments))];
    if (ids.length === 0) throw new FieldValidationException({ assessments: ['Please choose assessments to report.'] });
    assertWithinRecordLimit(user, ids.length, 'assessments');
    const chosenRows = await this.coveredAssessments(user, ids, 'assessments');
    const cin = chosenRows[0].cin;
    if (chosenRows.some((r) => r.cin !== cin))
      throw new FieldValidationException({ assessments: ['must all be assessments of one child'] });
    const [series, domains, codebook] = await Promise.all([
      this.labelledSeries(user, cin),
      this.library.chosenChildDomains(listOf(dto.domains)),
      ratingCodebook(this.readStore),
    ]);
    if (series.length === 0)
      throw new FieldValidationException({ assessments: [`the child needs at least ${MINIMUM_TIME_POINTS} approved assessments`] });
    const points = series.filter((p) => ids.includes(p.row.id));
    const [child] = await this.cohorts.named([series[series.length - 1].row]);
    const names = await this.access.userNames(points.map((p) => p.row.ownerId));
    return {
      child: { cin: child.cin, fullName: child.fullName, gender: child.gender, raceEthnicity: child.raceEthnicity, agency: child.agency },
      assessments: points.map(({ row, timePoint }) => ({
        id: row.id,
        dateOfAssessment: row.dateOfAssessment,
        assessmentType: row.assessmentType,
        assessorName: names.get(row.ownerId) ?? '',
        timePoint,
      })),
      domains: domains.map((d) => timePointDomain(d, points, codebook)),
    };
  }

  /** Many Children Many CANS step 2: children with two or more assessments in the filter, first and last ids. */
  async manyChildrenManyCohort(user: AuthenticatedUser, filter: ReportFilterDto, page: Page) {
    const series = multiAssessmentSeries(await this.cohorts.documents(user, filter));
    const children = series.map((s) => {
      const first = s[0];
      const last = s[s.length - 1];
      return {
        id: last.cin,
        cin: last.cin,
        fullName: fullNameOf(last),
        lastName: last.lastName,
        ownerId: last.ownerId,
        agencyId: last.agencyId,
        assessmentType: last.assessmentType,
        dateOfAssessment: last.dateOfAssessment,
        firstDateOfAssessment: first.dateOfAssessment,
        assessmentCount: s.length,
        firstFilterId: first.id,
        lastFilterId: last.id,
      };
    });
    const cut = pageOf(children, page);
    const [assessors, agencies] = await Promise.all([
      this.access.userNames(cut.rows.map((c) => c.ownerId)),
      this.access.agencyNames(cut.rows.map((c) => c.agencyId)),
    ]);
    return {
      rows: cut.rows.map(({ ownerId, lastName, ...c }) => ({
        ...c,
        assessorName: assessors.get(ownerId) ?? '',
        agency: c.agencyId ? (agencies.get(c.agencyId) ?? '') : '',
      })),
      total: cut.total,
    };
  }

  async manyChildrenManyCans(user: AuthenticatedUser, dto: ReportDomainsDto) {
    const { domains: codes, ...filter } = dto;
    const [rows, domains, codebook] = await Promise.all([
      this.cohorts.rows(user, filter),
      this.library.chosenChildDomains(listOf(codes)),
      ratingCodebook(this.readStore),
    ]);
    const pairs = multiAssessmentSeries(rows).map((s) => ({ first: s[0], last: s[s.length - 1] }));
    return manyChildrenManyCans(pairs, domains, codebook);
  }
}
