import { Inject, Injectable, Logger } from '@nestjs/common';
import { ASSESSMENT_STATUS_LABELS, addDays, type ReminderSettings } from '@cans/domain/assessments';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import {
  assessmentRemindersDecider,
  AssessmentReminderCommand,
  REMINDER_RUN_TAKEN,
  reminderRunDecider,
} from '@cans/domain/assessments/reminder-mail.decider';
import { assessmentRemindersStreamId, ReminderKind, reminderRunStreamId } from '@cans/domain/assessments/reminder-mail.events';
import { DueReminder, dueReminder, CONDUCT_NEXT_ASSESSMENT_LEAD_DAYS } from '@cans/domain/assessments/reminders-due';
import {
  EMAIL_SERVER_SETTING_ID,
  EmailServerDocument,
  findReminderSettings,
  SETTINGS_COLLECTION,
} from '@cans/projections/administration/settings.projection';
import { ASSESSMENT_LIST_COLLECTION, AssessmentListDocument } from '@cans/projections/assessments/assessment-list.projection';
import type { UserDocument } from '@cans/projections/identity/users.projection';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { WrongExpectedRevisionError } from '@cans/storage/event-store/event-store.port';
import { TemplatedMailer } from '../../administration/email-templates/templated-mailer';
import { smtpFailureInWords } from '../../identity/delivery/configurable-mailer';
import { IDENTITY_CONFIG, IdentityConfig } from '../../identity/identity-config';
import { IdentityDirectory } from '../../identity/identity-directory';
import { systemActor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../../platform/storage/storage-tokens';
import { assessmentLinkOf, usDate } from '../commands/assessment-mails';

export type ReminderRunSummary =
  | { readonly ran: false; readonly runDay: string; readonly reason: string }
  | {
      readonly ran: true;
      readonly runDay: string;
      readonly sent: Partial<Record<ReminderKind, number>>;
      readonly failed: number;
      readonly failure: string | null;
    };

/**
 * One run of the daily reminder mails (reminder-mail.events.ts: the day is claimed first, each reminder recorded
 * before it is sent). Reads the live assessments from the list read model once they hold every event, and mails
 * through the templates. A mail that fails stops the run (the server is down or refuses: the next reminders would
 * fail alike), is recorded, and goes out with the next day's run; the run itself never throws for it.
 */
@Injectable()
export class ReminderRunService {
  private readonly logger = new Logger('ReminderRun');

  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly mailer: TemplatedMailer,
    private readonly directory: IdentityDirectory,
    private readonly projections: ProjectionRunnerService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(IDENTITY_CONFIG) private readonly identity: IdentityConfig,
  ) {}

  async run(now: Date = new Date()): Promise<ReminderRunSummary> {
    const runDay = now.toISOString().slice(0, 10);
    const actor = systemActor();
    try {
      await this.handler.handle(reminderRunStreamId(runDay), reminderRunDecider, { type: 'StartReminderRun', runDay }, { actor });
    } catch (error) {
      // Another instance (or an earlier start today) holds the day: its run sends today's reminders.
      if (error instanceof DomainRuleViolation || isConcurrencyConflict(error)) return { ran: false, runDay, reason: REMINDER_RUN_TAKEN };
      throw error;
    }
    const sent: Partial<Record<ReminderKind, number>> = {};
    let failed = 0;
    let failure: string | null = null;
    try {
      // The list read model must hold every event so far (an approval a minute ago counts).
      if (!(await this.projections.waitForHead(this.config.readYourWritesTimeoutMs * 10)))
        throw new Error('The read models did not catch up with the event log in time; the reminders go out with the next run.');
      const settings = await findReminderSettings(this.readStore);
      // Owners and supervisors recur across a caseload: each is read once per run.
      const users = new Map<string, Promise<UserDocument | null>>();
      const userOf = (id: string) => users.get(id) ?? users.set(id, this.directory.getUser(id)).get(id)!;
      for (const row of await this.candidates(runDay, now, settings)) {
        const due = dueReminder(row, settings, now);
        if (!due) continue;
        const outcome = await this.remind(row, due, runDay, actor, userOf);
        if (outcome === 'sent') sent[due.kind] = (sent[due.kind] ?? 0) + 1;
        else if (outcome !== 'skipped') {
          failed += 1;
          failure = outcome.failure;
          break;
        }
      }
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.logger.error(`Reminder run ${runDay} stopped: ${failure}`);
    }
    await this.handler.handle(
      reminderRunStreamId(runDay),
      reminderRunDecider,
      { type: 'CompleteReminderRun', runDay, sent, failed, failure },
      { actor, concurrency: { kind: 'merge', maxAttempts: 3 } },
    );
    return { ran: true, runDay, sent, failed, failure };
  }

  /**
   * Live assessments that may be due for a reminder (dueReminder decides): not yet approved and waiting at least
   * daysOfIncompletionAlert days (the incompletion and approval alerts; none when it is 0), or approved and due
   * within the notice period (an indexed range on the due date).
   */
  private async candidates(runDay: string, now: Date, settings: ReminderSettings): Promise<AssessmentListDocument[]> {
    const waitedSince = new Date(now.getTime() - settings.daysOfIncompletionAlert * DAY_MS).toISOString();
    const [open, due] = await Promise.all([
      settings.daysOfIncompletionAlert > 0
        ? this.readStore.find<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, {
            $or: [
              { status: 'incomplete', createdAt: { $lte: waitedSince } },
              { status: 'returned', lastModifiedAt: { $lte: waitedSince } },
              { status: 'pendingApproval', completedAt: { $lte: waitedSince } },
            ],
          })
        : [],
      this.readStore.find<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, {
        nextAssessmentDueOn: { $gt: '', $lte: addDays(runDay, CONDUCT_NEXT_ASSESSMENT_LEAD_DAYS) },
      }),
    ]);
    return [...open, ...due];
  }

  /** Records the reminder, then mails it; 'skipped' when it went out before for this occurrence or has nobody to go to. */
  private async remind(
    row: AssessmentListDocument,
    due: DueReminder,
    runDay: string,
    actor: ReturnType<typeof systemActor>,
    userOf: (id: string) => Promise<UserDocument | null>,
  ): Promise<'sent' | 'skipped' | { failure: string }> {
    const recipients = await this.recipientsOf(row, due, userOf);
    if (recipients.length === 0) return 'skipped';
    const streamId = assessmentRemindersStreamId(row.id);
    const occurrence = { assessmentId: row.id, kind: due.kind, occurrence: due.occurrence, runDay };
    const claim: AssessmentReminderCommand = { type: 'RecordReminderSent', ...occurrence, recipientIds: recipients.map((user) => user.id) };
    try {
      const claimed = await this.handler.handle(streamId, assessmentRemindersDecider, claim, { actor });
      if (!claimed.changed) return 'skipped';
    } catch (error) {
      // Recorded a moment ago by someone else: theirs to send.
      if (isConcurrencyConflict(error)) return 'skipped';
      throw error;
    }
    try {
      for (const recipient of recipients) await this.mailer.send(due.kind, recipient.email, this.valuesFor(row, due, recipient));
      return 'sent';
    } catch (error) {
      const failure = `The ${due.kind} reminder could not be sent. ${smtpFailureInWords(error, await this.mailServer())}`;
      await this.handler.handle(
        streamId,
        assessmentRemindersDecider,
        { type: 'RecordReminderFailed', ...occurrence, error: failure },
        { actor },
      );
      return { failure };
    }
  }

  /** The saved mail server for the failure's words (host and port), else the environment's. */
  private async mailServer(): Promise<{ smtp: string; port: number }> {
    const saved = await this.readStore.get<EmailServerDocument>(SETTINGS_COLLECTION, EMAIL_SERVER_SETTING_ID);
    return saved ?? { smtp: this.identity.smtp?.host ?? 'the mail server', port: this.identity.smtp?.port ?? 25 };
  }

  private async recipientsOf(
    row: AssessmentListDocument,
    due: DueReminder,
    userOf: (id: string) => Promise<UserDocument | null>,
  ): Promise<UserDocument[]> {
    const owner = await userOf(row.ownerId);
    const supervisor = due.toSupervisor && owner?.supervisorId ? await userOf(owner.supervisorId) : null;
    const wanted = [due.toAssessor ? owner : null, supervisor];
    // Active users with an address only (an inactive or locked account reads no mail).
    return wanted.filter((user): user is UserDocument => !!user && user.status === 1 && !!user.email);
  }

  private valuesFor(row: AssessmentListDocument, due: DueReminder, recipient: UserDocument): Record<string, string> {
    return {
      userName: recipient.fullName,
      assessorName: row.assessorName,
      // The PID only: mails never carry the child's name.
      pid: row.cin,
      assessmentLink: assessmentLinkOf(this.identity.publicUrl, row.id),
      dateOfAssessment: usDate(row.dateOfAssessment),
      dueDate: usDate(due.dueOn),
      days: String(due.days),
      status: ASSESSMENT_STATUS_LABELS[row.status] ?? row.status,
    };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

const isConcurrencyConflict = (error: unknown): boolean => error instanceof WrongExpectedRevisionError;
