import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { RecordLists } from '../../identity/api-users/api-client-record-limit';
import type { AuthenticatedUser } from '../../identity/authentication/authenticated-user';
import { NotFoundError } from '@cans/domain/domain-errors';
import { IdParam } from '../../platform/http/dto-building-blocks';
import { answerCommand, CommandAnswer, ListPage } from '../../platform/http/http-answers';
import { ListParams, ListRoute } from '../../platform/http/list-route';
import type { ListRequest } from '../../platform/http/simple-rest-list';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { AssessmentAccessService } from '../access/assessment-access.service';
import { AssessmentChangeResult, ChangeAssessmentCommand, StartAssessmentCommand } from '../commands/assessment.commands';
import { AssessmentContextService } from '../commands/assessment-context.service';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { AssessmentCommand, ChildInformationInput, RULE_MESSAGES, routePrivileges, sharesKeptFrom } from '@cans/domain/assessments';
import { assessmentListRules, AssessmentListRow, ListAssessmentsQuery } from '../queries/assessment-list.queries';
import { AssessmentView, AssessmentViewService } from '../queries/assessment-view.service';
import { fromWireRating } from '../queries/questionnaire-view';
import { ratingChangeView } from '../queries/rating-change-view';
import {
  AddCaregiverDto,
  BindFamilyCaregiversDto,
  ChangeAssessmentTypeDto,
  CompleteAssessmentDto,
  EditCaregiverDto,
  RateItemDto,
  ReasonDto,
  ReassignAssessmentDto,
  RevisionDto,
  SaveChildInformationDto,
  SaveCommentDto,
  SaveNarrativeDto,
  ShareAssessmentDto,
  StartAssessmentDto,
} from './assessment.dto';
import { RatingAnswer } from './rating-answer.dto';
import { timeStageSync } from '../../platform/http/server-timing';

/** Assessment and comment ids are UUIDs of any version (the routes have always taken any). */
const uuid = new ParseUUIDPipe();
type Principal = AuthenticatedUser;

/**
 * The assessment routes of the edit page and the lists (spec 000 §2 "Add / Edit Assessment", "Assessment list",
 * "Overdue and follow-up screen"). Each route declares the privileges any status of its command may need (the
 * workflow table, domain/assessment.workflow.ts); the decision then checks the privilege and the row access THIS
 * assessment's status needs, so a user without access to an assessment gets 404 by id (it is not revealed) and a
 * user who may see but not do it gets 403.
 */
