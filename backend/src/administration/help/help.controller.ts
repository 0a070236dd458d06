import { Body, Controller, Get, Inject, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { normaliseHelpPath } from '@cans/domain/administration/help-paths';
import { sanitizeRichText } from '@cans/domain/library/rich-text';
import { HELP_COLLECTION, HelpDocument } from '@cans/projections/administration/help.projection';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { Auth, Public, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import type { CommandResult } from '../../platform/commands/actor';
import { answerCommand } from '../../platform/http/http-answers';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { BUILT_IN_HELP, GENERAL_HELP } from './built-in-help';
import { SaveHelpRequest } from './help.commands';
import { HelpPathQuery, HelpView, SaveHelpDto } from './help.dto';

/** Help per page (spec 002 §2 "/help"): read by anyone, signed in or not; edited in place with Customize_Manage. */
@ApiTags('Administration')
@ApiCookieAuth()
@Controller('help')
export class HelpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: HelpView })
  async read(@Query() { path }: HelpPathQuery): Promise<HelpView> {
    const normalised = normaliseHelpPath(path);
    const saved = await this.readStore.get<HelpDocument>(HELP_COLLECTION, normalised);
    // Sanitised again on the way out: no markup that could run reaches a page, whatever the store holds.
    const content = saved?.content ? sanitizeRichText(saved.content) : '';
    return content
      ? { path: normalised, content, customised: true }
      : { path: normalised, content: BUILT_IN_HELP[normalised] ?? GENERAL_HELP, customised: false };
  }

  @Put()
  @RequirePrivileges('Customize_Manage')
  @ApiOkResponse({ type: HelpView })
  async save(@Body() body: SaveHelpDto, @Auth() { actor }: RequestAuth) {
    const path = normaliseHelpPath(body.path);
    const result: CommandResult = await this.commands.execute(new SaveHelpRequest(actor, path, body.content));
    return answerCommand(result, { path, message: 'The help was saved successfully.' });
  }
}
