import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { emailServerDestination, emailServerLabel } from '@cans/domain/administration/setting-destinations';
import { Auth, RequestAuth, SuperAdminOnly } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';
import { answerCommand } from '../../platform/http/http-answers';
import { DestinationChanges } from './destination-changes';
import { EmailServerService } from './email-server.service';
import { SettingCommandRequest } from './setting.commands';
import { EmailServerView, SaveEmailServerDto, TestMailDto } from './settings.dto';

/**
 * The Email Server screen (spec 002 §3), the super admin's: where mail goes decides who can sign in as anyone (reset
 * links and sign-in codes travel by mail), so it is kept like the SFTP server, not with the `Setting` holders'
 * settings. docs/security.md "Where secrets and data go".
 */
@ApiTags('Administration')
@ApiCookieAuth()
@SuperAdminOnly()
@ApiForbiddenResponse({ description: 'Not the administrator or a member of the System Administrator group (API clients neither)' })
@Controller('settings/email-server')
export class EmailServerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly emailServer: EmailServerService,
    private readonly destinations: DestinationChanges,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  @Get()
  @ApiOkResponse({ type: EmailServerView })
  current() {
    return this.emailServer.current();
  }

  /**
   * Mail goes through it from the next mail on; the password is sealed before it is recorded. A new destination
   * needs the caller's password and the server's password again, and is told to the administrator through the
   * server in use before.
   */
  @Put()
  @ApiOkResponse({ description: '{ message }' })
  @ApiBadRequestResponse({
    description: 'A field invalid; your password missing or wrong for a new destination; the server password not entered again',
  })
  async save(@Body() body: SaveEmailServerDto, @Auth() { actor, user }: RequestAuth) {
    const { password, userName, fromName, currentPassword, allowUnencrypted, ...server } = body;
    const fields = { ...server, userName: userName ?? null, fromName: fromName ?? null, allowUnencrypted: allowUnencrypted === true };
    const previous = await this.emailServer.saved();
    const changed = !previous || emailServerDestination(previous) !== emailServerDestination(fields);
    await this.destinations.confirm(user, changed, currentPassword);
    const command = { type: 'SaveEmailServer' as const, ...fields, ...(password ? { passwordSealed: this.secrets.seal(password) } : {}) };
    const result: CommandResult = await this.commands.execute(new SettingCommandRequest(actor, command));
    if (changed)
      await this.destinations.notify(
        { setting: 'mail server', from: previous ? emailServerLabel(previous) : null, to: emailServerLabel(fields) },
        actor,
        user,
        previous,
      );
    return answerCommand(result, { message: 'The email server was saved successfully.' });
  }

  @Post('test-mail')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a test mail through the saved server: { sent, message } (the SMTP error in plain words when not sent)' })
  async sendTestMail(@Body() body: TestMailDto, @Auth() { user }: RequestAuth) {
    return this.emailServer.sendTestMail(body.to, user.fullName || user.username);
  }
}
