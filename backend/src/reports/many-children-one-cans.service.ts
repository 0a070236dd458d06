import { Inject, Injectable } from '@nestjs/common';
import { ratingCodebook } from '@cans/projections/reports/report-rows.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { AssessmentPrincipal } from '../assessments/access/assessment-access.service';
import type { AuthenticatedUser } from '../identity/authentication/authenticated-user';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { ComparisonDto, listOf, ReportDomainsDto } from './report-filter.dto';
import { ReportCohortService } from './report-cohort.service';
import { COMPARISON_MINIMUM_CHILDREN, COMPARISON_TOO_SMALL, ReportComparisonService } from './report-comparison.service';
import { ReportLibraryService } from './report-library.service';
import { childCountOf, manyChildrenReport, ManyChildrenReport } from './report-statistics';

/** The comparison group's report, or the spec's warning below 10 children (aggregates only, never a record). */
export type ComparisonAnswer =
  { sufficient: false; childCount: null; message: string; domains: [] } | ({ sufficient: true; message: null } & ManyChildrenReport);

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

  /** The comparison group within the comparison rules (own agency, show flags) of `user`. */
  async comparison(user: AuthenticatedUser, query: ComparisonDto): Promise<ComparisonAnswer> {
    const where = await this.comparisons.comparisonFilter(user, query);
    const [rows, domains, codebook] = await Promise.all([
      this.cohorts.unscopedRows(where),
      this.library.chosen(listOf(query.domains)),
      ratingCodebook(this.readStore),
    ]);
    if (childCountOf(rows) < COMPARISON_MINIMUM_CHILDREN)
      return { sufficient: false, childCount: null, message: COMPARISON_TOO_SMALL, domains: [] };
    return { sufficient: true, message: null, ...manyChildrenReport(rows, domains, codebook) };
  }
}
