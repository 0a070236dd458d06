import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createHash } from 'node:crypto';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { createAppModule } from '../src/app.module';
import type { Privilege } from '@cans/domain/identity/privileges';
import { credentialsStreamId } from '@cans/domain/identity/credentials.events';
import { AssignPasswordCommand } from '../src/identity/authentication/password.commands';
import { startSession } from '../src/identity/authentication/sign-in.commands';
import { SignInTokens } from '../src/identity/authentication/sign-in-tokens';
import { MAILER, Mailer, OutboxMailer } from '../src/identity/delivery/mailer';
import { ConfigurableMailer } from '../src/identity/delivery/configurable-mailer';

import { SMS_SENDER, SmsSender } from '../src/identity/delivery/sms-sender';
import { AdjustableClock, IDENTITY_CLOCK } from '../src/identity/identity-clock';
import { DEFAULT_RATE_LIMITS, IDENTITY_CONFIG, IdentityConfig, loadIdentityConfig, RateLimitName } from '../src/identity/identity-config';
import { ADMINISTRATOR_ID, displayUsername } from '@cans/domain/identity/identity-rules';
import { userDecider } from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import { UserGroupEvents, userGroupStreamId } from '@cans/domain/identity/user-group.events';
import { CreateUserGroupCommand } from '../src/identity/user-groups/user-group.commands';
import { CreateUserCommand, UpdateUserCommand, UserInput } from '../src/identity/users/user.commands';
import { systemActor } from '../src/platform/commands/actor';
import { EventSourcedCommandHandler } from '../src/platform/commands/command-handler';
import { EVENT_STORE } from '../src/platform/storage/storage-tokens';
import type { AppendResult, EventStore, ExpectedRevision } from '@cans/storage/event-store/event-store.port';
import type { Actor } from '../src/platform/commands/actor';
import { AppConfig, loadAppConfig } from '../src/platform/config/app-config';
import { configureApp } from '../src/platform/http/configure-app';
import { ProjectionRunnerService } from '../src/platform/projections/projection-runner.service';
import { CommandBus } from '@nestjs/cqrs';
import { EVENT_POSITION_HEADER } from '../src/platform/http/http-answers';
import { WAIT_FOR_POSITION_HEADER } from '../src/platform/http/read-your-writes';
import { createTestPostgresDatabase, templateDatabase, TestDatabase, testPostgresUrl } from '@cans/storage/test-support/databases';
import { seedDemoData } from '../src/platform/seeding/demo-data/demo-data';

/** The local outbox's messages, also behind the settings' mailer (empty when mail goes to an SMTP server). */
const outboxOf = (mailer: Mailer): OutboxMailer['messages'] =>
  mailer instanceof ConfigurableMailer ? outboxOf(mailer.bootstrap) : mailer instanceof OutboxMailer ? mailer.messages : [];

/**
 * Appends events exactly as given, past every decider: for states no command produces (a group without privileges,
 * events in an older shape) that a test needs to start from.
 */
export function appendRawEvents(
  app: INestApplication,
  streamId: string,
  events: ReadonlyArray<{ type: string; data: unknown }>,
  expectedRevision: ExpectedRevision,
  actor: Actor,
): Promise<AppendResult> {
  const metadata = { userId: actor.userId, ip: actor.ip, correlationId: actor.correlationId, causationId: null };
  return app.get<EventStore>(EVENT_STORE).append(
    streamId,
    events.map((event) => ({ type: event.type, data: event.data, schemaVersion: 1, metadata })),
    expectedRevision,
  );
}

