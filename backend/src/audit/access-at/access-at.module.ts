import { Module } from '@nestjs/common';
import { AssessmentsModule } from '../../assessments/assessments.module';
import { AccessAtController } from './access-at.controller';
import { AccessAtService } from './access-at.service';

/** "Who could see this assessment at a moment" (issue 16): the assessment's state and row access from AssessmentsModule. */
@Module({
  imports: [AssessmentsModule],
  controllers: [AccessAtController],
  providers: [AccessAtService],
})
export class AccessAtModule {}
