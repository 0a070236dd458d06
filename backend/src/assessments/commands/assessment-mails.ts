import { Inject, Injectable, Logger } from '@nestjs/common';
import { ASSESSMENT_STATUS_LABELS, AssessmentEvent, AssessmentState } from '@cans/domain/assessments';
import { TemplatedMailer } from '../../administration/email-templates/templated-mailer';
import { IDENTITY_CONFIG, IdentityConfig } from '../../identity/identity-config';
import { IdentityDirectory } from '../../identity/identity-directory';

/** 'yyyy-MM-dd' → 'MM/dd/yyyy' (how mails show dates); anything else as it is. */
export function usDate(isoDate: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : (isoDate ?? '');
}

/** The absolute address of an assessment's page, for mails. */
export const assessmentLinkOf = (publicUrl: string, assessmentId: string): string =>
  `${publicUrl}/assessment/childinfo/edit/${encodeURIComponent(assessmentId)}`;

/**
 * Mails that follow an assessment change: a reassigned assessment is announced to its new owner (the ReAssign
 * template). The change is made whatever becomes of the mail: a failure is logged, never answered.
 */
@Injectable()
export class AssessmentMails {
  private readonly logger = new Logger('AssessmentMails');

  constructor(
    private readonly mailer: TemplatedMailer,
    private readonly directory: IdentityDirectory,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async afterChange(events: readonly AssessmentEvent[], state: AssessmentState, actorUserId: string): Promise<void> {
    for (const event of events) {
      if (event.type !== 'AssessmentReassigned') continue;
      const { fromUserId, toUserId, assessmentId } = event.data;
      try {
        await this.mailReassigned(assessmentId, state, fromUserId, toUserId, actorUserId);
      } catch (error) {
        this.logger.error(`Reassign mail for assessment ${assessmentId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private async mailReassigned(assessmentId: string, state: AssessmentState, fromUserId: string, toUserId: string, actorUserId: string) {
    const users = await this.directory.getUsers([...new Set([fromUserId, toUserId, actorUserId])]);
    const nameOf = (id: string) => users.find((user) => user.id === id)?.fullName ?? '';
    const recipient = users.find((user) => user.id === toUserId);
    if (!recipient?.email) return;
    await this.mailer.send('ReAssign', recipient.email, {
      userName: recipient.fullName,
      previousOwnerName: nameOf(fromUserId),
      reassignedBy: nameOf(actorUserId),
      // The PID only: mails never carry the child's name.
      pid: state.child?.cin ?? '',
      assessmentLink: assessmentLinkOf(this.config.publicUrl, assessmentId),
      dateOfAssessment: usDate(state.child?.dateOfAssessment),
      status: ASSESSMENT_STATUS_LABELS[state.status] ?? state.status,
    });
  }
}
