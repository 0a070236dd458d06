import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { EventSourcedCommandHandler } from '../platform/commands/command-handler';
import type { AppConfig } from '../platform/config/app-config';
import { APP_CONFIG, READ_STORE } from '../platform/storage/storage-tokens';
import { RowAccessService } from './access/row-access.service';
import { UserManagementService } from './access/user-management-policy.service';
import { OwnPasswordCheck } from './authentication/own-password-check';
import { PasswordHasher } from './authentication/password-hasher';
import { PrincipalService } from './authentication/principal.service';
import { RateLimiter, RateLimitGuard } from './authentication/rate-limit';
import { SignInTokens } from './authentication/sign-in-tokens';
import { MeService } from './authentication/me.service';
import { createMailer, MAILER } from './delivery/mailer';
import { ConfigurableMailer } from './delivery/configurable-mailer';
import { SECRET_BOX, SecretBox } from '../platform/crypto/secret-box';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SMS_SENDER } from './delivery/sms-sender';
import { HttpSmsGatewaySender } from './delivery/http-sms-gateway-sender';
import { IDENTITY_CLOCK, systemClock } from './identity-clock';
import { IDENTITY_CONFIG, IdentityConfig, loadIdentityConfig } from './identity-config';
import { IdentityDirectory } from './identity-directory';
import { UserFactsReader } from './users/user-facts';

/**
 * What every identity sub-feature shares: settings, clock, mail and SMS, hashing, tokens, read-model lookups.
 * Global so other features can inject RowAccessService (the row-access policy) without importing identity;
 * UserManagementService applies the user-management policy in the user, group and password-reset handlers.
 * UserFactsReader reads what the user decider needs (users and My Account).
 * Tests replace IDENTITY_CONFIG, IDENTITY_CLOCK, MAILER or SMS_SENDER with overrideProvider.
 */
@Global()
@Module({
  imports: [
    CqrsModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [
    { provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() },
    { provide: IDENTITY_CLOCK, useValue: systemClock },
    { provide: SECRET_BOX, useFactory: () => SecretBox.fromEnvironment() },
    // The mail server saved in the settings, else the environment's (SMTP_HOST or the local outbox).
    {
      provide: MAILER,
      inject: [IDENTITY_CONFIG, READ_STORE, SECRET_BOX],
      useFactory: (config: IdentityConfig, readStore: ReadStore, secrets: SecretBox) =>
        new ConfigurableMailer(createMailer(config.smtp, config.printOutbox), readStore, secrets),
    },
    // The HTTP SMS gateway of the environment, else none: the phone channel is offered disabled, with the reason.
    {
      provide: SMS_SENDER,
      inject: [IDENTITY_CONFIG],
      useFactory: (config: IdentityConfig) => (config.smsGateway ? new HttpSmsGatewaySender(config.smsGateway) : null),
    },
    EventSourcedCommandHandler,
    IdentityDirectory,
    PasswordHasher,
    OwnPasswordCheck,
    SignInTokens,
    PrincipalService,
    MeService,
    RateLimiter,
    RateLimitGuard,
    RowAccessService,
    UserManagementService,
    UserFactsReader,
  ],
  exports: [
    SECRET_BOX,
    JwtModule,
    PassportModule,
    IDENTITY_CONFIG,
    IDENTITY_CLOCK,
    MAILER,
    SMS_SENDER,
    EventSourcedCommandHandler,
    IdentityDirectory,
    PasswordHasher,
    OwnPasswordCheck,
    SignInTokens,
    PrincipalService,
    MeService,
    RateLimiter,
    RateLimitGuard,
    RowAccessService,
    UserManagementService,
    UserFactsReader,
  ],
})
export class IdentityCoreModule {}
