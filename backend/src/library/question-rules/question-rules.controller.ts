import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@cans/domain/domain-errors';
import type { QuestionRuleCommand, QuestionRuleInput } from '@cans/domain/library/question-rule.decider';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { RULE_READERS } from '../library.privileges';
import { LibraryChangeResult, LibraryCommandRequest } from '../library-stream/library.commands';
import { LibraryStateService } from '../library-stream/library-state.service';
import { ReadAfterWrite } from '../../platform/projections/read-after-write';
import { QuestionRuleView, SaveQuestionRuleDto, UpdateQuestionRuleDto } from './question-rule.dto';
import { GetQuestionRuleQuery, ListQuestionRulesQuery, questionRuleListRules, ruleViewFromState } from './question-rule.queries';

const RULE_NOT_FOUND = 'The question rule does not exist.';

class RuleDeletedView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'Question Rule was deleted successfully.' }) message!: string;
  @ApiProperty() version!: number;
}

function toInput(body: SaveQuestionRuleDto): QuestionRuleInput {
  return {
    code: body.code,
    name: body.name,
    description: body.description,
    triggerDomainId: body.triggerDomainId,
    triggerModuleId: body.triggerModuleId,
    triggerQuestionId: body.triggerQuestionId,
    answers: body.answers,
    action: body.action,
    moduleId: body.moduleId,
    questionId: body.questionId,
  };
}

/** Question rules (spec 002 "Question Rules", "Question rule form"). Rules live on the library stream: every change is a new library version. */
@ApiTags('Question rules')
@ApiCookieAuth()
@ApiBearerAuth()
@Controller('question-rules')
export class QuestionRulesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly library: LibraryStateService,
    private readonly readAfterWrite: ReadAfterWrite,
  ) {}

  @Get()
  @RequirePrivileges(...RULE_READERS)
  @ListRoute(
    'List question rules. Filters: q (name, description, code), action, code, trigger/target ids, id',
    {
      sort: '["name","ASC"]',
      filter: '{"q":"substance"}',
    },
    questionRuleListRules,
  )
  @ApiOkResponse({ type: [QuestionRuleView] })
  async list(@ListParams(questionRuleListRules) list: ListRequest) {
    return ListPage.of('question-rules', list, await this.queries.execute(new ListQuestionRulesQuery(list)));
  }

  @Get(':id')
  @RequirePrivileges(...RULE_READERS)
  @ApiOkResponse({ type: QuestionRuleView })
  async get(@IdParam() id: string): Promise<QuestionRuleView> {
    const rule = await this.queries.execute(new GetQuestionRuleQuery(id));
    if (!rule) throw new NotFoundError(RULE_NOT_FOUND);
    return rule;
  }

  @Post()
  @RequirePrivileges('Rule_Manage')
  @ApiOperation({ summary: "Add a rule (success message: 'Question Rule was saved successfully.')" })
  @ApiCreatedResponse({ type: QuestionRuleView })
  async create(@Body() body: SaveQuestionRuleDto, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, { type: 'AddQuestionRule', ruleId: randomUUID(), input: toInput(body) });
    const shown = await this.ruleAsShown(result);
    return answerCommand(result, shown.view, { readModelStale: shown.stale });
  }

  @Put(':id')
  @RequirePrivileges('Rule_Manage')
  @ApiOkResponse({ type: QuestionRuleView })
  async update(@IdParam() id: string, @Body() body: UpdateQuestionRuleDto, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, {
      type: 'EditQuestionRule',
      ruleId: id,
      input: toInput(body),
      expectedRevision: body.revision,
    });
    const shown = await this.ruleAsShown(result);
    return answerCommand(result, shown.view, { readModelStale: shown.stale });
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePrivileges('Rule_Manage')
  @ApiOkResponse({ type: RuleDeletedView })
  async remove(@IdParam() id: string, @Auth() { actor }: RequestAuth) {
    const result = await this.execute(actor, { type: 'DeleteQuestionRule', ruleId: id });
    const body: RuleDeletedView = { id, message: 'Question Rule was deleted successfully.', version: result.version };
    return answerCommand(result, body);
  }

  private execute(actor: RequestAuth['actor'], command: QuestionRuleCommand): Promise<LibraryChangeResult> {
    return this.commands.execute(new LibraryCommandRequest(actor, command));
  }

  /**
   * The rule as GET shows it (after the read model caught up with the change). stale: the bounded wait elapsed and
   * the answer comes from the library state instead (answered as X-Read-Model-Stale).
   */
  private ruleAsShown(result: LibraryChangeResult): Promise<{ view: QuestionRuleView; stale: boolean }> {
    return this.readAfterWrite.shown(
      result.position,
      () => this.queries.execute(new GetQuestionRuleQuery(result.id)),
      async () => ruleViewFromState(await this.library.current(), result.id),
      RULE_NOT_FOUND,
    );
  }
}
