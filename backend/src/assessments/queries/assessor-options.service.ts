import { Inject, Injectable } from '@nestjs/common';
import {
  allAssessors,
  assessmentIdsSharedWith,
  countAssessmentRows,
  getAssessmentRows,
} from '@cans/projections/assessments/assessment-list.queries';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { Filter, ReadStore } from '@cans/storage/read-store/read-store.port';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { assessmentListFilter } from './assessment-list.queries';

export interface AssessorOption {
  id: string;
  name: string;
}

/** The most options one answer carries (an autocomplete: the user types to narrow). */
export const ASSESSOR_OPTIONS_LIMIT = 25;

/**
 * Options of the assessment list's Assessor filter (spec 000 §2 Filters, shown with Assessment_View): the case
 * workers who own at least one assessment the caller may see, by name. Not the user directory (User_View): only
 * names the caller's own list already shows.
 */
@Injectable()
export class AssessorOptionsService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly access: AssessmentAccessService,
  ) {}

  async search(principal: AssessmentPrincipal, text: string | undefined, now: Date = new Date()): Promise<AssessorOption[]> {
    const { scope, filter: scopeFilter } = await this.access.listScope(principal);
    const candidates = await this.candidateOwnerIds(principal, scope);
    const needle = text?.trim().toLowerCase() ?? '';
    const assessors = (await allAssessors(this.readStore))
      .filter((a) => a.idCount > 0 && (!candidates || candidates.has(a.id)))
      .map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim() }))
      .filter((a) => a.name.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name));
    // No overdue / follow-up view: the overdue threshold (0 here) plays no part.
    const live = assessmentListFilter({}, now.toISOString().slice(0, 10), 0).filter;
    const found: AssessorOption[] = [];
    for (const assessor of assessors) {
      if (found.length >= ASSESSOR_OPTIONS_LIMIT) break;
      const where: Filter = { $and: [scopeFilter, live, { ownerId: assessor.id }].filter((f) => Object.keys(f).length > 0) };
      if ((await countAssessmentRows(this.readStore, where)) > 0) found.push(assessor);
    }
    return found;
  }

  /** Owners whose assessments the caller may see (null: possibly anyone, e.g. a monitor of an agency). */
  private async candidateOwnerIds(
    principal: AssessmentPrincipal,
    scope: Awaited<ReturnType<AssessmentAccessService['listScope']>>['scope'],
  ): Promise<Set<string> | null> {
    if (scope.everything || scope.agencyIds.length > 0) return null;
    const owners = new Set([scope.actorId, ...scope.editableOwnerIds, ...scope.viewableOwnerIds, ...scope.temporary.map((t) => t.ownerId)]);
    const shared = await getAssessmentRows(this.readStore, await assessmentIdsSharedWith(this.readStore, principal.id));
    for (const row of shared) owners.add(row.ownerId);
    return owners;
  }
}
