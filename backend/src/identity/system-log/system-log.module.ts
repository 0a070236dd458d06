import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SystemLogController } from './system-log.controller';
import { SearchSystemLogHandler } from './system-log.queries';

@Module({
  imports: [CqrsModule],
  controllers: [SystemLogController],
  providers: [SearchSystemLogHandler],
})
export class SystemLogModule {}
