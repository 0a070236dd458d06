import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SettingCommand, settingDecider } from '@cans/domain/administration/settings.decider';
import {
  APP_VERSION_STREAM_ID,
  EMAIL_SERVER_STREAM_ID,
  REMINDER_SETTINGS_STREAM_ID,
  SFTP_SERVER_STREAM_ID,
  SYSTEM_NOTIFICATION_STREAM_ID,
  XML_FEED_DATE_STREAM_ID,
  ANALYST_PSEUDONYM_KEY_STREAM_ID,
} from '@cans/domain/administration/settings.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';

const STREAM_OF: Record<SettingCommand['type'], string> = {
  SaveAppVersion: APP_VERSION_STREAM_ID,
  SaveSystemNotification: SYSTEM_NOTIFICATION_STREAM_ID,
  SaveEmailServer: EMAIL_SERVER_STREAM_ID,
  SaveReminderSettings: REMINDER_SETTINGS_STREAM_ID,
  SaveSftpServer: SFTP_SERVER_STREAM_ID,
  UpdateXmlFeedDate: XML_FEED_DATE_STREAM_ID,
  CreateAnalystPseudonymKey: ANALYST_PSEUDONYM_KEY_STREAM_ID,
};

/** A setting saved from its screen: the last save wins (each is one value, edited by few, whole). */
export class SettingCommandRequest {
  constructor(
    readonly actor: Actor,
    readonly command: SettingCommand,
  ) {}
}

@CommandHandler(SettingCommandRequest)
export class SettingCommandHandler implements ICommandHandler<SettingCommandRequest, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, command }: SettingCommandRequest): Promise<CommandResult> {
    const streamId = STREAM_OF[command.type];
    const { id, revision, position } = await this.handler.handle(streamId, settingDecider, command, {
      actor,
      id: streamId,
      concurrency: { kind: 'merge', maxAttempts: 3 },
    });
    return { id, revision, position };
  }
}
