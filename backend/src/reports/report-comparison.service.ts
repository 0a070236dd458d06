/**
 * The comparison of Many Children One CANS (spec 001 §4), a benchmark for the report: the figures of a second group.
 *
 * The comparison group is NOT limited by row access (another agency, the whole state), so it is never narrowed by
 * the report filter: it is one cell of a fixed partition — one agency (or every agency) × one assessment type × one
 * calendar year — answered as aggregates only, and only when comparison-cells.ts finds it can be published (at
 * least 10 children; no difference with another published cell singles out fewer than 10 children the caller cannot
 * read). Narrowed to people (supervisors' trees, assessors, agency cases), the group is limited to the assessments
 * the caller can read, so it shows nothing they could not report on themselves. Who may choose people is the
 * own-agency rule: supervisors and assessors of the caller's own agency only, with the own agency (or every agency)
 * chosen, unless the caller is a state-level user, who also gets the agency-cases filter. docs/permissions.md
 * "Reports", docs/security.md "Differencing of the comparison report".
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import {
  findReportFacts,
  MAX_COHORT_ROWS,
  REPORT_FACT_FIELDS,
  ReportFacts,
  ReportRowDocument,
} from '@cans/projections/reports/report-rows.queries';
import { REPORT_ROWS_COLLECTION } from '@cans/projections/reports/report-rows.projection';
import type { AuthenticatedUser } from '../identity/authentication/authenticated-user';
import { IdentityDirectory } from '../identity/identity-directory';
import { RowAccessService } from '../identity/access/row-access.service';
import { FieldErrors, FieldValidationException } from '../platform/http/validation';
import { AssessmentAccessService } from '../assessments/access/assessment-access.service';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { ComparisonDto, listOf } from './report-filter.dto';
import { ReportCohortService } from './report-cohort.service';
import { childCountOf } from './report-statistics';
import { comparisonCell, CellRow } from './comparison-cells';

export const COMPARISON_MINIMUM_CHILDREN = 10;
export const COMPARISON_TOO_SMALL =
  'Unable to generate a comparison report due to there being fewer than 10 cases which meet report criteria. Please try again using different criteria.';
/** A cell refused because its figures, less others published, would single out fewer than 10 children. */
export const COMPARISON_WOULD_SINGLE_OUT =
  'Unable to generate this comparison report: together with other published figures it would single out fewer than 10 children. Please try again using a different agency, assessment type or year.';

/** The facts of a comparison row: the statistics' facts and the agency (cells and blocks are by agency). */
type CellFacts = Pick<ReportRowDocument, 'id' | keyof typeof REPORT_FACT_FIELDS | 'agencyId'>;

/**
 * The comparison group's rows and, per block (comparison-cells.ts), the rows of it the caller cannot read (for the
 * small cells); or why it is not shown.
 */
export type ComparisonRows = { rows: ReportFacts[]; unreadableBlocks: ReportFacts[][]; refusal: null } | { rows: null; refusal: string };

export interface ComparisonOptions {
  ownAgency: string | null;
  allAgency: Array<{ id: string; displayName: string }>;
  allSupervisors: Array<{ id: string; name: string }>;
  allAssessors: Array<{ id: string; name: string }>;
  allCaseAgency: Array<{ id: string; displayName: string }>;
  showSupervisorFilter: boolean;
  showAssessorFilter: boolean;
  showAgencyCaseFilter: boolean;
}

const MAX_USERS = 5000;

