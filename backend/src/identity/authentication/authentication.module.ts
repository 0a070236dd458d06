import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { AuthController } from './auth.controller';
import { JwtStrategy } from './jwt.strategy';
import {
  AssignPasswordHandler,
  ChangePasswordHandler,
  GetPasswordLinkStateHandler,
  RequestPasswordResetHandler,
  SendPasswordResetLinkHandler,
  SetPasswordWithLinkHandler,
} from './password.commands';
import { SignInWithPasswordHandler } from './sign-in-password-step';
import { EndSessionHandler, SendVerificationCodeHandler } from './sign-in.commands';
import { VerifySignInCodeHandler } from './sign-in-code-step';
import { MailAfterAnswer } from '../delivery/mail-after-answer';

@Module({
  imports: [CqrsModule],
  controllers: [AuthController],
  providers: [
    EventSourcedCommandHandler,
    MailAfterAnswer,
    JwtStrategy,
    SignInWithPasswordHandler,
    SendVerificationCodeHandler,
    VerifySignInCodeHandler,
    EndSessionHandler,
    RequestPasswordResetHandler,
    SendPasswordResetLinkHandler,
    GetPasswordLinkStateHandler,
    SetPasswordWithLinkHandler,
    ChangePasswordHandler,
    AssignPasswordHandler,
  ],
})
export class AuthenticationModule {}
