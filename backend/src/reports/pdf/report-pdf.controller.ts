import { setDownloadHeaders } from '../../platform/http/http-answers';
import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, RequestAuth, RequirePrivileges } from '../../identity/access/access.decorators';
import { ReportPdfService } from './report-pdf.service';

/**
 * The A4 PDF of a saved report query (spec 001 §2 "PDF export is to A4"; docs/api.md "Reports"). The file is named
 * as the print view's tab title without the child's PID (One_Child_One_CANS_{yyyyMMddHHmmss}.pdf …, the server's
 * time): identifiers stay out of file names, as for the assessment PDFs.
 */
@ApiTags('Reports')
@ApiCookieAuth()
@Controller('reports/saved-queries')
export class ReportPdfController {
  constructor(private readonly pdfs: ReportPdfService) {}

  @Get(':id/pdf')
  @RequirePrivileges('Report_Assessment')
  @ApiOperation({
    summary: 'A saved report query as an A4 PDF with its charts, computed with the caller’s row access; 404 when the id is unknown',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'application/pdf, attachment named after the print view’s tab title without the PID' })
  async pdf(@Param('id') id: string, @Auth() { user }: RequestAuth, @Res({ passthrough: true }) response: Response) {
    const { fileName, bytes } = await this.pdfs.render(id, user);
    setDownloadHeaders(response, 'application/pdf', fileName);
    return new StreamableFile(bytes);
  }
}
