import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { CurrentUser, RequestActor, RequirePrivileges } from '../../identity/access/access.decorators';
import { RecordLists } from '../../identity/api-users/api-client-record-limit';
import type { AuthenticatedUser } from '../../identity/authentication/authenticated-user';
import type { Actor } from '../../platform/commands/actor';
import { NotFoundError } from '../../platform/http/domain-errors';
import { exposeEventPosition } from '../../platform/http/read-your-writes';
import { parseListQuery, sendListPage, SimpleRestListQuery } from '../../platform/http/simple-rest-list';
import { AssessmentAccessService } from '../access/assessment-access.service';
import { AssessmentChangeResult, ChangeAssessmentCommand, StartAssessmentCommand } from '../commands/assessment.commands';
import { AssessmentContextService } from '../commands/assessment-context.service';
import type { Rating } from '../../library/instrument/instrument.types';
import { AssessmentCommand, ChildInformationInput, RULE_MESSAGES, routePrivileges, sharesKeptFrom } from '../domain';
import { assessmentListRules, AssessmentListRow, ListAssessmentsQuery } from '../queries/assessment-list.queries';
import { AssessmentView, AssessmentViewService } from '../queries/assessment-view.service';
import { fromWireRating, questionnaireView, triggeredItems } from '../queries/questionnaire-view';
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
  ) {}

  @Get()
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'Assessment list, overdue and follow-up tabs (simple-rest; page size 20; row access applied)' })
  @ApiQuery({ name: 'sort', required: false, example: '["lud","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,19]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"PID-1","status":"i","view":"all"}' })
  async list(@Query() query: SimpleRestListQuery, @CurrentUser() user: Principal, @Res({ passthrough: true }) response: Response): Promise<AssessmentListRow[]> {
    const list = parseListQuery(query, assessmentListRules);
    const { rows, total } = await this.queries.execute(new ListAssessmentsQuery(user, list));
    return sendListPage(response, 'assessments', list.skip, rows, total);
  }

  @Post()
  @RequirePrivileges(...routePrivileges('StartAssessment'))
  @ApiOperation({ summary: 'New Assessment (add mode Save): the child information; answers the editor view' })
  async start(@Body() body: StartAssessmentDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response): Promise<AssessmentView> {
    const result: AssessmentChangeResult = await this.commands.execute(
      new StartAssessmentCommand(user, actor, body.child as ChildInformationInput, { previousAssessmentId: body.previousAssessmentId ?? null }),
    );
    exposeEventPosition(response, result.position);
    return this.views.afterChange(user, result.state, result.revision);
  }

  @Get(':id')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'The editor view: child, caregivers, questionnaire of its library version, progress, actions' })
  get(@Param('id', uuid) id: string, @CurrentUser() user: Principal): Promise<AssessmentView> {
    return this.views.get(user, id);
  }

  @Put(':id/child-information')
  @RequirePrivileges(...routePrivileges('SaveChildInformation'))
  saveChild(@Param('id', uuid) id: string, @Body() body: SaveChildInformationDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'SaveChildInformation', child: body.child as ChildInformationInput }], body.revision, response);
  }

  @Put(':id/type')
  @RequirePrivileges(...routePrivileges('ChangeAssessmentType'))
  changeType(@Param('id', uuid) id: string, @Body() body: ChangeAssessmentTypeDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'ChangeAssessmentType', assessmentType: body.assessmentType as string }], body.revision, response);
  }

  @Post(':id/caregivers')
  @RequirePrivileges(...routePrivileges('AddCaregiver'))
  addCaregiver(@Param('id', uuid) id: string, @Body() body: AddCaregiverDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const { caregiverId: _ignored, ...details } = body.caregiver;
    return this.change(user, actor, id, [{ type: 'AddCaregiver', caregiverId: body.caregiverId ?? randomUUID(), details }], body.revision, response);
  }

  @Put(':id/caregivers/:caregiverId')
  @RequirePrivileges(...routePrivileges('EditCaregiver'))
  editCaregiver(
    @Param('id', uuid) id: string,
    @Param('caregiverId') caregiverId: string,
    @Body() body: EditCaregiverDto,
    @CurrentUser() user: Principal,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { caregiverId: _ignored, ...details } = body.caregiver;
    return this.change(user, actor, id, [{ type: 'EditCaregiver', caregiverId, details }], body.revision, response);
  }

  @Delete(':id/caregivers/:caregiverId')
  @RequirePrivileges(...routePrivileges('RemoveCaregiver'))
  removeCaregiver(
    @Param('id', uuid) id: string,
    @Param('caregiverId') caregiverId: string,
    @Body() body: RevisionDto,
    @CurrentUser() user: Principal,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change(user, actor, id, [{ type: 'RemoveCaregiver', caregiverId }], body.revision, response);
  }

  @Post(':id/family-caregivers')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('BindFamilyCaregivers'))
  @ApiOperation({ summary: 'Save the FAMILY ID and load its caregivers from the family\'s other assessments (caregiver_bind_familyId)' })
  bindFamily(@Param('id', uuid) id: string, @Body() body: BindFamilyCaregiversDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'BindFamilyCaregivers', familyId: body.familyId, caregivers: [] }], body.revision, response);
  }

  @Put(':id/ratings')
  @RequirePrivileges(...routePrivileges('RateItem'))
  @ApiOperation({ summary: 'Save one answer (one event); answers the questionnaire with triggered modules/questions and progress. Merges with concurrent answers: no revision.' })
  async rate(@Param('id', uuid) id: string, @Body() body: RateItemDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const rating = fromWireRating(body.rating);
    const caregiverId = body.caregiverId ?? null;
    const command: AssessmentCommand =
      rating === null
        ? { type: 'ClearItemRating', questionCode: body.questionCode, caregiverId }
        : { type: 'RateItem', questionCode: body.questionCode, caregiverId, rating: rating as Rating };
    const result: AssessmentChangeResult = await this.commands.execute(new ChangeAssessmentCommand(user, actor, id, [command]));
    exposeEventPosition(response, result.position);
    const questionnaire = result.library ? questionnaireView(result.state, result.library) : null;
    return {
      revision: result.revision,
      position: result.position,
      questionnaire,
      triggered: result.library ? triggeredItems(result.state, result.library) : { modules: [], questions: [] },
      progress: questionnaire?.progress ?? 0,
    };
  }

  @Put(':id/comments/:commentId')
  @RequirePrivileges(...routePrivileges('SaveQuestionComment'))
  @ApiOperation({ summary: 'Add (new commentId) or edit a question comment. Merges with concurrent answers: no revision.' })
  saveComment(
    @Param('id', uuid) id: string,
    @Param('commentId', uuid) commentId: string,
    @Body() body: SaveCommentDto,
    @CurrentUser() user: Principal,
    @RequestActor() actor: Actor,
    @Res({ passthrough: true }) response: Response,
  ) {
    const command: AssessmentCommand = { type: 'SaveQuestionComment', commentId, questionCode: body.questionCode, caregiverId: body.caregiverId ?? null, content: body.content as string };
    return this.change(user, actor, id, [command], undefined, response);
  }

  @Delete(':id/comments/:commentId')
  @RequirePrivileges(...routePrivileges('DeleteQuestionComment'))
  deleteComment(@Param('id', uuid) id: string, @Param('commentId', uuid) commentId: string, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'DeleteQuestionComment', commentId }], undefined, response);
  }

  @Put(':id/narrative')
  @RequirePrivileges(...routePrivileges('SaveNarrative'))
  saveNarrative(@Param('id', uuid) id: string, @Body() body: SaveNarrativeDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'SaveNarrative', narrative: { ...body.narrative } }], body.revision, response);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('CompleteAssessment'))
  @ApiOperation({ summary: 'Complete (i/r → c). With `child`, saves the child first, in the same append.' })
  complete(@Param('id', uuid) id: string, @Body() body: CompleteAssessmentDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    const commands: AssessmentCommand[] = body.child ? [{ type: 'SaveChildInformation', child: body.child as ChildInformationInput }] : [];
    return this.change(user, actor, id, [...commands, { type: 'CompleteAssessment' }], body.revision, response);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ApproveAssessment'))
  approve(@Param('id', uuid) id: string, @Body() body: RevisionDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'ApproveAssessment' }], body.revision, response);
  }

  @Post(':id/return')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ReturnAssessment'))
  returnIt(@Param('id', uuid) id: string, @Body() body: ReasonDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'ReturnAssessment', reason: body.reason as string }], body.revision, response);
  }

  @Post(':id/close')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('CloseAssessment'))
  close(@Param('id', uuid) id: string, @Body() body: ReasonDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'CloseAssessment', reason: body.reason as string }], body.revision, response);
  }

  @Post(':id/delete')
  @HttpCode(204)
  @RequirePrivileges(...routePrivileges('DeleteAssessment'))
  @ApiNoContentResponse({ description: 'Deleted (status d); X-Event-Position set' })
  async remove(@Param('id', uuid) id: string, @Body() body: RevisionDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response): Promise<void> {
    const result: AssessmentChangeResult = await this.commands.execute(new ChangeAssessmentCommand(user, actor, id, [{ type: 'DeleteAssessment' }], body.revision));
    exposeEventPosition(response, result.position);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePrivileges(...routePrivileges('DeleteAssessment'))
  @ApiNoContentResponse({ description: 'Same as POST /assessments/:id/delete (react-admin delete)' })
  async removeByDelete(@Param('id', uuid) id: string, @Body() body: RevisionDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response): Promise<void> {
    return this.remove(id, body, user, actor, response);
  }

  @Post(':id/include')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('IncludeInReports'))
  include(@Param('id', uuid) id: string, @Body() body: RevisionDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'IncludeInReports' }], body.revision, response);
  }

  @Post(':id/exclude')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ExcludeFromReports'))
  exclude(@Param('id', uuid) id: string, @Body() body: RevisionDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'ExcludeFromReports' }], body.revision, response);
  }

  @Post(':id/share')
  @HttpCode(200)
  @RequirePrivileges(...routePrivileges('ShareAssessment'))
  @ApiOperation({ summary: 'Share with sibling users (needs edit rights on the assessment); shares others granted stay unless you are the case worker or above them' })
  share(@Param('id', uuid) id: string, @Body() body: ShareAssessmentDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'ShareAssessment', userIds: body.userIds }], body.revision, response);
  }

  @Get(':id/share-options')
  @RecordLists('siblingUsers')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'Share Assessment To: the sibling users (same supervisor), who it is shared with now, and the shares others granted that a share by you keeps' })
  async shareOptions(@Param('id', uuid) id: string, @CurrentUser() user: Principal) {
    const { state } = await this.visible(user, id);
    const keptShares = sharesKeptFrom(state, user.id, await this.access.isAboveOwner(user, state.ownerId));
    // The owner is never a share (they own it), so they are not offered.
    const siblingUsers = (await this.access.siblingsOf(user.id)).filter((u) => u.id !== state.ownerId);
    return { siblingUsers, sharedWith: [...state.sharedWith], keptShares };
  }

  @Post(':id/reassign')
  @HttpCode(200)
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'Reassign to a sibling user of the case worker (the case worker, or User_Actions with edit rights on the assessment)' })
  reassign(@Param('id', uuid) id: string, @Body() body: ReassignAssessmentDto, @CurrentUser() user: Principal, @RequestActor() actor: Actor, @Res({ passthrough: true }) response: Response) {
    return this.change(user, actor, id, [{ type: 'ReassignAssessment', toUserId: body.toUserId, toUserAgencyId: null }], body.revision, response);
  }

  @Get(':id/reassign-options')
  @RecordLists('siblingUsers')
  @RequirePrivileges('Assessment_View')
  async reassignOptions(@Param('id', uuid) id: string, @CurrentUser() user: Principal) {
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

  private async change(user: Principal, actor: Actor, id: string, commands: AssessmentCommand[], revision: number | undefined, response: Response): Promise<AssessmentView> {
    const result: AssessmentChangeResult = await this.commands.execute(new ChangeAssessmentCommand(user, actor, id, commands, revision));
    exposeEventPosition(response, result.position);
    return this.views.afterChange(user, result.state, result.revision);
  }
}