export interface TestApp {
  app: INestApplication;
  /** Base URL once listen() was called (browser tests). */
  baseUrl: string | null;
  /** The PostgreSQL database of a `backend: 'postgres'` app (a second instance may share it); null on PGlite. */
  databaseUrl: string | null;
  /** supertest against the app; each request first waits for the users and sessions tokenFor() set up. */
  http: () => ReturnType<typeof request>;
  /**
   * A bearer token for a real user (created through the user and group commands) in a group holding exactly
   * these privileges, with a real session (a SignInSucceeded event). The token is returned at once; the user and
   * session are written in the background and every `t.http()` request waits for them. Other clients (a browser,
   * fetch) should `await t.settled()` first. Same userId again: the same user, moved to the new privileges' group.
   */
  tokenFor(privileges: Privilege[], userId?: string): string;
  /** A bearer token for the administrator (user "1", created on start). */
  adminToken(): string;
  /** Gives an existing user this password (as the system does for the demo), for routes that ask for it again. */
  setPassword(userId: string, password: string): Promise<void>;
  /** A bearer token (real session) for a user that already exists, with whatever group they are in. */
  tokenForUser(userId: string): string;
  /** Resolves once every user and session set up by tokenFor()/adminToken() is visible to the API. */
  settled(): Promise<void>;
  /** Resolves once every projection holds every event recorded so far (e.g. another user's save, seen by a browser with no position of it). */
  caughtUp(): Promise<void>;
  /** The clock sign-in rules use (code expiry, countdown, lockout); tests move it forward. */
  clock: AdjustableClock;
  /** Mail sent while no SMTP server is configured (the local outbox), newest last. */
  outbox: OutboxMailer['messages'];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * The store: a fresh PostgreSQL database when a test server is configured (TEST_DATABASE_URL), else in-memory
   * PGlite. Ignored when config.databaseUrl names a database (a second instance over the first one's).
   */
  backend?: 'pglite' | 'postgres';
  /** 'demo-data': the app starts with the demo data (seedDemoData), copied on PostgreSQL from a template built once per run. */
  seed?: 'demo-data';
  config?: Partial<AppConfig>;
  listen?: boolean;
  /** Identity settings (SMTP, rate limits, public URL). Rate limits default to generous values in tests. */
  identity?: Partial<Omit<IdentityConfig, 'rateLimits'>> & { rateLimits?: Partial<IdentityConfig['rateLimits']> };
  /** A text-message sender, to enable the phone channel. */
  smsSender?: SmsSender;
  /** Where the app's log lines go (with config.logLevel above silent): a test reads the request log from it. */
  logStream?: DestinationStream;
}

const GENEROUS_RATE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { capacity: 10_000, refillPerMinute: 10_000 }]),
) as Record<RateLimitName, { capacity: number; refillPerMinute: number }>;

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);

/** A stable UUID-shaped id from a text (v4 layout), so the same privilege set maps to the same group. */
function idFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** This run's PostgreSQL template holding the demo data, seeded through the real commands by the first app that asks. */
function demoDataTemplate(serverUrl: string): Promise<string> {
  return templateDatabase(serverUrl, 'demo_data', async (url) => {
    const seeding = await startTestAppUntimed({ config: { databaseUrl: url } });
    try {
      await seedDemoData(seeding.app.get(CommandBus));
      await seeding.caughtUp();
    } finally {
      await seeding.close();
    }
  });
}

