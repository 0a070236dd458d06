import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { HeavyWorkPool } from '../../platform/heavy-work/heavy-work-pool';
import { ApiHeavyWorkResponses } from '../../platform/heavy-work/heavy-work-responses';
import { AssessmentSummaryService } from './assessment-summary.service';
import { AsOfQueryDto, parseAsOfPoint } from '../history/as-of-point';

/** The optional as-of parameters (issue 16): the same checks as GET /assessments/{id}/as-of. */
const BAD_AS_OF =
  'errors.revision / errors.at: both given, not a whole number or past the last revision, not an ISO date-time or before the assessment existed';

/**
 * The PDF's file name: the assessment date and id, never the child's PID or name (file names end up in download
 * folders, browser histories and request logs). Letters, digits, dots and dashes only: safe in a header.
 */
export function pdfFileName(kind: 'summary' | 'assessment', assessmentId: string, dateOfAssessment: string): string {
  const safe = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `cans-${kind}-${safe(dateOfAssessment)}-${safe(assessmentId)}.pdf`;
}

function sendPdf(response: Response, bytes: Buffer, fileName: string): StreamableFile {
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
  response.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(bytes);
}

/**
 * The CANS Summary (spec route /assessment/summarycase/{id}) and the printable assessment (/assessment/print/{id}),
 * as JSON for the pages and as PDF. The spec does not name the privilege of these routes: opening an assessment
 * needs Assessment_View, so they do too, plus row access to the assessment (403 otherwise, 404 when it does not
 * exist or was deleted).
 */
@ApiTags('Assessments')
@ApiCookieAuth()
@Controller('assessments')
export class AssessmentSummaryController {
  constructor(
    private readonly summaries: AssessmentSummaryService,
    private readonly reads: RecordReadsService,
    private readonly heavyWork: HeavyWorkPool,
  ) {}

  @Get(':id/summary')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'CANS Summary: child, caregivers, glance chart data, rated items by domain, narrative, recommendations' })
  @ApiOkResponse({ description: 'The summary' })
  @ApiBadRequestResponse({ description: BAD_AS_OF })
  async summary(@Param('id') id: string, @Query() asOf: AsOfQueryDto, @Auth() { user, actor }: RequestAuth) {
    const summary = await this.summaries.summary(user, id, parseAsOfPoint(asOf, false));
    this.reads.record(actor, [id], 'summary');
    return summary;
  }

  @Get(':id/summary.pdf')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'CANS Summary as an A4 PDF' })
  @ApiHeavyWorkResponses()
  @ApiProduces('application/pdf')
  @ApiBadRequestResponse({ description: BAD_AS_OF })
  async summaryPdf(
    @Param('id') id: string,
    @Query() asOf: AsOfQueryDto,
    @Auth() { user, actor }: RequestAuth,
    @Res({ passthrough: true }) response: Response,
  ) {
    const summary = await this.summaries.summary(user, id, parseAsOfPoint(asOf, false));
    const bytes = await this.heavyWork.renderPdf(user.id, { kind: 'summary', summary });
    this.reads.record(actor, [id], 'summary-pdf');
    return sendPdf(response, bytes, pdfFileName('summary', id, summary.child.dateOfAssessment));
  }

  @Get(':id/print')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'The full printable assessment: every visible question, caregivers, narrative, comments, reasons' })
  @ApiOkResponse({ description: 'The printable assessment' })
  @ApiBadRequestResponse({ description: BAD_AS_OF })
  async print(@Param('id') id: string, @Query() asOf: AsOfQueryDto, @Auth() { user, actor }: RequestAuth) {
    const printable = await this.summaries.print(user, id, parseAsOfPoint(asOf, false));
    this.reads.record(actor, [id], 'print');
    return printable;
  }

  @Get(':id/print.pdf')
  @RequirePrivileges('Assessment_View')
  @ApiOperation({ summary: 'The full printable assessment as an A4 PDF' })
  @ApiHeavyWorkResponses()
  @ApiProduces('application/pdf')
  @ApiBadRequestResponse({ description: BAD_AS_OF })
  async printPdf(
    @Param('id') id: string,
    @Query() asOf: AsOfQueryDto,
    @Auth() { user, actor }: RequestAuth,
    @Res({ passthrough: true }) response: Response,
  ) {
    const printable = await this.summaries.print(user, id, parseAsOfPoint(asOf, false));
    const bytes = await this.heavyWork.renderPdf(user.id, { kind: 'print', printable });
    this.reads.record(actor, [id], 'print-pdf');
    return sendPdf(response, bytes, pdfFileName('assessment', id, printable.child.dateOfAssessment));
  }
}
