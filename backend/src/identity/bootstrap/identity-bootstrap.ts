import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { systemActor } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG, EVENT_STORE } from '../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity-config';
import { ADMINISTRATOR_ID, SYSTEM_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import { BUILT_IN_GROUPS } from '../user-groups/built-in-groups';
import { userGroupDecider } from '@cans/domain/identity/user-group.decider';
import { CreateUserGroupCommand, CreateUserGroupHandler } from '../user-groups/user-group.commands';
import { userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { userDecider } from '@cans/domain/identity/user.decider';
import { CreateUserCommand, CreateUserHandler } from '../users/user.commands';
import { userStreamId } from '@cans/domain/identity/user.events';

/** The administrator as created on first start (the demo seed gives them the demo password). */
export const ADMINISTRATOR_ACCOUNT = {
  firstName: 'System',
  lastName: 'Administrator',
  username: 'admin',
  externalId: 'CANS-ADMIN',
};

/**
 * Creates what the product cannot work without, through the normal command handlers, when it is missing: the
 * spec's named user groups (1 System Administrator, 153 State Administrator, …) and the administrator (user 1).
 * Idempotent. On a fresh store with demo seeding on, the demo seed does this instead (with a known password);
 * otherwise the administrator gets an initial-password link by mail (or in the printed outbox).
 */
export async function ensureBuiltInIdentity(
  streams: EventSourcedCommandHandler,
  createGroup: CreateUserGroupHandler,
  createUser: CreateUserHandler,
  administratorEmail: string,
  options: { sendAdministratorLink: boolean },
): Promise<{ created: number }> {
  const actor = systemActor();
  let created = 0;
  for (const { id, ...fields } of BUILT_IN_GROUPS) {
    const existing = await streams.load(userGroupStreamId(id), userGroupDecider);
    if (existing.revision !== 'no_stream') continue;
    await createGroup.execute(new CreateUserGroupCommand(actor, fields, id));
    created += 1;
  }
  const administrator = await streams.load(userStreamId(ADMINISTRATOR_ID), userDecider);
  if (administrator.revision === 'no_stream') {
    await createUser.execute(
      new CreateUserCommand(
        actor,
        {
          ...ADMINISTRATOR_ACCOUNT,
          email: administratorEmail,
          phone: null,
          userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID,
          supervisorId: null,
          agencyId: null,
          expirationDate: null,
        },
        true,
        { userId: ADMINISTRATOR_ID, keepUsernameAsTyped: true, sendInitialPasswordLink: options.sendAdministratorLink },
      ),
    );
    created += 1;
  }
  return { created };
}

@Injectable()
export class IdentityBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Identity');

  constructor(
    private readonly streams: EventSourcedCommandHandler,
    private readonly createGroup: CreateUserGroupHandler,
    private readonly createUser: CreateUserHandler,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.smtp) {
      this.logger.warn(
        'SMTP_HOST is not set: verification codes and password links go to the local outbox printed on the console (a demo set-up, not for production).',
      );
    }
    // A fresh store that the demo seed is about to fill: leave it empty so the seed runs (it checks for that).
    if (this.appConfig.seedDemoData && (await this.eventStore.headPosition()) === 0) return;
    const { created } = await ensureBuiltInIdentity(this.streams, this.createGroup, this.createUser, this.config.administratorEmail, {
      sendAdministratorLink: true,
    });
    if (created) {
      this.logger.log(
        `Created ${created} built-in identity records (user groups, administrator). The administrator's initial-password link was mailed to ${this.config.administratorEmail}${this.config.smtp ? '' : ' (printed above: no SMTP)'}.`,
      );
    }
  }
}
