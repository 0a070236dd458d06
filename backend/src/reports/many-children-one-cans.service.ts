import { Inject, Injectable } from '@nestjs/common';
import { ratingCodebook } from '@cans/projections/reports/report-rows.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { AssessmentPrincipal } from '../assessments/access/assessment-access.service';
import type { AuthenticatedUser } from '../identity/authentication/authenticated-user';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { ComparisonDto, listOf, ReportDomainsDto } from './report-filter.dto';
import { ReportCohortService } from './report-cohort.service';
import { ReportComparisonService } from './report-comparison.service';
import { ReportLibraryService } from './report-library.service';
import { ComparisonReport, withSmallCellsSuppressed } from './comparison-small-cells';
import { manyChildrenReport, ManyChildrenReport } from './report-statistics';

/** The comparison group's report, or why it is not shown: the spec's warning below 10 children, or the differencing refusal. */
export type ComparisonAnswer =
  { sufficient: false; childCount: null; message: string; domains: [] } | ({ sufficient: true; message: null } & ComparisonReport);

/**
 * Many Children One CANS and its comparison (spec 001 §4), as GET /api/reports/many-children-one-cans and
 * /comparison answer them and as the PDF of a saved query shows them: one computation for both.
 */
@Injectable()
export class ManyChildrenOneCansService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly cohorts: ReportCohortService,
    private readonly library: ReportLibraryService,
    private readonly comparisons: ReportComparisonService,
  ) {}

  async report(user: AssessmentPrincipal, query: ReportDomainsDto): Promise<ManyChildrenReport> {
    const { domains: codes, ...filter } = query;
    const [rows, domains, codebook] = await Promise.all([
      this.cohorts.rows(user, filter),
      this.library.chosen(listOf(codes)),
      ratingCodebook(this.readStore),
    ]);
    return manyChildrenReport(rows, domains, codebook);
  }

  /** The comparison group's report within the comparison rules (report-comparison.service.ts) for `user`. */
  async comparison(user: AuthenticatedUser, query: ComparisonDto): Promise<ComparisonAnswer> {
    const [group, domains, codebook] = await Promise.all([
      this.comparisons.rows(user, query),
      this.library.chosen(listOf(query.domains)),
      ratingCodebook(this.readStore),
    ]);
    if (group.rows === null) return { sufficient: false, childCount: null, message: group.refusal, domains: [] };
    const blocks = group.unreadableBlocks.map((rows) => manyChildrenReport(rows, domains, codebook));
    return { sufficient: true, message: null, ...withSmallCellsSuppressed(manyChildrenReport(group.rows, domains, codebook), blocks) };
  }
}
