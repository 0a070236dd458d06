/**
 * The comparison of Many Children One CANS (spec 001 §4): the report's cohort criteria (type, age, gender, race,
 * language, welfare status, PIDs, dates) applied to a second group chosen by agency, supervisors, assessors and
 * agency cases.
 *
 * The comparison group is NOT limited by row access: it is a benchmark (another agency, the whole state), answered
 * only as aggregates and only when it holds at least 10 children (the spec's minimum), so no child or small group
 * can be singled out. Who may narrow it to people is limited by the own-agency rule: supervisors and assessors can
 * be chosen only within the caller's own agency (the agency selection must include it), unless the caller is a
 * state-level user (sees every assessment), who also gets the agency-cases filter. docs/permissions.md "Reports".
 */
import { Injectable } from '@nestjs/common';
import type { Filter } from '@cans/storage/read-store/read-store.port';
import type { AuthenticatedUser } from '../identity/authentication/authenticated-user';
import { IdentityDirectory } from '../identity/identity-directory';
import { RowAccessService } from '../identity/access/row-access.service';
import { FieldErrors, FieldValidationException } from '../platform/http/validation';
import { AssessmentAccessService } from '../assessments/access/assessment-access.service';
import { ComparisonDto, listOf } from './report-filter.dto';
import { reportFilterOf } from './report-cohort.service';

export const COMPARISON_MINIMUM_CHILDREN = 10;
export const COMPARISON_TOO_SMALL =
  'Unable to generate a comparison report due to there being fewer than 10 cases which meet report criteria. Please try again using different criteria.';

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
    private readonly rowAccess: RowAccessService,
    private readonly directory: IdentityDirectory,
    private readonly access: AssessmentAccessService,
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

  /** The comparison group's filter (no row access, see the file comment); refuses choices the rules forbid. */
  async comparisonFilter(user: AuthenticatedUser, dto: ComparisonDto): Promise<Filter> {
    const options = await this.options(user);
    const agencies = listOf(dto.compareAgency);
    const supervisors = listOf(dto.compareSupervisors);
    const assessors = listOf(dto.compareAssessors);
    const agencyCases = listOf(dto.compareAgencyCases);
    const errors: FieldErrors = {};
    const ownAgencyChosen = agencies.length === 0 ? user.agencyId !== null : user.agencyId !== null && agencies.includes(user.agencyId);
    const peopleAllowed = options.showAgencyCaseFilter || ownAgencyChosen;
    const supervisorIds = new Set(options.allSupervisors.map((s) => s.id));
    const assessorIds = new Set(options.allAssessors.map((a) => a.id));
    if (supervisors.length && (!peopleAllowed || supervisors.some((id) => !supervisorIds.has(id))))
      errors.compareSupervisors = ['only supervisors of your own agency, with your agency selected'];
    if (assessors.length && (!peopleAllowed || assessors.some((id) => !assessorIds.has(id))))
      errors.compareAssessors = ['only assessors of your own agency, with your agency selected'];
    if (agencyCases.length && !options.showAgencyCaseFilter) errors.compareAgencyCases = ['only state-level users compare by agency cases'];
    if (Object.keys(errors).length) throw new FieldValidationException(errors);

    const base = reportFilterOf({ ...dto, agency: undefined, assessor: undefined });
    const clauses: Filter[] = Object.keys(base).length ? [base] : [];
    if (agencies.length) clauses.push({ agencyId: { $in: agencies } });
    if (agencyCases.length) clauses.push({ agencyId: { $in: agencyCases } });
    const owners = new Set(assessors);
    for (const id of supervisors) for (const owner of await this.tree(id)) owners.add(owner);
    if (owners.size) clauses.push({ ownerId: { $in: [...owners] } });
    return clauses.length === 0 ? {} : { $and: clauses };
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
