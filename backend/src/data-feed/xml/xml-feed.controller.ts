import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, RequestAuth, SuperAdminOnly } from '../../identity/access/access.decorators';
import { DestinationChanges } from '../../administration/settings/destination-changes';
import { EmailServerService } from '../../administration/settings/email-server.service';
import { SettingCommandRequest } from '../../administration/settings/setting.commands';
import { sftpServerDestination, sftpServerLabel } from '@cans/domain/administration/setting-destinations';
import type { SftpServerDocument } from '@cans/projections/administration/settings.projection';
import { readHostKeyFingerprint } from './sftp-uploader';
import type { CommandResult } from '../../platform/commands/actor';
import { SECRET_BOX, SecretBox } from '../../platform/crypto/secret-box';
import { answerCommand } from '../../platform/http/http-answers';
import { FieldValidationException } from '../../platform/http/validation';
import { oneYearFrom } from './xml-feed-run.service';
import {
  SaveSftpServerDto,
  SftpServerView,
  XmlFeedFieldMessages,
  XmlFeedStatusView,
  XmlUpdateDateDto,
  XmlUploadByHandDto,
} from './xml-feed.dto';
import { XmlFeedMessages, XmlFeedService } from './xml-feed.service';

const SUPER_ADMIN_ONLY = 'Not the administrator or a member of the System Administrator group (API clients neither)';

/**
 * The XML feed to SFTP (spec 002 §2 "Data Feed (manual XML upload)", §7 uploadXmlDataByHand / updateXmlDateByHand)
 * and its SFTP server; super admin only. docs/data-feed.md "Daily XML feed".
 */
