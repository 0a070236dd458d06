import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import type { AppConfig } from '../platform/config/app-config';
import { APP_CONFIG } from '../platform/storage/storage-tokens';
import { AuthenticationGuard, PrivilegesGuard } from './access/access.guards';
import { JwtStrategy } from './authentication/jwt.strategy';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [
    JwtStrategy,
    // Order matters: authenticate first, then check privileges.
    { provide: APP_GUARD, useClass: AuthenticationGuard },
    { provide: APP_GUARD, useClass: PrivilegesGuard },
  ],
  exports: [JwtModule],
})
export class IdentityModule {}
