import { Inject, Injectable } from '@nestjs/common';
import { GENDERS } from '@cans/domain/assessments';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { findReportDimensions, findReportRows } from '@cans/projections/reports/report-rows.queries';
import type { AuthenticatedUser } from '../identity/authentication/authenticated-user';
import { IdentityDirectory } from '../identity/identity-directory';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { DEFAULT_LANGUAGES, DEFAULT_RACES } from '../assessments/http/assessment-options.controller';
import { AssessmentAccessService } from '../assessments/access/assessment-access.service';
import { NOT_RECORDED, ReportCohortService } from './report-cohort.service';
import { ChildFormSettingsService } from '../administration/child-form/child-form-settings.service';
import { ResolvedChildLabels, resolveChildLabels } from '@cans/domain/administration/child-labels.fields';

export interface ReportFilterOptions {
  assessors: Array<{ id: string; username: string; fullName: string }>;
  agencies: Array<{ id: string; displayName: string }>;
  counties: Array<{ id: string; county: string }>;
  genders: Array<{ key: string; name: string }>;
  races: Array<{ key: string; name: string }>;
  languages: Array<{ key: string; name: string }>;
  welfareStatuses: Array<{ key: string; name: string }>;
  assessmentTypes: Array<{ key: string; name: string }>;
  /** The one-child filter's preselected assessor (the caller when they own a covered assessment) and own agency. */
  firstAssessor: string | null;
  firstAgency: string | null;
  /** The child info labels by field name (AGENCY, Assessor, COUNTY, GENDER …): the filters and prints name fields so. */
  labels: ResolvedChildLabels;
}

const withNotRecorded = (options: Array<{ key: string; name: string }>) => [...options, { key: NOT_RECORDED, name: NOT_RECORDED }];
const byName =
  <T>(name: (t: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b));

/** Row-access clauses the dimension counters can answer: conditions on the owner and the agency only. */
const DIMENSION_FIELDS = new Set(['ownerId', 'agencyId']);
const onDimensionsOnly = (clause: Filter): boolean => Object.keys(clause).every((key) => DIMENSION_FIELDS.has(key));

interface DimensionValues {
  ownerId: string;
  agencyId: string | null;
  county: string | null;
}

/**
 * The report filter's lookups (spec 001 §3 "Filter lookups"). Assessors, agencies and counties are those of the
 * assessments the caller's reports cover (no other user or agency is revealed); the vocabularies are the forms'.
 *
 * Never reads every covered row: the distinct values come from the projection's (assessor, agency, county)
 * counters (report_dimensions, a few hundred small documents), selected by the caller's row-access clauses on owner
 * and agency; the clauses that need the row itself (shares by id, temporary access by creation date) read only the
 * rows they reach.
 */
@Injectable()
export class ReportOptionsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly cohorts: ReportCohortService,
    private readonly access: AssessmentAccessService,
    private readonly directory: IdentityDirectory,
    private readonly childForm: ChildFormSettingsService,
  ) {}

  /** The (assessor, agency, county) combinations of the covered rows. */
  private async coveredValues(user: AuthenticatedUser): Promise<DimensionValues[]> {
    const scope = await this.cohorts.scopeFilter(user);
    if (Object.keys(scope).length === 0) return findReportDimensions(this.readStore, {});
    const clauses = scope.$or ?? [scope];
    const counted = clauses.filter(onDimensionsOnly);
    const perRow = clauses.filter((c) => !onDimensionsOnly(c));
    const [fromCounters, fromRows] = await Promise.all([
      counted.length ? findReportDimensions(this.readStore, { $or: counted }) : [],
      perRow.length ? findReportRows(this.readStore, { $or: perRow }) : [],
    ]);
    return [...fromCounters, ...fromRows.map((r) => ({ ownerId: r.ownerId, agencyId: r.agencyId, county: r.county }))];
  }

  async filterOptions(user: AuthenticatedUser): Promise<ReportFilterOptions> {
    const values = await this.coveredValues(user);
    const ownerIds = [...new Set(values.map((v) => v.ownerId))];
    const agencyIds = [...new Set(values.map((v) => v.agencyId).filter((id): id is string => !!id))];
    const counties = [...new Set(values.map((v) => v.county).filter((c): c is string => !!c))].sort();
    const [users, agencies, lists, labels] = await Promise.all([
      this.directory.getUsers(ownerIds),
      this.access.agencyNames(agencyIds),
      this.childForm.optionLists(),
      this.childForm.labels(),
    ]);
    const assessors = users.map((u) => ({ id: u.id, username: u.displayUsername, fullName: u.fullName })).sort(byName((a) => a.fullName));
    return {
      assessors,
      agencies: [...agencies].map(([id, displayName]) => ({ id, displayName })).sort(byName((a) => a.displayName)),
      counties: counties.map((county) => ({ id: county, county })),
      genders: withNotRecorded(Object.entries(GENDERS).map(([key, name]) => ({ key, name }))),
      races: withNotRecorded(DEFAULT_RACES.map((race) => ({ key: race, name: race }))),
      languages: withNotRecorded(DEFAULT_LANGUAGES.map((language) => ({ key: language, name: language }))),
      // The configured option lists (Foster Care Status, Initialized): rows store the ids, so renames show here.
      welfareStatuses: withNotRecorded(lists.lookedAfterStatuses.map((s) => ({ key: s.id, name: s.name }))),
      assessmentTypes: lists.assessmentTypes.map((t) => ({ key: t.id, name: t.name })),
      firstAssessor: assessors.find((a) => a.id === user.id)?.id ?? assessors[0]?.id ?? null,
      firstAgency: user.agencyId,
      labels: resolveChildLabels(labels),
    };
  }
}
