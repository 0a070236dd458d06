import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { AgenciesModule } from './administration/agencies/agencies.module';
import { AssessmentsModule } from './assessments/assessments.module';
import { AssessmentStatisticsModule } from './assessments/statistics/assessment-statistics.module';
import { AssessmentSummaryModule } from './assessments/summary/assessment-summary.module';
import { IdentityModule } from './identity/identity.module';
import { LibraryModule } from './library/library.module';
import type { AppConfig } from './platform/config/app-config';
import { HealthController } from './platform/health/health.controller';
import { ApiExceptionFilter } from './platform/http/api-exception.filter';
import { ReadYourWritesInterceptor } from './platform/http/read-your-writes';
import { ProjectionRunnerService } from './platform/projections/projection-runner.service';
import { StorageModule } from './platform/storage/storage.module';
import { APP_CONFIG } from './platform/storage/storage-tokens';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

@Global()
@Module({ providers: [ProjectionRunnerService], exports: [ProjectionRunnerService] })
class ProjectionsModule {}

/** The whole API. Feature modules (identity, library, assessments, reports, administration, audit) plug in here. */
export function createAppModule(config: AppConfig): DynamicModule {
  return {
    module: AppModule,
    imports: [
      ConfigModule.forRoot(config),
      LoggerModule.forRoot({
        // Express 5 route syntax; nestjs-pino's default '*' triggers a legacy-route warning on start.
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: {
          level: config.logLevel,
          genReqId: (request) => (request.headers['x-request-id'] as string | undefined) ?? randomUUID(),
          // Tokens and passwords never reach the logs.
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          autoLogging: { ignore: (request) => request.url === '/api/health' },
        },
      }),
      CqrsModule.forRoot(),
      StorageModule,
      ProjectionsModule,
      IdentityModule,
      AgenciesModule,
      LibraryModule,
      AssessmentsModule,
      AssessmentSummaryModule,
      AssessmentStatisticsModule,
    ],
    controllers: [HealthController],
    providers: [
      { provide: APP_FILTER, useClass: ApiExceptionFilter },
      { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
    ],
  };
}

@Module({})
export class AppModule {}
