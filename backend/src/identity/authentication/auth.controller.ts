import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { JwtService } from '@nestjs/jwt';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { answerCommand } from '../../platform/http/http-answers';
import { Auth, Public, RequestAuth } from '../access/access.decorators';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity-config';
import { IdentityDirectory } from '../identity-directory';
import { messageOf } from '../identity-messages';
import { RecordedRefusalInterceptor } from '../recorded-refusal.interceptor';
import { IssueApiTokenCommand } from '../api-users/api-user.commands';
import { clearAccessCookie, clearChallengeCookie, readCookie, setAccessCookie, setChallengeCookie, setDeviceCookie } from './auth-cookies';
import {
  ApiTokenDto,
  ApiTokenView,
  CodeSentView,
  LoginDto,
  LoginResultView,
  MeView,
  MessageView,
  PasswordLinkDto,
  PasswordLinkStateView,
  PasswordResetRequestDto,
  SendCodeDto,
  SetPasswordWithLinkDto,
  VerifyDto,
} from './auth.dto';
import { ACCESS_TOKEN_COOKIE, AccessTokenClaims, DEVICE_COOKIE, SIGN_IN_CHALLENGE_COOKIE } from './authenticated-user';
import { MeService } from './me.service';
import { PrincipalService } from './principal.service';
import { GetPasswordLinkStateQuery, PasswordLinkState, RequestPasswordResetCommand, SetPasswordWithLinkCommand } from './password.commands';
import { RateLimited } from './rate-limit';
import { PasswordStepResult, SignInWithPasswordCommand } from './sign-in-password-step';
import { CodeSent, EndSessionCommand, IssuedSession, SendVerificationCodeCommand } from './sign-in.commands';
import { VerifiedSignIn, VerifySignInCodeCommand } from './sign-in-code-step';