@ApiTags('Data feed')
@ApiCookieAuth()
@SuperAdminOnly()
@ApiForbiddenResponse({ description: SUPER_ADMIN_ONLY })
@Controller()
export class XmlFeedController {
  constructor(
    private readonly feed: XmlFeedService,
    private readonly commands: CommandBus,
    private readonly destinations: DestinationChanges,
    private readonly emailServer: EmailServerService,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  @Get('data-feed/xml')
  @ApiOperation({ summary: 'The configured assessment date, the range the daily feed covers, and whether an SFTP server is saved' })
  @ApiOkResponse({ type: XmlFeedStatusView })
  async status(): Promise<XmlFeedStatusView> {
    const assessmentDate = await this.feed.assessmentDate();
    return {
      assessmentDate,
      from: assessmentDate,
      to: assessmentDate ? oneYearFrom(assessmentDate) : null,
      sftpServerSaved: (await this.feed.server()) !== null,
    };
  }

  @Post('data-feed/xml/upload')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Writes the XML file of the approved assessments whose date of assessment is in the range and uploads it to the SFTP server now; recorded in the System Log',
  })
  @ApiOkResponse({
    description:
      '{ delivered, message, fileName, assessmentCount }: delivered false when the SFTP server could not be reached or refused the file (message says why; recorded as a failed upload)',
  })
  @ApiBadRequestResponse({ description: 'A date missing or not a date, or the end before the start (errors by field); nothing is sent' })
  @ApiConflictResponse({ description: 'No SFTP server is saved; nothing is sent or recorded' })
  async uploadByHand(@Body() { startDateFullTime, endDateFullTime }: XmlUploadByHandDto, @Auth() { actor }: RequestAuth) {
    if (endDateFullTime < startDateFullTime) throw new FieldValidationException({ endDateFullTime: [XmlFeedFieldMessages.endBeforeStart] });
    return this.feed.uploadByHand(startDateFullTime, endDateFullTime, actor);
  }

  @Put('data-feed/xml/assessment-date')
  @ApiOperation({ summary: 'Update Date: the end date becomes the configured assessment date (the daily feed covers it plus one year)' })
  @ApiOkResponse({ description: '{ message, assessmentDate }' })
  @ApiBadRequestResponse({ description: 'The end date missing or not a date (errors.endDateFullTime)' })
  async updateDate(@Body() { endDateFullTime }: XmlUpdateDateDto, @Auth() { actor }: RequestAuth) {
    const result: CommandResult = await this.commands.execute(
      new SettingCommandRequest(actor, { type: 'UpdateXmlFeedDate', assessmentDate: endDateFullTime }),
    );
    return answerCommand(result, { message: XmlFeedMessages.dateUpdated, assessmentDate: endDateFullTime });
  }

  @Get('settings/sftp-server')
  @ApiOperation({ summary: 'The SFTP server of the XML feed, without its secrets (only whether each is set); null before the first save' })
  @ApiOkResponse({ type: SftpServerView })
  async currentSftpServer(): Promise<SftpServerView | null> {
    const server = await this.feed.server();
    if (!server) return null;
    const { host, port, userName, passwordSealed, privateKeySealed, remoteFolder, hostKeyFingerprint } = server;
    return {
      host,
      port,
      userName,
      passwordSet: passwordSealed !== null,
      privateKeySet: privateKeySealed !== null,
      remoteFolder,
      hostKeyFingerprint: hostKeyFingerprint ?? null,
    };
  }

  /**
   * The secrets are sealed before they are recorded; the next upload uses the new server. Its host key is pinned
   * (given, kept, or read from the server now); a new destination needs the caller's password and the secrets again,
   * and is told to the administrator (docs/security.md "Where secrets and data go").
   */
  @Put('settings/sftp-server')
  @ApiOkResponse({ description: '{ message, hostKeyFingerprint }' })
  @ApiBadRequestResponse({
    description:
      'A field invalid; neither a password nor a private key saved; the host key could not be read; your password missing or wrong for a new destination; a secret not entered again (errors by field)',
  })
  async saveSftpServer(@Body() body: SaveSftpServerDto, @Auth() { actor, user }: RequestAuth) {
    const { password, privateKey, remoteFolder, currentPassword, hostKeyFingerprint, ...server } = body;
    const previous = await this.feed.server();
    const fields = {
      ...server,
      remoteFolder: remoteFolder ?? '',
      hostKeyFingerprint: await this.hostKeyToPin(server, hostKeyFingerprint, previous),
    };
    const changed = !previous || sftpServerDestination(previous) !== sftpServerDestination(fields);
    await this.destinations.confirm(user, changed, currentPassword);
    const sealed = (secret: string | undefined) => (secret === undefined ? undefined : secret === '' ? null : this.secrets.seal(secret));
    const command = { type: 'SaveSftpServer' as const, ...fields, passwordSealed: sealed(password), privateKeySealed: sealed(privateKey) };
    const result: CommandResult = await this.commands.execute(new SettingCommandRequest(actor, command));
    if (changed)
      await this.destinations.notify(
        { setting: 'SFTP server', from: previous ? sftpServerLabel(previous) : null, to: sftpServerLabel(fields) },
        actor,
        user,
        await this.emailServer.saved(),
      );
    return answerCommand(result, {
      message: `The SFTP server was saved successfully. Its host key ${fields.hostKeyFingerprint} is pinned.`,
      hostKeyFingerprint: fields.hostKeyFingerprint,
    });
  }

  /** The fingerprint given; else the pinned one while host and port stay; else the key the server shows now. */
  private async hostKeyToPin(
    server: { host: string; port: number },
    given: string | undefined,
    previous: SftpServerDocument | null,
  ): Promise<string> {
    if (given) return given;
    const sameServer = previous && previous.host.toLowerCase() === server.host.toLowerCase() && previous.port === server.port;
    if (sameServer && previous.hostKeyFingerprint) return previous.hostKeyFingerprint;
    try {
      return await readHostKeyFingerprint(server.host, server.port);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new FieldValidationException({
        hostKeyFingerprint: [
          `The host key of ${server.host}:${server.port} could not be read (${reason}). Check the host and port, or enter the server's fingerprint (ssh-keygen -lf on the server's host key).`,
        ],
      });
    }
  }
}