/**
 * The real Nest app over a real store: a fresh PostgreSQL database when a test server is configured (native
 * PostgreSQL runs the suite's SQL several times faster than PGlite's WebAssembly), else in-memory PGlite;
 * `backend` picks one. The built-in groups and the administrator exist from the start (identity bootstrap).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const startedAt = Date.now();
  try {
    return await startTestAppUntimed(options);
  } catch (error) {
    // A start that fails says how long it tried: on a loaded machine that is the first thing to know.
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    if (error instanceof Error) error.message = `startTestApp failed after ${seconds} s: ${error.message}`;
    throw error;
  }
}

async function startTestAppUntimed(options: TestAppOptions): Promise<TestApp> {
  let database: TestDatabase | null = null;
  // Tests stand in for a reverse proxy on loopback (X-Forwarded-For sets the client IP); TRUST_PROXY is off by default.
  const overrides: Partial<AppConfig> = {
    dataDir: 'memory://',
    seedDemoData: false,
    jwtSecret: 'test-secret',
    logLevel: 'silent',
    trustProxy: ['loopback'],
    // Tests run the reminder job themselves, at the clock they choose.
    reminderJobCron: null,
    xmlFeedJobCron: null,
    // A read waits for the projections as long as a loaded two-core machine may need (3 s in production).
    readYourWritesTimeoutMs: 30_000,
    ...options.config,
  };
  const backend = options.backend ?? (testPostgresUrl() ? 'postgres' : 'pglite');
  const seedHere = options.seed === 'demo-data' && (backend !== 'postgres' || overrides.databaseUrl);
  if (backend === 'postgres' && !overrides.databaseUrl) {
    const url = testPostgresUrl();
    if (!url) throw new Error('startTestApp: no TEST_DATABASE_URL for backend postgres');
    const template = options.seed === 'demo-data' ? await demoDataTemplate(url) : undefined;
    database = await createTestPostgresDatabase(url, undefined, { template });
    await database.client.close();
    overrides.databaseUrl = database.url;
  }
  const config: AppConfig = { ...loadAppConfig({}), ...overrides };
  const identity: IdentityConfig = {
    ...loadIdentityConfig({}),
    printOutbox: false,
    ...options.identity,
    rateLimits: { ...GENEROUS_RATE_LIMITS, ...options.identity?.rateLimits },
  };
  const clock = new AdjustableClock();
  let builder = Test.createTestingModule({ imports: [createAppModule(config, { logStream: options.logStream })] })
    .overrideProvider(IDENTITY_CONFIG)
    .useValue(identity)
    .overrideProvider(IDENTITY_CLOCK)
    .useValue(clock);
  if (options.smsSender) builder = builder.overrideProvider(SMS_SENDER).useValue(options.smsSender);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ bufferLogs: true });
  configureApp(app, config);
  await app.init();
  let baseUrl: string | null = null;
  if (options.listen) {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
  }

  const commands = app.get(CommandBus);
  if (seedHere) await seedDemoData(commands);
  const tokens = app.get(SignInTokens);
  const projections = app.get(ProjectionRunnerService);
  const mailer = app.get<Mailer>(MAILER);
  const settle = async (position: number) => {
    if (!(await projections.waitForPosition(position, 10_000))) throw new Error(`test-app: projections did not reach ${position}`);
  };

  const groupsByPrivileges = new Map<string, Promise<string>>();
  const usersCreated = new Map<string, { input: UserInput; revision: number }>();

  const groupFor = (privileges: Privilege[]): Promise<string> => {
    const key = [...new Set(privileges)].sort().join(',');
    let group = groupsByPrivileges.get(key);
    if (!group) {
      group = (async () => {
        const groupId = idFrom(`test-group:${key}`);
        const fields = {
          name: `Test group [${key || 'no privileges'}]`,
          description: 'Created by tokenFor()',
          parentGroupId: ADMINISTRATOR_ID,
          reportsToParent: false,
          privileges,
        };
        // The group form requires a privilege; a test of "signed in with none" still needs such a group.
        const result =
          privileges.length > 0
            ? await commands.execute(new CreateUserGroupCommand(systemActor(), fields, groupId))
            : await appendRawEvents(
                app,
                userGroupStreamId(groupId),
                [{ type: UserGroupEvents.Created, data: { groupId, ...fields } }],
                'no_stream',
                systemActor(),
              );
        await settle(result.position);
        return groupId;
      })();
      groupsByPrivileges.set(key, group);
    }
    return group;
  };

  /** Appends the session a sign-in would (SignInSucceeded) for a token already signed. */
  const recordSession = async (event: ReturnType<typeof startSession>['event'], userId: string) => {
    const result = await appendRawEvents(app, credentialsStreamId(userId), [event], 'any', { ...systemActor(), userId });
    await settle(result.position);
  };

  const ensureUser = async (privileges: Privilege[], userId: string) => {
    const groupId = await groupFor(privileges);
    let known = usersCreated.get(userId);
    if (!known) {
      // A user made elsewhere in the test (through the API): move it into the group, keeping its fields.
      const existing = await app.get(EventSourcedCommandHandler).load(userStreamId(userId), userDecider);
      if (existing.state.account) {
        const { status: _status, ...fields } = existing.state.account;
        known = { input: { ...fields, username: displayUsername(fields.username) }, revision: 0 };
        usersCreated.set(userId, known);
      }
    }
    if (!known) {
      const short = createHash('sha256').update(userId).digest('hex').slice(0, 10);
      const input: UserInput = {
        firstName: 'Test',
        lastName: `User ${short}`,
        username: `test-${short}`,
        email: `test-${short}@example.test`,
        phone: null,
        userGroupId: groupId,
        supervisorId: ADMINISTRATOR_ID,
        agencyId: null,
        externalId: `TEST-${short}`,
        expirationDate: null,
      };
      usersCreated.set(userId, { input, revision: 0 });
      const created = await commands.execute(new CreateUserCommand(systemActor(), input, true, { userId, sendInitialPasswordLink: false }));
      await settle(created.position);
    } else if (known.input.userGroupId !== groupId) {
      known.input = { ...known.input, userGroupId: groupId };
      const updated = await commands.execute(new UpdateUserCommand(systemActor(), userId, known.input, 1, true));
      await settle(updated.position);
    }
  };

  // Set-ups run one after another (two tokens for one new user must not both create it); requests wait for
  // them, and a failed set-up fails every later request of this app loudly.
  let setups: Promise<void> = Promise.resolve();
  let setupFailure: unknown = null;
  const enqueue = (work: () => Promise<void>) => {
    setups = setups.then(work).catch((error: unknown) => {
      setupFailure ??= error;
    });
  };
  const settled = async () => {
    await setups;
    if (setupFailure) throw setupFailure;
  };

  const tokenFor = (privileges: Privilege[], userId: string = idFrom(`test-user:${Math.random()}`)): string => {
    const session = startSession(tokens, userId, 'test-support', false, clock.now());
    enqueue(async () => {
      await ensureUser(privileges, userId);
      await recordSession(session.event, userId);
    });
    return session.token;
  };

  const tokenForUser = (userId: string): string => {
    const session = startSession(tokens, userId, 'test-support', false, clock.now());
    enqueue(() => recordSession(session.event, userId));
    return session.token;
  };
  const adminToken = () => tokenForUser(ADMINISTRATOR_ID);
  const setPassword = async (userId: string, password: string) => {
    await settled();
    const { position } = await commands.execute<AssignPasswordCommand, { position: number }>(
      new AssignPasswordCommand(systemActor(), userId, password),
    );
    await settle(position);
  };

  /** The highest X-Event-Position any answer of this app carried. */
  let latestEventPosition = 0;
  /**
   * supertest, with each request's send deferred until the pending set-ups are done, and read-your-writes as the
   * UI has it: each GET carries the latest event position answered (X-Wait-For-Position).
   */
  const http = () => {
    const agent = request(app.getHttpServer());
    return new Proxy(agent, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof property !== 'string' || !HTTP_METHODS.has(property) || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const test = (value as (...a: unknown[]) => request.Test).apply(target, args);
          const end = test.end.bind(test);
          test.end = ((callback: (error: unknown, response?: request.Response) => void) => {
            settled().then(
              () => {
                // As the UI's data provider does: every GET asks to see the writes answered so far (a test that
                // sets the header itself keeps its own value). Health and readiness probes never wait.
                const probe = typeof args[0] === 'string' && /^\/api\/(health|ready)\b/.test(args[0]);
                if (property === 'get' && !probe && latestEventPosition > 0 && test.get(WAIT_FOR_POSITION_HEADER) === undefined)
                  test.set(WAIT_FOR_POSITION_HEADER, String(latestEventPosition));
                end((error: unknown, response?: request.Response) => {
                  const position = Number(response?.headers[EVENT_POSITION_HEADER.toLowerCase()]);
                  if (Number.isSafeInteger(position)) latestEventPosition = Math.max(latestEventPosition, position);
                  callback(error, response);
                });
              },
              (error: unknown) => callback(error),
            );
            return test;
          }) as typeof test.end;
          return test;
        };
      },
    });
  };

  return {
    app,
    baseUrl,
    databaseUrl: config.databaseUrl,
    http,
    tokenFor,
    adminToken,
    setPassword,
    tokenForUser,
    settled,
    async caughtUp() {
      if (!(await projections.waitForHead(10_000))) throw new Error('test-app: projections did not reach the head of the event store');
    },
    clock,
    outbox: outboxOf(mailer),
    async close() {
      await app.close();
      await database?.dispose().catch(() => undefined);
    },
  };
}