@ApiTags('Authentication')
@UseInterceptors(RecordedRefusalInterceptor)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly directory: IdentityDirectory,
    private readonly me: MeService,
    private readonly principals: PrincipalService,
    private readonly jwt: JwtService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @RateLimited('signIn')
  @ApiOperation({
    summary: 'Sign in, step 1: login name and password',
    description:
      'Answers status "signed-in" (cookie cans_token set) when remember-me is on and this browser was remembered; otherwise ' +
      'status "verification-required" with the channels, and a short-lived HttpOnly cookie cans_signin that the next two calls use. ' +
      'Wrong password or unknown login (answered alike): 401 with attemptsLeft; 5 in a row lock sign-in for 15 minutes: 423 ' +
      "(not for a browser holding that account's remembered-device cookie); after a right password, an inactive, locked, pending or expired account: 403.",
  })
  @ApiOkResponse({ type: LoginResultView })
  @ApiUnauthorizedResponse({ description: 'The username or password is incorrect.' })
  async login(
    @Body() body: LoginDto,
    @Auth() { actor }: RequestAuth,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const result: PasswordStepResult = await this.commands.execute(
      new SignInWithPasswordCommand(actor, body.login, body.password, body.rememberMe ?? true, readCookie(request, DEVICE_COOKIE) ?? null),
    );
    if (result.kind === 'signed-in') {
      clearChallengeCookie(request, response, this.config);
      return answerCommand(result.session, { status: 'signed-in', ...(await this.signedIn(result.session, request, response)) });
    }
    setChallengeCookie(request, response, this.config, result.challengeToken);
    const { channels, expiresInSeconds, reason } = result;
    return answerCommand(result, { status: 'verification-required', channels, expiresInSeconds, reason });
  }

  @Public()
  @Post('verification-code')
  @HttpCode(200)
  @RateLimited('verificationCode')
  @ApiOperation({
    summary: 'Sign in, step 2: send a 6-digit code by email (1) or phone (2)',
    description:
      "Needs the cans_signin cookie from /auth/login. A second request within 60 s answers 429 'The code has already been sent.' with retryAfterSeconds.",
  })
  @ApiOkResponse({ type: CodeSentView })
  @ApiUnauthorizedResponse({ description: 'No pending sign-in (cookie missing or expired): sign in again.' })
  @ApiResponse({ status: 502, description: 'text_message_failed: the SMS gateway did not take the text. Nothing is recorded: use email.' })
  @ApiResponse({ status: 503, description: 'delivery_failed: the mail server did not take the mail. Nothing is recorded.' })
  async sendCode(@Body() body: SendCodeDto, @Auth() { actor }: RequestAuth, @Req() request: Request) {
    const sent: CodeSent = await this.commands.execute(
      new SendVerificationCodeCommand(
        actor,
        readCookie(request, SIGN_IN_CHALLENGE_COOKIE),
        body.channel,
        readCookie(request, DEVICE_COOKIE) ?? null,
      ),
    );
    const { channel, destination, expiresInSeconds, resendAfterSeconds } = sent;
    return answerCommand(sent, { channel, destination, expiresInSeconds, resendAfterSeconds, ...messageOf('code_sent') });
  }

  @Public()
  @Post('verify')
  @HttpCode(200)
  @RateLimited('verify')
  @ApiOperation({
    summary: 'Sign in, step 3: confirm the code; sets cans_token',
    description:
      'With remember-me the browser gets an HttpOnly device cookie and skips the code for 30 days. Wrong or expired code: 400 with errors.code. ' +
      "The account's fifth wrong code in a row (across sign-ins) locks sign-in for 15 minutes (423) and mails the user. " +
      'The account is checked again: locked after failed attempts (423), or inactive, locked, pending or expired (403) since the password step.',
  })
  @ApiOkResponse({ type: LoginResultView })
  @ApiBadRequestResponse({ description: 'Verification code is required. / The verification code is incorrect. / … has expired.' })
  async verify(
    @Body() body: VerifyDto,
    @Auth() { actor }: RequestAuth,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const verified: VerifiedSignIn = await this.commands.execute(
      new VerifySignInCodeCommand(
        actor,
        readCookie(request, SIGN_IN_CHALLENGE_COOKIE),
        body.code,
        body.rememberMe,
        readCookie(request, DEVICE_COOKIE) ?? null,
      ),
    );
    clearChallengeCookie(request, response, this.config);
    if (verified.newDeviceId) setDeviceCookie(request, response, this.config, verified.newDeviceId);
    const signedIn = await this.signedIn(verified.session, request, response);
    const { phoneMissing } = verified;
    return answerCommand(verified.session, {
      status: 'signed-in',
      ...signedIn,
      phoneMissing,
      ...(phoneMissing ? messageOf('phone_need_fill') : {}),
    });
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: ends the session server-side (the token stops working at once) and clears the cookie' })
  @ApiOkResponse({ type: MessageView })
  async logout(@Auth() { actor }: RequestAuth, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const claims = this.presentedClaims(request);
    const ended: { position: number } | null = claims
      ? await this.commands.execute(
          new EndSessionCommand({ ...actor, userId: claims.kind === 'user' ? claims.sub : null }, claims.sub, claims.jti, claims.kind),
        )
      : null;
    if (ended) await this.directory.settle(ended.position);
    clearAccessCookie(request, response, this.config);
    clearChallengeCookie(request, response, this.config);
    // Nothing is recorded when no (or an already ended) session was presented: then there is no position to answer.
    return ended ? answerCommand(ended, messageOf('signed_out')) : messageOf('signed_out');
  }

  @Get('me')
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user: identity, privileges, group, landing path (/library for the administrator)' })
  @ApiOkResponse({ type: MeView })
  meView(@Auth() { user }: RequestAuth): Promise<MeView> {
    return this.me.meFor(user);
  }

  @Public()
  @Post('password-reset')
  @HttpCode(200)
  @RateLimited('passwordReset')
  @ApiOperation({
    summary: 'Reset Password page: mail a link to set a new password',
    description:
      'Username and email must both match an account. The answer is the same either way (no account discovery); ' +
      'the link is recorded and mailed after the answer.',
  })
  @ApiOkResponse({ type: MessageView })
  async requestPasswordReset(@Body() body: PasswordResetRequestDto, @Auth() { actor }: RequestAuth) {
    await this.commands.execute(new RequestPasswordResetCommand(actor, body.username, body.email));
    return messageOf('reset_pass_sent_tip');
  }

  @Public()
  @Post('password-link/status')
  @HttpCode(200)
  @RateLimited('passwordLink')
  @ApiOperation({
    summary: 'Check an initial-password or reset link: state 1 (show the form) or 2 (invalid link)',
    description: 'POST rather than GET so the token never appears in URLs or access logs.',
  })
  @ApiOkResponse({ type: PasswordLinkStateView })
  linkState(@Body() body: PasswordLinkDto): Promise<PasswordLinkState> {
    return this.queries.execute(new GetPasswordLinkStateQuery(body.token));
  }

  @Public()
  @Post('password-link')
  @HttpCode(200)
  @RateLimited('passwordLink')
  @ApiOperation({ summary: 'Set the password with an initial-password or reset link (single use; the password policy applies)' })
  @ApiOkResponse({ type: MessageView })
  @ApiBadRequestResponse({
    description: 'Password policy (new_pass_format), confirmation (password_not_match), or an invalid link (state 2).',
  })
  async setPasswordWithLink(@Body() body: SetPasswordWithLinkDto, @Auth() { actor }: RequestAuth) {
    const result: { position: number } = await this.commands.execute(new SetPasswordWithLinkCommand(actor, body.token, body.password));
    await this.directory.settle(result.position);
    return answerCommand(result, messageOf('password_set'));
  }

  @Public()
  @Post('api-token')
  @HttpCode(200)
  @RateLimited('apiToken')
  @ApiOperation({
    summary: "API clients: exchange an API user's username and password for a bearer token (1 hour)",
    description: "Only from the API user's allowed IP (other IPs: 403, also on every later request with the token).",
  })
  @ApiOkResponse({ type: ApiTokenView })
  @ApiForbiddenResponse({ description: 'Requests for this API user are not accepted from your IP address.' })
  async apiToken(@Body() body: ApiTokenDto, @Auth() { actor }: RequestAuth) {
    const issued: ApiTokenView & { position: number } = await this.commands.execute(
      new IssueApiTokenCommand(actor, body.username, body.password),
    );
    await this.directory.settle(issued.position);
    const answer: ApiTokenView = {
      accessToken: issued.accessToken,
      tokenType: 'Bearer',
      expiresInSeconds: issued.expiresInSeconds,
      maxRecords: issued.maxRecords,
    };
    return answerCommand(issued, answer);
  }

  /** Sets the cookie once the session is visible to the token guard, and answers with the user. */
  private async signedIn(session: IssuedSession, request: Request, response: Response): Promise<{ user: MeView | null }> {
    await this.directory.settle(session.position);
    setAccessCookie(request, response, this.config, session.token, session.persistentForMs);
    const principal = await this.principals.principalFor(
      { sub: session.userId, jti: session.sessionId, typ: 'access', kind: 'user' },
      request.ip ?? null,
    );
    return { user: principal ? await this.me.meFor(principal) : null };
  }

  /** The token presented (Bearer or cookie), if it is a genuine access token; expiry does not matter for logout. */
  private presentedClaims(request: Request): AccessTokenClaims | null {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : readCookie(request, ACCESS_TOKEN_COOKIE);
    if (!token) return null;
    try {
      const claims = this.jwt.verify<AccessTokenClaims>(token, { algorithms: ['HS256'], ignoreExpiration: true });
      return claims.typ === 'access' && typeof claims.jti === 'string' ? claims : null;
    } catch {
      return null;
    }
  }
}
