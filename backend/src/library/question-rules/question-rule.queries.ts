import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { QUESTION_RULES_COLLECTION, QuestionRuleDocument } from '../../../../projections/src/library/library.projection';
import { equalityFilter, ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '../../storage/read-store/read-store.port';
import type { LibraryState } from '../library-stream/library-state';
import type { QuestionRuleView } from './question-rule.dto';

export const questionRuleListRules: ListRules = {
  sortable: ['name', 'code', 'action', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  filterable: ['q', 'id', 'action', 'code', 'triggerDomainId', 'triggerModuleId', 'triggerQuestionId', 'moduleId', 'questionId'],
};

/** A rule's view from the library state (see itemViewFromState: used when the read model is behind). */
export function ruleViewFromState(state: LibraryState, ruleId: string): QuestionRuleView | null {
  const rule = state.rules.get(ruleId);
  if (!rule) return null;
  const codeOf = (id: string | null) => (id === null ? null : state.items.get(id)?.code ?? null);
  return {
    id: rule.id,
    code: rule.code,
    name: rule.name,
    description: rule.description,
    triggerDomainId: rule.trigger.domainId,
    triggerModuleId: rule.trigger.moduleId,
    triggerQuestionId: rule.trigger.questionId,
    answers: [...rule.answers],
    action: rule.action,
    moduleId: rule.target.moduleId,
    questionId: rule.target.questionId,
    triggerDomainCode: codeOf(rule.trigger.domainId),
    triggerModuleCode: codeOf(rule.trigger.moduleId),
    triggerQuestionCode: codeOf(rule.trigger.questionId),
    targetModuleCode: codeOf(rule.target.moduleId),
    targetQuestionCode: codeOf(rule.target.questionId),
    revision: rule.revision,
    createdAt: state.recordedAt ?? '',
    updatedAt: state.recordedAt ?? '',
  };
}

export class ListQuestionRulesQuery {
  constructor(readonly list: ListRequest) {}
}

export class GetQuestionRuleQuery {
  constructor(readonly ruleId: string) {}
}

@QueryHandler(ListQuestionRulesQuery)
export class ListQuestionRulesHandler implements IQueryHandler<ListQuestionRulesQuery, { rows: QuestionRuleView[]; total: number }> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ list }: ListQuestionRulesQuery) {
    const filter = equalityFilter(list.filter, ['name', 'description', 'code']);
    const sort = [...list.sort, { field: 'code', direction: 'asc' as const }];
    const [rows, total] = await Promise.all([
      this.readStore.find<QuestionRuleDocument>(QUESTION_RULES_COLLECTION, filter, { sort, skip: list.skip, limit: list.limit }),
      this.readStore.count(QUESTION_RULES_COLLECTION, filter),
    ]);
    return { rows: rows as QuestionRuleView[], total };
  }
}

@QueryHandler(GetQuestionRuleQuery)
export class GetQuestionRuleHandler implements IQueryHandler<GetQuestionRuleQuery, QuestionRuleView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ ruleId }: GetQuestionRuleQuery) {
    return (await this.readStore.get<QuestionRuleDocument>(QUESTION_RULES_COLLECTION, ruleId)) as QuestionRuleView | null;
  }
}

export const questionRuleQueryHandlers = [ListQuestionRulesHandler, GetQuestionRuleHandler];