@ApiTags('Assessments')
@ApiCookieAuth()
@Controller('assessments')
export class AssessmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly views: AssessmentViewService,
    private readonly contexts: AssessmentContextService,
    private readonly access: AssessmentAccessService,
    private readonly reads: RecordReadsService,
  ) {}

  @Get()
  @RequirePrivileges('Assessment_View')
  @ListRoute(
    'Assessment list, overdue and follow-up tabs (page size 20; row access applied)',
    {
      sort: '["lud","DESC"]',
      filter: '{"q":"PID-1","status":"i","view":"all"}',
    },
    assessmentListRules,
  )
  async list(@ListParams(assessmentListRules) list: ListRequest, @Auth() { user }: RequestAuth): Promise<ListPage<AssessmentListRow>> {
    return ListPage.of('assessments', list, await this.queries.execute(new ListAssessmentsQuery(user, list)));
  }

  @Post()
  @RequirePrivileges(...routePrivileges('StartAssessment'))
  @ApiOperation({ summary: 'New Assessment (add mode Save): the child information; answers the editor view' })
  async start(@Body() body: StartAssessmentDto, @Auth() { user, actor }: RequestAuth): Promise<CommandAnswer<AssessmentView>> {
    const result: AssessmentChangeResult = await this.commands.execute(
      new StartAssessmentCommand(user, actor, body.child as ChildInformationInput, {
        previousAssessmentId: body.previousAssessmentId ?? null,
      }),
    );
    return answerCommand(result, await this.views.afterChange(user, result.state, result.revision));
  }

  @Get(':id')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'The editor view: child, caregivers, questionnaire of its library version, progress, actions' })
  async get(@IdParam('id', uuid) id: string, @Auth() { user, actor }: RequestAuth): Promise<AssessmentView> {
    const view = await this.views.get(user, id);
    this.reads.record(actor, [id], 'editor');
    return view;
  }

  @Put(':id/child-information')
  @RequirePrivileges(...routePrivileges('SaveChildInformation'))
  saveChild(@IdParam('id', uuid) id: string, @Body() body: SaveChildInformationDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'SaveChildInformation', child: body.child as ChildInformationInput }], body.revision);
  }

  @Put(':id/type')
  @RequirePrivileges(...routePrivileges('ChangeAssessmentType'))
  changeType(@IdParam('id', uuid) id: string, @Body() body: ChangeAssessmentTypeDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'ChangeAssessmentType', assessmentType: body.assessmentType as string }], body.revision);
  }

  @Post(':id/caregivers')
  @RequirePrivileges(...routePrivileges('AddCaregiver'))
  addCaregiver(@IdParam('id', uuid) id: string, @Body() body: AddCaregiverDto, @Auth() auth: RequestAuth) {
    const { caregiverId: _ignored, ...details } = body.caregiver;
    return this.change(auth, id, [{ type: 'AddCaregiver', caregiverId: body.caregiverId ?? randomUUID(), details }], body.revision);
  }

  @Put(':id/caregivers/:caregiverId')
  @RequirePrivileges(...routePrivileges('EditCaregiver'))
  editCaregiver(
    @IdParam('id', uuid) id: string,
    @Param('caregiverId') caregiverId: string,
    @Body() body: EditCaregiverDto,
    @Auth() auth: RequestAuth,
  ) {
    const { caregiverId: _ignored, ...details } = body.caregiver;
    return this.change(auth, id, [{ type: 'EditCaregiver', caregiverId, details }], body.revision);
  }

  @Delete(':id/caregivers/:caregiverId')
  @RequirePrivileges(...routePrivileges('RemoveCaregiver'))
  removeCaregiver(
    @IdParam('id', uuid) id: string,
    @Param('caregiverId') caregiverId: string,
    @Body() body: RevisionDto,
    @Auth() auth: RequestAuth,
  ) {
    return this.change(auth, id, [{ type: 'RemoveCaregiver', caregiverId }], body.revision);
  }

  @Post(':id/family-caregivers')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('BindFamilyCaregivers'))
  @ApiOperation({ summary: "Save the FAMILY ID and load its caregivers from the family's other assessments (caregiver_bind_familyId)" })
  bindFamily(@IdParam('id', uuid) id: string, @Body() body: BindFamilyCaregiversDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'BindFamilyCaregivers', familyId: body.familyId, caregivers: [] }], body.revision);
  }

  @Put(':id/ratings')
  @RequirePrivileges(...routePrivileges('RateItem'))
  @ApiOperation({
    summary:
      "Save one answer (one event); answers what it changed: the rating, its domain's progress, triggered items, and the whole questionnaire only when the shown items changed. Merges with concurrent answers: no revision.",
  })
  @ApiOkResponse({ type: RatingAnswer })
  async rate(@IdParam('id', uuid) id: string, @Body() body: RateItemDto, @Auth() auth: RequestAuth): Promise<CommandAnswer<RatingAnswer>> {
    const rating = fromWireRating(body.rating);
    const caregiverId = body.caregiverId ?? null;
    const command: AssessmentCommand =
      rating === null
        ? { type: 'ClearItemRating', questionCode: body.questionCode, caregiverId }
        : { type: 'RateItem', questionCode: body.questionCode, caregiverId, rating: rating as Rating };
    const result: AssessmentChangeResult = await this.commands.execute(new ChangeAssessmentCommand(auth.user, auth.actor, id, [command]));
    return timeStageSync(auth.actor.stages, 'answer', () => {
      const change = result.library
        ? ratingChangeView(result.before, result.state, result.library, { questionCode: body.questionCode, caregiverId })
        : null;
      return answerCommand(result, {
        revision: result.revision,
        position: result.position,
        ...RatingAnswer.of(change, body.questionCode, caregiverId),
      });
    });
  }

  @Put(':id/comments/:commentId')
  @RequirePrivileges(...routePrivileges('SaveQuestionComment'))
  @ApiOperation({ summary: 'Add (new commentId) or edit a question comment. Merges with concurrent answers: no revision.' })
  saveComment(
    @IdParam('id', uuid) id: string,
    @IdParam('commentId', uuid) commentId: string,
    @Body() body: SaveCommentDto,
    @Auth() auth: RequestAuth,
  ) {
    const command: AssessmentCommand = {
      type: 'SaveQuestionComment',
      commentId,
      questionCode: body.questionCode,
      caregiverId: body.caregiverId ?? null,
      content: body.content as string,
    };
    return this.change(auth, id, [command]);
  }

  @Delete(':id/comments/:commentId')
  @RequirePrivileges(...routePrivileges('DeleteQuestionComment'))
  deleteComment(@IdParam('id', uuid) id: string, @IdParam('commentId', uuid) commentId: string, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'DeleteQuestionComment', commentId }]);
  }

  @Put(':id/narrative')
  @RequirePrivileges(...routePrivileges('SaveNarrative'))
  saveNarrative(@IdParam('id', uuid) id: string, @Body() body: SaveNarrativeDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'SaveNarrative', narrative: { ...body.narrative } }], body.revision);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('CompleteAssessment'))
  @ApiOperation({ summary: 'Complete (i/r → c). With `child`, saves the child first, in the same append.' })
  complete(@IdParam('id', uuid) id: string, @Body() body: CompleteAssessmentDto, @Auth() auth: RequestAuth) {
    const commands: AssessmentCommand[] = body.child ? [{ type: 'SaveChildInformation', child: body.child as ChildInformationInput }] : [];
    return this.change(auth, id, [...commands, { type: 'CompleteAssessment' }], body.revision);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ApproveAssessment'))
  approve(@IdParam('id', uuid) id: string, @Body() body: RevisionDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'ApproveAssessment' }], body.revision);
  }

  @Post(':id/return')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ReturnAssessment'))
  returnIt(@IdParam('id', uuid) id: string, @Body() body: ReasonDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'ReturnAssessment', reason: body.reason as string }], body.revision);
  }

  @Post(':id/close')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('CloseAssessment'))
  close(@IdParam('id', uuid) id: string, @Body() body: ReasonDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'CloseAssessment', reason: body.reason as string }], body.revision);
  }

  @Post(':id/delete')
  @HttpCode(204)
  @RequirePrivileges(...routePrivileges('DeleteAssessment'))
  @ApiNoContentResponse({ description: 'Deleted (status d); X-Event-Position set' })
  async remove(@IdParam('id', uuid) id: string, @Body() body: RevisionDto, @Auth() auth: RequestAuth): Promise<CommandAnswer<void>> {
    const result: AssessmentChangeResult = await this.commands.execute(
      new ChangeAssessmentCommand(auth.user, auth.actor, id, [{ type: 'DeleteAssessment' }], body.revision),
    );
    return answerCommand(result, undefined);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePrivileges(...routePrivileges('DeleteAssessment'))
  @ApiNoContentResponse({ description: 'Same as POST /assessments/:id/delete (react-admin delete)' })
  removeByDelete(@IdParam('id', uuid) id: string, @Body() body: RevisionDto, @Auth() auth: RequestAuth): Promise<CommandAnswer<void>> {
    return this.remove(id, body, auth);
  }

  @Post(':id/include')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('IncludeInReports'))
  include(@IdParam('id', uuid) id: string, @Body() body: RevisionDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'IncludeInReports' }], body.revision);
  }

  @Post(':id/exclude')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ExcludeFromReports'))
  exclude(@IdParam('id', uuid) id: string, @Body() body: RevisionDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'ExcludeFromReports' }], body.revision);
  }

  @Post(':id/share')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ShareAssessment'))
  @ApiOperation({
    summary:
      'Share with sibling users (needs edit rights on the assessment); shares others granted stay unless you are the case worker or above them',
  })
  share(@IdParam('id', uuid) id: string, @Body() body: ShareAssessmentDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'ShareAssessment', userIds: body.userIds }], body.revision);
  }

  @Get(':id/share-options')
  @RecordLists('siblingUsers')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({
    summary:
      'Share Assessment To: the sibling users (same supervisor), who it is shared with now, and the shares others granted that a share by you keeps',
  })
  async shareOptions(@IdParam('id', uuid) id: string, @Auth() { user }: RequestAuth) {
    const { state } = await this.visible(user, id);
    const keptShares = sharesKeptFrom(state, user.id, await this.access.isAboveOwner(user, state.ownerId));
    // The owner is never a share (they own it), so they are not offered.
    const siblingUsers = (await this.access.siblingsOf(user.id)).filter((u) => u.id !== state.ownerId);
    return { siblingUsers, sharedWith: [...state.sharedWith], keptShares };
  }

  @Post(':id/reassign')
  @HttpCode(200)
  @RequirePrivileges('Assessment_View')
  @ApiOperation({
    summary: 'Reassign to a sibling user of the case worker (the case worker, or User_Actions with edit rights on the assessment)',
  })
  reassign(@IdParam('id', uuid) id: string, @Body() body: ReassignAssessmentDto, @Auth() auth: RequestAuth) {
    return this.change(auth, id, [{ type: 'ReassignAssessment', toUserId: body.toUserId, toUserAgencyId: null }], body.revision);
  }

  @Get(':id/reassign-options')
  @RecordLists('siblingUsers')
  @RequirePrivileges('Assessment_View')
  async reassignOptions(@IdParam('id', uuid) id: string, @Auth() { user }: RequestAuth) {
    const { state } = await this.visible(user, id);
    return { siblingUsers: await this.access.siblingsOf(state.ownerId), ownerId: state.ownerId };
  }

  /** Loads an assessment the user may see, or 404. */
  private async visible(user: Principal, id: string) {
    const loaded = await this.contexts.load(id);
    const { rowAccess } = await this.access.forState(user, loaded.state);
    if (!loaded.state.exists || loaded.state.status === 'deleted' || !rowAccess.canView) throw new NotFoundError(RULE_MESSAGES.notFound);
    return loaded;
  }

  /** Decides the commands as one batch and answers the editor view after them. */
  private async change(
    { user, actor }: RequestAuth,
    id: string,
    commands: AssessmentCommand[],
    revision?: number,
  ): Promise<CommandAnswer<AssessmentView>> {
    const result: AssessmentChangeResult = await this.commands.execute(new ChangeAssessmentCommand(user, actor, id, commands, revision));
    return answerCommand(result, await this.views.afterChange(user, result.state, result.revision));
  }
}
