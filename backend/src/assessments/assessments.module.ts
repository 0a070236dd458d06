import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
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

/**
 * Assessments (issue 5), write side and lists: the edit page's commands, the editor view with the questionnaire
 * of the assessment's library version, the child lookups and the lists. Row access comes from the identity
 * layer's RowAccessService (global), the library from LibraryModule's exported services.
 */
@Module({
  imports: [CqrsModule, LibraryModule],
  controllers: [AssessmentsController, AssessmentOptionsController],
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
  ],
  exports: [AssessmentAccessService, AssessmentLibraryService, AssessmentContextService, AssessmentViewService, ChildLookupService],
})
export class AssessmentsModule {}