@Injectable()
export class ReportComparisonService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly rowAccess: RowAccessService,
    private readonly directory: IdentityDirectory,
    private readonly access: AssessmentAccessService,
    private readonly cohorts: ReportCohortService,
  ) {}

  /** The comparison filter's choices and the three show flags (spec "Compare condition response"). */
  async options(user: AuthenticatedUser): Promise<ComparisonOptions> {
    const scope = await this.rowAccess.scopeFor(user);
    const stateLevel = scope.everything;
    const agencyUsers = user.agencyId ? await this.directory.findUsers({ agencyId: user.agencyId }, MAX_USERS) : [];
    const people = stateLevel && !user.agencyId ? await this.directory.findUsers({}, MAX_USERS) : agencyUsers;
    const agencyIds = [...new Set((await this.directory.findUsers({}, MAX_USERS)).map((u) => u.agencyId).filter((a): a is string => !!a))];
    const agencies = [...(await this.access.agencyNames([...agencyIds, user.agencyId]))].map(([id, displayName]) => ({ id, displayName }));
    agencies.sort((a, b) => a.displayName.localeCompare(b.displayName));
    const named = (list: typeof people) => list.map((u) => ({ id: u.id, name: u.fullName })).sort((a, b) => a.name.localeCompare(b.name));
    const showPeople = stateLevel || people.length > 0;
    return {
      ownAgency: user.agencyId,
      allAgency: agencies,
      allSupervisors: showPeople ? named(people.filter((u) => u.superviseeIds.length > 0)) : [],
      allAssessors: showPeople ? named(people) : [],
      allCaseAgency: stateLevel ? agencies : [],
      showSupervisorFilter: showPeople,
      showAssessorFilter: showPeople,
      showAgencyCaseFilter: stateLevel,
    };
  }

  /** The comparison group's rows within the rules above; 400 for choices the own-agency rule forbids. */
  async rows(user: AuthenticatedUser, dto: ComparisonDto): Promise<ComparisonRows> {
    const narrowing = await this.peopleFilter(user, dto);
    const agencyId = dto.compareAgency?.trim() || null;
    const year = String(dto.compareYear).padStart(4, '0');
    const cell: Filter[] = [
      { assessmentType: dto.compareType },
      { dateOfAssessment: { $gte: `${year}-01-01` } },
      { dateOfAssessment: { $lte: `${year}-12-31` } },
      ...(agencyId ? [{ agencyId }] : []),
    ];
    const scope = await this.cohorts.scopeFilter(user);
    if (narrowing) {
      // Narrowed to people: only what the caller can read, so any such group is one they could report on anyway.
      const rows = await findReportFacts(this.readStore, this.all([...cell, narrowing, scope]));
      if (childCountOf(rows) < COMPARISON_MINIMUM_CHILDREN) return { rows: null, refusal: COMPARISON_TOO_SMALL };
      return { rows, unreadableBlocks: [], refusal: null };
    }
    const [rows, readableIds] = await Promise.all([
      this.readStore.find<CellFacts>(REPORT_ROWS_COLLECTION, this.all(cell), {
        limit: MAX_COHORT_ROWS,
        fields: { ...REPORT_FACT_FIELDS, agencyId: 'string' },
        anyOrder: true,
      }),
      Object.keys(scope).length === 0 ? null : this.readableIds(this.all([...cell, scope])),
    ]);
    const readable = readableIds ? (row: CellRow) => readableIds.has(row.id) : () => true;
    const { verdict, blocks } = comparisonCell(rows, agencyId, readable, COMPARISON_MINIMUM_CHILDREN);
    if (verdict === 'too-small') return { rows: null, refusal: COMPARISON_TOO_SMALL };
    if (verdict === 'would-single-out') return { rows: null, refusal: COMPARISON_WOULD_SINGLE_OUT };
    const unreadableBlocks = blocks.map((block) => block.filter((row) => !readable(row))).filter((block) => block.length > 0);
    return { rows: agencyId ? blocks[0] : rows, unreadableBlocks, refusal: null };
  }

  /** The people the group is narrowed to, as a filter (null: not narrowed); refuses what the own-agency rule forbids. */
  private async peopleFilter(user: AuthenticatedUser, dto: ComparisonDto): Promise<Filter | null> {
    const options = await this.options(user);
    const agency = dto.compareAgency?.trim() || null;
    const supervisors = listOf(dto.compareSupervisors);
    const assessors = listOf(dto.compareAssessors);
    const agencyCases = listOf(dto.compareAgencyCases);
    const errors: FieldErrors = {};
    const ownAgencyChosen = user.agencyId !== null && (agency === null || agency === user.agencyId);
    const peopleAllowed = options.showAgencyCaseFilter || ownAgencyChosen;
    const supervisorIds = new Set(options.allSupervisors.map((s) => s.id));
    const assessorIds = new Set(options.allAssessors.map((a) => a.id));
    if (supervisors.length && (!peopleAllowed || supervisors.some((id) => !supervisorIds.has(id))))
      errors.compareSupervisors = ['only supervisors of your own agency, with your agency (or every agency) selected'];
    if (assessors.length && (!peopleAllowed || assessors.some((id) => !assessorIds.has(id))))
      errors.compareAssessors = ['only assessors of your own agency, with your agency (or every agency) selected'];
    if (agencyCases.length && !options.showAgencyCaseFilter) errors.compareAgencyCases = ['only state-level users compare by agency cases'];
    if (Object.keys(errors).length) throw new FieldValidationException(errors);

    const clauses: Filter[] = [];
    if (agencyCases.length) clauses.push({ agencyId: { $in: agencyCases } });
    const owners = new Set(assessors);
    for (const id of supervisors) for (const owner of await this.tree(id)) owners.add(owner);
    if (owners.size) clauses.push({ ownerId: { $in: [...owners] } });
    return clauses.length ? this.all(clauses) : null;
  }

  private all(clauses: Filter[]): Filter {
    const present = clauses.filter((clause) => Object.keys(clause).length > 0);
    return present.length === 1 ? present[0] : { $and: present };
  }

  /** Ids of the rows of a filter (row access included in it). */
  private async readableIds(filter: Filter): Promise<Set<string>> {
    const rows = await this.readStore.find<{ id: string }>(REPORT_ROWS_COLLECTION, filter, {
      limit: MAX_COHORT_ROWS,
      fields: { cin: 'string' },
      anyOrder: true,
    });
    return new Set(rows.map((row) => row.id));
  }

  /** A supervisor and everyone below them in the supervisor tree. */
  private async tree(supervisorId: string): Promise<string[]> {
    const seen = new Set<string>([supervisorId]);
    let level = [supervisorId];
    while (level.length) {
      const users = await this.directory.getUsers(level);
      level = users.flatMap((u) => u.superviseeIds).filter((id) => !seen.has(id));
      level.forEach((id) => seen.add(id));
    }
    return [...seen];
  }
}
