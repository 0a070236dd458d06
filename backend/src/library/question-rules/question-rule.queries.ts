import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { getQuestionRule, listQuestionRules } from '@cans/projections/library/library.queries';
import type { ListRequest, ListRules } from '../../platform/http/simple-rest-list';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { LibraryState } from '@cans/domain/library/library-state';
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
  const codeOf = (id: string | null) => (id === null ? null : (state.items.get(id)?.code ?? null));
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

  execute({ list }: ListQuestionRulesQuery) {
    return listQuestionRules(this.readStore, list);
  }
}

@QueryHandler(GetQuestionRuleQuery)
export class GetQuestionRuleHandler implements IQueryHandler<GetQuestionRuleQuery, QuestionRuleView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ ruleId }: GetQuestionRuleQuery) {
    return getQuestionRule(this.readStore, ruleId);
  }
}

export const questionRuleQueryHandlers = [ListQuestionRulesHandler, GetQuestionRuleHandler];
