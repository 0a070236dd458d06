import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../platform/commands/actor';
import { LibraryChangeResult, LibraryStateService } from '../library-stream/library-state.service';
import { decideAddRule, decideDeleteRule, decideEditRule, QuestionRuleInput } from './question-rule.decisions';

export class AddQuestionRuleCommand {
  constructor(readonly actor: Actor, readonly input: QuestionRuleInput, readonly ruleId: string = randomUUID()) {}
}

export class EditQuestionRuleCommand {
  constructor(readonly actor: Actor, readonly ruleId: string, readonly input: QuestionRuleInput, readonly expectedRevision?: number) {}
}

export class DeleteQuestionRuleCommand {
  constructor(readonly actor: Actor, readonly ruleId: string) {}
}

@CommandHandler(AddQuestionRuleCommand)
export class AddQuestionRuleHandler implements ICommandHandler<AddQuestionRuleCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, input, ruleId }: AddQuestionRuleCommand) {
    return this.library.change(actor, (state) => decideAddRule(state, input, ruleId));
  }
}

@CommandHandler(EditQuestionRuleCommand)
export class EditQuestionRuleHandler implements ICommandHandler<EditQuestionRuleCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, ruleId, input, expectedRevision }: EditQuestionRuleCommand) {
    return this.library.change(actor, (state) => decideEditRule(state, ruleId, input, expectedRevision));
  }
}

@CommandHandler(DeleteQuestionRuleCommand)
export class DeleteQuestionRuleHandler implements ICommandHandler<DeleteQuestionRuleCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, ruleId }: DeleteQuestionRuleCommand) {
    return this.library.change(actor, (state) => decideDeleteRule(state, ruleId));
  }
}

export const questionRuleCommandHandlers = [AddQuestionRuleHandler, EditQuestionRuleHandler, DeleteQuestionRuleHandler];
