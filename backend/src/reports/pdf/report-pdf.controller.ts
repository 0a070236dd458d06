import { setDownloadHeaders } from '../../platform/http/http-answers';
import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { ReportPdfService } from './report-pdf.service';
import { ApiHeavyWorkResponses } from '../../platform/heavy-work/heavy-work-responses';

/**
 * The A4 PDF of a saved report query (spec 001 §2 "PDF export is to A4"; docs/api.md "Reports"). The file is named
 * as the print view's tab title without the child's PID (One_Child_One_CANS_{yyyyMMddHHmmss}.pdf …, the server's
 * time): identifiers stay out of file names, as for the assessment PDFs. A one-child PDF shows one child's record:
 * each one served is recorded as a read of its assessments (RecordReadsService).
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports/saved-queries')
export class ReportPdfController {
  constructor(
    private readonly pdfs: ReportPdfService,
    private readonly reads: RecordReadsService,
  ) {}

  @Get(':id/pdf')
  @ApiHeavyWorkResponses()
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'A saved report query as an A4 PDF with its charts, computed with the caller’s row access; 404 when the id is unknown',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'application/pdf, attachment named after the print view’s tab title without the PID' })
  async pdf(@Param('id') id: string, @Auth() { user, actor }: RequestAuth, @Res({ passthrough: true }) response: Response) {
    const { fileName, bytes, read } = await this.pdfs.render(id, user);
    if (read) this.reads.record(actor, read.assessmentIds, read.what);
    setDownloadHeaders(response, 'application/pdf', fileName);
    return new StreamableFile(bytes);
  }
}
