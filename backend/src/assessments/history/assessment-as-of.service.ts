import { Injectable } from '@nestjs/common';
import type { AssessmentState } from '@cans/domain/assessments';
import { FieldChange, diffAssessmentStates } from '@cans/domain/assessments/history';
import type { AssessmentPrincipal } from '../access/assessment-access.service';
import { AssessmentContextService } from '../commands/assessment-context.service';
import { AssessmentView, AssessmentViewService } from '../queries/assessment-view.service';
import type { AsOfPoint } from './as-of-point';
import { AsOfMark, AssessmentPointsService, foldAssessment, markOf } from './assessment-points.service';
import { HistoryVocabularyService } from './history-vocabulary.service';

/** The editor's view of a past state: read-only, no action, and where in the history it stands. */
export type AsOfAssessmentView = AssessmentView & { asOf: AsOfMark };

export interface AssessmentComparison {
  before: AsOfAssessmentView;
  after: AsOfAssessmentView;
  /** From before to after, with the history's field names and labels. */
  changes: FieldChange[];
}

/**
 * The assessment as it was (GET /assessments/{id}/as-of) and two of its points side by side (…/compare): the state
 * folded from the events up to the point, drawn by the editor's own view with the library version of that moment.
 */
@Injectable()
export class AssessmentAsOfService {
  constructor(
    private readonly points: AssessmentPointsService,
    private readonly contexts: AssessmentContextService,
    private readonly views: AssessmentViewService,
    private readonly vocabularies: HistoryVocabularyService,
  ) {}

  async asOf(principal: AssessmentPrincipal, assessmentId: string, point: AsOfPoint): Promise<AsOfAssessmentView> {
    const current = await this.points.visible(principal, assessmentId);
    const { state, mark } = await this.points.at(assessmentId, point, current.revision);
    return this.view(principal, state, mark);
  }

  async compare(
    principal: AssessmentPrincipal,
    assessmentId: string,
    revision: number,
    toRevision?: number,
  ): Promise<AssessmentComparison> {
    const current = await this.points.visible(principal, assessmentId);
    this.points.checkRevision(revision, current.revision);
    if (toRevision !== undefined) this.points.checkRevision(toRevision, current.revision, 'toRevision');
    // One read serves both points: the earlier state is a prefix of the later one's events.
    const events = await this.points.readUpTo(assessmentId, toRevision);
    const split = events.findIndex((event) => event.revision > revision);
    const beforeEvents = split < 0 ? events : events.slice(0, split);
    const beforeState = foldAssessment(beforeEvents);
    const afterState = foldAssessment(split < 0 ? [] : events.slice(split), beforeState);
    const [before, after, { vocabulary }] = await Promise.all([
      this.view(principal, beforeState, markOf(beforeState, beforeEvents)),
      this.view(principal, afterState, markOf(afterState, events)),
      this.vocabularies.load(events),
    ]);
    return { before, after, changes: diffAssessmentStates(beforeState, afterState, vocabulary) };
  }

  private async view(principal: AssessmentPrincipal, state: AssessmentState, mark: AsOfMark): Promise<AsOfAssessmentView> {
    const built = await this.contexts.build(principal, state);
    return { ...(await this.views.render(state, mark.revision, built, true)), asOf: mark };
  }
}
