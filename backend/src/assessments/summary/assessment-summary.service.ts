import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@cans/domain/domain-errors';
import { AssessmentAccessService, AssessmentPrincipal } from '../access/assessment-access.service';
import { AssessmentContextService } from '../commands/assessment-context.service';
import { AssessmentLibraryService } from '../library/assessment-library.service';
import { buildAssessmentSummary, buildPrintableAssessment, mentionedUserIds } from './assessment-summary';
import type { AssessmentSummary, PrintableAssessment, SummaryInput } from './assessment-summary.types';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';
import { AS_OF_MESSAGES, AsOfPoint, refuse } from '../history/as-of-point';
import { AsOfMark, AssessmentPointsService } from '../history/assessment-points.service';

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
    private readonly points: AssessmentPointsService,
  ) {}

  /** `point`: as the assessment was then (issue 16), with `asOf` saying where in its history. */
  async summary(principal: AssessmentPrincipal, assessmentId: string, point?: AsOfPoint): Promise<AssessmentSummary> {
    const { input, asOf } = await this.input(principal, assessmentId, point);
    return asOf ? { ...buildAssessmentSummary(input), asOf } : buildAssessmentSummary(input);
  }

  async print(principal: AssessmentPrincipal, assessmentId: string, point?: AsOfPoint): Promise<PrintableAssessment> {
    const { input, asOf } = await this.input(principal, assessmentId, point);
    return asOf ? { ...buildPrintableAssessment(input), asOf } : buildPrintableAssessment(input);
  }

  private async input(
    principal: AssessmentPrincipal,
    assessmentId: string,
    point?: AsOfPoint,
  ): Promise<{ input: SummaryInput; asOf?: AsOfMark }> {
    if (!ASSESSMENT_ID_PATTERN.test(assessmentId)) throw new NotFoundError(ASSESSMENT_NOT_FOUND);
    const loaded = await this.assessments.load(assessmentId);
    if (!loaded.state.exists || loaded.state.status === 'deleted' || !loaded.state.child) throw new NotFoundError(ASSESSMENT_NOT_FOUND);
    const { rowAccess } = await this.access.forState(principal, loaded.state);
    // Same answer as an unknown id (as the editor's routes give): a record the caller may not see does not exist for them.
    if (!rowAccess.canView) throw new NotFoundError(ASSESSMENT_NOT_FOUND);
    // Access is judged on the assessment as it is now; the content is the state of the point, with its library version.
    const past = point && (await this.points.at(assessmentId, point, loaded.revision === 'no_stream' ? -1 : loaded.revision));
    const state = past ? past.state : loaded.state;
    if (!state.child) refuse({ [point && 'at' in point ? 'at' : 'revision']: [AS_OF_MESSAGES.noChildYet] });
    if (!state.libraryVersion) throw new Error(`Assessment ${assessmentId} records no library version`);
    const [library, names, lists, labels] = await Promise.all([
      this.libraries.at(state.libraryVersion),
      this.access.userNames(mentionedUserIds(state)),
      this.childForm.optionLists(),
      this.childForm.labels(),
    ]);
    // The configured lists: the state stores option ids, so a renamed option shows its new name on screen and in PDFs.
    return { input: { state, library, names, ...lists, labels }, ...(past ? { asOf: past.mark } : {}) };
  }
}
