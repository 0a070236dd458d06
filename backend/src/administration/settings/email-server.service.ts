import { Inject, Injectable } from '@nestjs/common';
import { EMAIL_SECURITY } from '@cans/domain/administration/settings.events';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { EMAIL_SERVER_SETTING_ID, EmailServerDocument, SETTINGS_COLLECTION } from '@cans/projections/administration/settings.projection';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { ConfigurableMailer, smtpFailureInWords } from '../../identity/delivery/configurable-mailer';
import { MAILER, Mailer } from '../../identity/delivery/mailer';
import type { AppConfig } from '../../platform/config/app-config';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { APP_CONFIG, READ_STORE } from '../../platform/storage/storage-tokens';
import type { EmailServerView } from './settings.dto';

const NOT_SAVED: EmailServerView = {
  smtp: '',
  port: 587,
  userName: null,
  passwordSet: false,
  fromEmail: '',
  fromName: null,
  sslKey: EMAIL_SECURITY.default,
  allowUnencrypted: false,
};

/** The Email Server screen's reads and its "Send test mail" (spec 002 §2 "Email Server page"). */
@Injectable()
export class EmailServerService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly projections: ProjectionRunnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The saved server without its password (only whether one is set); the empty form before the first save. */
  async current(): Promise<EmailServerView> {
    const server = await this.saved();
    if (!server) return NOT_SAVED;
    const { smtp, port, userName, passwordSealed, fromEmail, fromName, sslKey, allowUnencrypted } = server;
    return {
      smtp,
      port,
      userName,
      passwordSet: passwordSealed !== null,
      fromEmail,
      fromName,
      sslKey,
      allowUnencrypted: allowUnencrypted === true,
    };
  }

  /**
   * Sends a test mail through the saved server, on read models that hold every save so far (a test right after
   * Save tests what was saved). The outcome in plain words; a refusal of the server is an answer, not an error.
   */
  async sendTestMail(to: string, sentBy: string): Promise<{ sent: boolean; message: string }> {
    await this.projections.waitForHead(this.config.readYourWritesTimeoutMs);
    const server = await this.saved();
    if (!server || !(this.mailer instanceof ConfigurableMailer))
      throw new DomainRuleViolation('No mail server is saved yet: save the server first, then send the test mail through it.', {}, true);
    try {
      // The server just read, not a second read of it.
      await this.mailer.mailerFor(server).send({
        to,
        subject: 'CANS test mail',
        text: `This test mail was sent by ${sentBy} from the Email Server settings of CANS at ${new Date().toISOString()}.\n\nMail from CANS reaches this address through ${server.smtp}:${server.port}.`,
      });
      return { sent: true, message: `The test mail was sent to ${to} through ${server.smtp}:${server.port}.` };
    } catch (error) {
      return { sent: false, message: smtpFailureInWords(error, server) };
    }
  }

  saved(): Promise<EmailServerDocument | null> {
    return this.readStore.get<EmailServerDocument>(SETTINGS_COLLECTION, EMAIL_SERVER_SETTING_ID);
  }
}
