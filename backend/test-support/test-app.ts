import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createAppModule } from '../src/app.module';
import type { Privilege } from '../src/identity/access/privileges';
import { PRIVILEGES } from '../src/identity/access/privileges';
import type { AccessTokenClaims } from '../src/identity/authentication/authenticated-user';
import { AppConfig, loadAppConfig } from '../src/platform/config/app-config';
import { configureApp } from '../src/platform/http/configure-app';
import { createTestPostgresDatabase, TestDatabase, testPostgresUrl } from './databases';

export interface TestApp {
  app: INestApplication;
  /** Base URL once listen() was called (browser tests). */
  baseUrl: string | null;
  http: () => ReturnType<typeof request>;
  /** A bearer token for a user holding exactly these privileges. */
  tokenFor(privileges: Privilege[], userId?: string): string;
  adminToken(): string;
  close(): Promise<void>;
}

/**
 * The real Nest app over a real store: in-memory PGlite by default, or a fresh PostgreSQL database when
 * `backend: 'postgres'` (callers skip when no server is configured).
 */
export async function startTestApp(
  options: { backend?: 'pglite' | 'postgres'; config?: Partial<AppConfig>; listen?: boolean } = {},
): Promise<TestApp> {
  let database: TestDatabase | null = null;
  const overrides: Partial<AppConfig> = { dataDir: 'memory://', seedDemoData: false, jwtSecret: 'test-secret', logLevel: 'silent', ...options.config };
  if (options.backend === 'postgres') {
    const url = testPostgresUrl();
    if (!url) throw new Error('startTestApp: no TEST_DATABASE_URL for backend postgres');
    database = await createTestPostgresDatabase(url);
    await database.client.close();
    overrides.databaseUrl = database.url;
  }
  const config: AppConfig = { ...loadAppConfig({}), ...overrides };
  const moduleRef = await Test.createTestingModule({ imports: [createAppModule(config)] }).compile();
  const app = moduleRef.createNestApplication({ bufferLogs: true });
  configureApp(app, config);
  await app.init();
  let baseUrl: string | null = null;
  if (options.listen) {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
  }
  const jwt = app.get(JwtService);
  const tokenFor = (privileges: Privilege[], userId = 'user-under-test') =>
    jwt.sign({ sub: userId, username: userId, privileges } satisfies AccessTokenClaims);
  return {
    app,
    baseUrl,
    http: () => request(app.getHttpServer()),
    tokenFor,
    adminToken: () => tokenFor([...PRIVILEGES], '1'),
    async close() {
      await app.close();
      await database?.dispose().catch(() => undefined);
    },
  };
}
