import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RequestActor, RequirePrivileges } from '../../identity/access/access.decorators';
import type { Actor } from '../../platform/commands/actor';
import { NotFoundError } from '../../platform/http/domain-errors';
import { exposeEventPosition } from '../../platform/http/read-your-writes';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { RULE_READERS } from '../library.privileges';
import { LibraryChangeResult, LibraryStateService } from '../library-stream/library-state.service';
import { ReadAfterWrite } from '../library-stream/read-after-write';
import { AddQuestionRuleCommand, DeleteQuestionRuleCommand, EditQuestionRuleCommand } from './question-rule.commands';
import type { QuestionRuleInput } from './question-rule.decisions';
import { QuestionRuleView, SaveQuestionRuleDto, UpdateQuestionRuleDto } from './question-rule.dto';
import { GetQuestionRuleQuery, ListQuestionRulesQuery, questionRuleListRules, ruleViewFromState } from './question-rule.queries';

const uuid = new ParseUUIDPipe({ version: '4' });

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
  @ApiOperation({ summary: 'List question rules (ra-data-simple-rest). Filters: q (name, description, code), action, code, trigger/target ids, id' })
  @ApiQuery({ name: 'sort', required: false, example: '["name","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,19]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"substance"}' })
  @ApiOkResponse({ type: [QuestionRuleView] })
  async list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, questionRuleListRules);
    const { rows, total } = await this.queries.execute(new ListQuestionRulesQuery(list));
    return sendListPage(response, 'question-rules', list.skip, rows, total);
  }

  @Get(':id')
  @RequirePrivileges(...RULE_READERS)
  @ApiOkResponse({ type: QuestionRuleView })
  async get(@Param('id', uuid) id: string): Promise<QuestionRuleView> {
    const rule = await this.queries.execute(new GetQuestionRuleQuery(id));
    if (!rule) throw new NotFoundError('The question rule does not exist.');
    return rule;
  }

  @Post()
  @RequirePrivileges('Rule_Manage')
  @ApiOperation({ summary: "Add a rule (success message: 'Question Rule was saved successfully.')" })
  @ApiCreatedResponse({ type: QuestionRuleView })
  async create(@Body() body: SaveQuestionRuleDto, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const result: LibraryChangeResult = await this.commands.execute(new AddQuestionRuleCommand(actor, toInput(body)));
    return this.answerWithRule(response, result);
  }

  @Put(':id')
  @RequirePrivileges('Rule_Manage')
  @ApiOkResponse({ type: QuestionRuleView })
  async update(
    @Param('id', uuid) id: string,
    @Body() body: UpdateQuestionRuleDto,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    const result: LibraryChangeResult = await this.commands.execute(new EditQuestionRuleCommand(actor, id, toInput(body), body.revision));
    return this.answerWithRule(response, result);
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePrivileges('Rule_Manage')
  @ApiOkResponse({ type: RuleDeletedView })
  async remove(@Param('id', uuid) id: string, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response): Promise<RuleDeletedView> {
    const result: LibraryChangeResult = await this.commands.execute(new DeleteQuestionRuleCommand(actor, id));
    exposeEventPosition(response, result.position);
    return { id, message: 'Question Rule was deleted successfully.', version: result.version };
  }

  private async answerWithRule(response: Response, result: LibraryChangeResult): Promise<QuestionRuleView> {
    exposeEventPosition(response, result.position);
    if (await this.readAfterWrite.reached(result.position)) {
      const rule: QuestionRuleView | null = await this.queries.execute(new GetQuestionRuleQuery(result.id));
      if (rule) return rule;
    }
    // The read model is behind (bounded wait elapsed): answer from the library state, which has the change.
    response.setHeader('X-Read-Model-Stale', 'true');
    const rule = ruleViewFromState(await this.library.current(), result.id);
    if (!rule) throw new NotFoundError('The question rule does not exist.');
    return rule;
  }
}
