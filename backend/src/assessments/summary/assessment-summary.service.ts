import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@cans/domain/domain-errors';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { AssessmentContextService } from '../commands/assessment-context.service';
import { AssessmentLibraryService } from '../library/assessment-library.service';
import { buildAssessmentSummary, buildPrintableAssessment, mentionedUserIds } from './assessment-summary';
import type { AssessmentSummary, PrintableAssessment, SummaryInput } from './assessment-summary.types';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';

export const ASSESSMENT_NOT_FOUND = 'The assessment does not exist.';

/** Ids are UUIDs in practice; anything else is refused before touching the store. */
const ASSESSMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * Reads one assessment for the summary and print views: folds its stream (so it is never stale, unlike a read
 * model), checks the reader's row access (the same policy as the editor), and renders with the library version the
 * assessment was started on.
 */
@Injectable()
export class AssessmentSummaryService {
  constructor(
    private readonly assessments: AssessmentContextService,
    private readonly access: AssessmentAccessService,
    private readonly libraries: AssessmentLibraryService,
    private readonly childForm: ChildFormSettingsService,
  ) {}

  async summary(principal: AssessmentPrincipal, assessmentId: string): Promise<AssessmentSummary> {
    return buildAssessmentSummary(await this.input(principal, assessmentId));
  }

  async print(principal: AssessmentPrincipal, assessmentId: string): Promise<PrintableAssessment> {
    return buildPrintableAssessment(await this.input(principal, assessmentId));
  }

  private async input(principal: AssessmentPrincipal, assessmentId: string): Promise<SummaryInput> {
    if (!ASSESSMENT_ID_PATTERN.test(assessmentId)) throw new NotFoundError(ASSESSMENT_NOT_FOUND);
    const { state } = await this.assessments.load(assessmentId);
    if (!state.exists || state.status === 'deleted' || !state.child) throw new NotFoundError(ASSESSMENT_NOT_FOUND);
    const { rowAccess } = await this.access.forState(principal, state);
    // Same answer as an unknown id (as the editor's routes give): a record the caller may not see does not exist for them.
    if (!rowAccess.canView) throw new NotFoundError(ASSESSMENT_NOT_FOUND);
    if (!state.libraryVersion) throw new Error(`Assessment ${assessmentId} records no library version`);
    const [library, names, lists, labels] = await Promise.all([
      this.libraries.at(state.libraryVersion),
      this.access.userNames(mentionedUserIds(state)),
      this.childForm.optionLists(),
      this.childForm.labels(),
    ]);
    // The configured lists: the state stores option ids, so a renamed option shows its new name on screen and in PDFs.
    return { state, library, names, ...lists, labels };
  }
}
