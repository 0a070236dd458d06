import { Global, Module } from '@nestjs/common';
import { ChildFormSettingsService } from './child-form-settings.service';

/** Global: assessments, reports and PDFs read the child form's configuration wherever they show its fields. */
@Global()
@Module({
  providers: [ChildFormSettingsService],
  exports: [ChildFormSettingsService],
})
export class ChildFormModule {}
