import { Controller, Get } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PrivilegeView } from '../authentication/auth.dto';
import { PRIVILEGE_DESCRIPTIONS, PRIVILEGES } from '@cans/domain/identity/privileges';

@ApiTags('User groups')
@ApiCookieAuth()
@Controller('privileges')
export class PrivilegesController {
  // Any signed-in user: the vocabulary is not a secret, and screens label privileges with it.
  @Get()
  @ApiOperation({ summary: 'The 24 privileges with descriptions (allPrivileges of the group editor)' })
  @ApiOkResponse({ type: [PrivilegeView] })
  list(): PrivilegeView[] {
    return PRIVILEGES.map((id) => ({ id, description: PRIVILEGE_DESCRIPTIONS[id] }));
  }
}
