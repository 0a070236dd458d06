import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { randomUUID } from 'node:crypto';
import { AgenciesModule } from './administration/agencies/agencies.module';
import { RemindersModule } from './assessments/reminders/reminders.module';
import { ChildFormModule } from './administration/child-form/child-form.module';
import { ChildLabelsModule } from './administration/child-labels/child-labels.module';
import { OptionListsModule } from './administration/option-lists/option-lists.module';
import { EmailTemplatesModule } from './administration/email-templates/email-templates.module';
import { SettingsModule } from './administration/settings/settings.module';
import { HelpModule } from './administration/help/help.module';
import { AssessmentsModule } from './assessments/assessments.module';
import { AssessmentStatisticsModule } from './assessments/statistics/assessment-statistics.module';
import { AssessmentSummaryModule } from './assessments/summary/assessment-summary.module';
import { IdentityModule } from './identity/identity.module';
import { LibraryModule } from './library/library.module';
import { ReportsModule } from './reports/reports.module';
import { DataFeedModule } from './data-feed/data-feed.module';
import { XmlFeedModule } from './data-feed/xml/xml-feed.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AccessAtModule } from './audit/access-at/access-at.module';
import type { AppConfig } from './platform/config/app-config';
import { HealthController } from './platform/health/health.controller';
import { ApiExceptionFilter } from './platform/http/api-exception.filter';
import { HttpAnswerInterceptor } from './platform/http/http-answers';
import { ReadYourWritesInterceptor } from './platform/http/read-your-writes';
import { isHealthProbe, requestLogSerializers } from './platform/http/request-log';
import { ProjectionRunnerService } from './platform/projections/projection-runner.service';
import { BackupSocketService } from './platform/backup/backup-socket.service';
import { HeavyWorkModule } from './platform/heavy-work/heavy-work-pool';
import { ProjectionBackpressureInterceptor } from './platform/projections/projection-backpressure.interceptor';
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

export interface AppModuleOptions {
  /** Where log lines go (stdout when absent); tests read the request log from a stream of their own. */
  logStream?: DestinationStream;
}

/** The whole API. Feature modules (identity, library, assessments, reports, administration, audit) plug in here. */
export function createAppModule(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
  const pinoHttpOptions = {
    level: config.logLevel,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      (request.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    // Tokens and passwords never reach the logs; nor do query strings (PIDs, names: see request-log.ts).
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: requestLogSerializers,
    autoLogging: { ignore: isHealthProbe },
  };
  return {
    module: AppModule,
    imports: [
      ConfigModule.forRoot(config),
      HeavyWorkModule,
      LoggerModule.forRoot({
        // Express 5 route syntax; nestjs-pino's default '*' triggers a legacy-route warning on start.
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: options.logStream ? [pinoHttpOptions, options.logStream] : pinoHttpOptions,
      }),
      CqrsModule.forRoot(),
      StorageModule,
      ProjectionsModule,
      IdentityModule,
      AgenciesModule,
      ChildFormModule,
      ChildLabelsModule,
      OptionListsModule,
      SettingsModule,
      EmailTemplatesModule,
      HelpModule,
      LibraryModule,
      AssessmentsModule,
      AssessmentSummaryModule,
      AssessmentStatisticsModule,
      RemindersModule,
      ReportsModule,
      DataFeedModule,
      XmlFeedModule,
      AnalyticsModule,
      AccessAtModule,
    ],
    controllers: [HealthController],
    providers: [
      { provide: APP_FILTER, useClass: ApiExceptionFilter },
      { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
      { provide: APP_INTERCEPTOR, useClass: HttpAnswerInterceptor },
      // Inside HttpAnswerInterceptor (registered after it), so it still sees the CommandAnswer and its position.
      { provide: APP_INTERCEPTOR, useClass: ProjectionBackpressureInterceptor },
      BackupSocketService,
    ],
  };
}

@Module({})
export class AppModule {}
