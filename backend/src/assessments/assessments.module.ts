import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuditModule } from '../audit/audit.module';
import { LibraryModule } from '../library/library.module';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';
import { AssessmentAccessService } from './access/assessment-access.service';
import { assessmentCommandHandlers } from './commands/assessment.commands';
import { AssessmentContextService } from './commands/assessment-context.service';
import { AssessmentMails } from './commands/assessment-mails';
import { AssessmentOptionsController } from './http/assessment-options.controller';
import { AssessmentsController } from './http/assessments.controller';
import { AssessmentLibraryService } from './library/assessment-library.service';
import { ListAssessmentsHandler } from './queries/assessment-list.queries';
import { AssessmentViewService } from './queries/assessment-view.service';
import { AssessorOptionsService } from './queries/assessor-options.service';
import { ChildLookupService } from './queries/child-lookup.service';
import { AssessmentHistoryController } from './history/assessment-history.controller';
import { AssessmentAsOfService } from './history/assessment-as-of.service';
import { AssessmentHistoryService } from './history/assessment-history.service';
import { AssessmentPointsService } from './history/assessment-points.service';
import { HistoryVocabularyService } from './history/history-vocabulary.service';

/**
 * Assessments (issue 5), write side and lists: the edit page's commands, the editor view with the questionnaire
 * of the assessment's library version, the child lookups and the lists. Row access comes from the identity
 * layer's RowAccessService (global), the library from LibraryModule's exported services.
 */
@Module({
  imports: [CqrsModule, LibraryModule, AuditModule],
  controllers: [AssessmentsController, AssessmentOptionsController, AssessmentHistoryController],
  providers: [
    EventSourcedCommandHandler,
    AssessmentAccessService,
    AssessmentLibraryService,
    AssessmentContextService,
    AssessmentMails,
    ChildLookupService,
    AssessmentViewService,
    ...assessmentCommandHandlers,
    ListAssessmentsHandler,
    AssessorOptionsService,
    // The audit views (issue 16): history, the assessment as of a point, comparisons.
    AssessmentPointsService,
    HistoryVocabularyService,
    AssessmentHistoryService,
    AssessmentAsOfService,
  ],
  exports: [
    AssessmentAccessService,
    AssessmentLibraryService,
    AssessmentContextService,
    AssessmentViewService,
    ChildLookupService,
    AssessmentPointsService,
  ],
})
export class AssessmentsModule {}
