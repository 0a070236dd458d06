import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';
import { LibraryEvaluationService } from './instrument-versions/library-evaluation.service';
import { ListLibraryVersionsHandler } from './instrument-versions/library-version.queries';
import { LibraryVersionsController } from './instrument-versions/library-versions.controller';
import { libraryItemQueryHandlers } from './library-items/library-item.queries';
import { LibraryItemsController } from './library-items/library-items.controller';
import { LibraryCommandHandler } from './library-stream/library.commands';
import { LibraryStateService } from './library-stream/library-state.service';
import { ReadAfterWrite } from '../platform/projections/read-after-write';
import { questionRuleQueryHandlers } from './question-rules/question-rule.queries';
import { QuestionRulesController } from './question-rules/question-rules.controller';

/**
 * The question library: items, question rules, versions and evaluation. Exports the services the assessments
 * and reports features use in-process: LibraryStateService (instrumentAt(version), currentInstrument()) and
 * LibraryEvaluationService (evaluate()).
 */
@Module({
  imports: [CqrsModule],
  controllers: [LibraryItemsController, LibraryVersionsController, QuestionRulesController],
  providers: [
    EventSourcedCommandHandler,
    LibraryStateService,
    LibraryEvaluationService,
    ReadAfterWrite,
    LibraryCommandHandler,
    ...libraryItemQueryHandlers,
    ...questionRuleQueryHandlers,
    ListLibraryVersionsHandler,
  ],
  exports: [LibraryStateService, LibraryEvaluationService],
})
export class LibraryModule {}
