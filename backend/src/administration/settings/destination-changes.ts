import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EmailServerSavedData } from '@cans/domain/administration/settings.events';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import type { AuthenticatedUser } from '../../identity/authentication/authenticated-user';
import { OwnPasswordCheck } from '../../identity/authentication/own-password-check';
import { ConfigurableMailer, smtpSettingsOf } from '../../identity/delivery/configurable-mailer';
import { MAILER, Mailer, SmtpMailer } from '../../identity/delivery/mailer';
import { IdentityDirectory } from '../../identity/identity-directory';
import type { Actor } from '../../platform/commands/actor';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';

/** What changed, named without secrets, for the notice. */
export interface DestinationChange {
  setting: 'mail server' | 'SFTP server';
  from: string | null;
  to: string;
}

/**
 * The one rule for changing where the product sends secrets and children's data (the mail server decides who can
 * sign in as anyone: reset links and sign-in codes go through it; the SFTP server receives the state's feed):
 * the caller confirms with their own password, and the administrator is told through the mail server that was in
 * use before the change, so a takeover of the mail server cannot silence its own notice.
 */
@Injectable()
export class DestinationChanges {
  private readonly logger = new Logger('DestinationChanges');

  constructor(
    private readonly ownPassword: OwnPasswordCheck,
    private readonly directory: IdentityDirectory,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  /** Before the save: a new destination (the first save included) needs the caller's own password. */
  async confirm(user: AuthenticatedUser, changed: boolean, currentPassword: string | undefined): Promise<void> {
    if (changed) await this.ownPassword.confirm(user.id, currentPassword);
  }

  /**
   * After the save: a notice to the administrator through `previousMailServer` (the saved server before this save;
   * null: the environment's). A failed notice is logged, not the save's failure: the change is recorded either way.
   */
  async notify(change: DestinationChange, actor: Actor, by: AuthenticatedUser, previousMailServer: EmailServerSavedData | null) {
    const administrator = await this.directory.getUser(ADMINISTRATOR_ID);
    if (!administrator?.email) return;
    const transport = previousMailServer ? new SmtpMailer(smtpSettingsOf(previousMailServer, this.secrets)) : this.environmentMailer();
    const who = `${by.fullName || by.username} (${by.username})`;
    try {
      await transport.send({
        to: administrator.email,
        subject: `CANS: the ${change.setting} was changed`,
        text: [
          `The ${change.setting} of CANS was changed by ${who} from ${actor.ip ?? 'an unknown address'} at ${new Date().toISOString()}.`,
          '',
          `Before: ${change.from ?? 'none saved'}`,
          `Now: ${change.to}`,
          '',
          'If you did not expect this change, sign in, check the settings and the System Log, and change the passwords of the accounts that may have been used.',
        ].join('\n'),
      });
    } catch (error) {
      this.logger.error(
        `The notice of a ${change.setting} change could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      if (transport instanceof SmtpMailer) transport.close();
    }
  }

  private environmentMailer(): Mailer {
    return this.mailer instanceof ConfigurableMailer ? this.mailer.bootstrap : this.mailer;
  }
}
