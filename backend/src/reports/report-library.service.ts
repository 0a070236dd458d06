import { Injectable } from '@nestjs/common';
import type { Domain, Instrument, Item, Module, Rating } from '@cans/domain/library/instrument/instrument.types';
import { LibraryStateService } from '../library/library-stream/library-state.service';
import { FieldValidationException } from '../platform/http/validation';

/** A question as reports show it (spec 001 §3 "Question in a report"). */
export interface ReportQuestion {
  readonly code: string;
  readonly name: string;
  /** The library's abbreviation; charts use it for long labels. */
  readonly shortName: string | null;
}

/** A module of a domain: a sub-group of its questions (nested modules are listed flat, in library order). */
export interface ReportModule {
  readonly code: string;
  readonly name: string;
  readonly questions: readonly ReportQuestion[];
}

export interface ReportDomain {
  readonly code: string;
  readonly name: string;
  readonly shortName: string | null;
  /** Answered once per caregiver: reports count the FIRST listed caregiver only. */
  readonly caregiverItem: boolean;
  /** Ratings counted as actionable (2 and 3 in every seeded domain). */
  readonly actionableRatings: readonly Rating[];
  /** Questions directly in the domain. */
  readonly questions: readonly ReportQuestion[];
  readonly modules: readonly ReportModule[];
}

const questionsOf = (items: readonly Item[]): ReportQuestion[] =>
  items
    .filter((item) => item.kind === 'question' && item.visible)
    .map((item) => ({ code: item.code, name: item.name, shortName: item.shortName ?? null }));

function modulesOf(modules: readonly Module[]): ReportModule[] {
  return modules
    .filter((m) => m.visible)
    .flatMap((m) => [{ code: m.code, name: m.name, questions: questionsOf(m.items) }, ...modulesOf(m.modules)]);
}

const reportDomainOf = (domain: Domain): ReportDomain => ({
  code: domain.code,
  name: domain.name,
  shortName: domain.shortName ?? null,
  caregiverItem: domain.caregiverItem,
  actionableRatings: domain.actionableRatings,
  questions: questionsOf(domain.items),
  modules: modulesOf(domain.modules),
});

/** The reportable (visible) domains of an instrument. */
export const reportDomainsOf = (instrument: Instrument): ReportDomain[] => instrument.domains.filter((d) => d.visible).map(reportDomainOf);

/** Every question of a domain, modules included. */
export const allQuestionsOf = (domain: ReportDomain): ReportQuestion[] => [
  ...domain.questions,
  ...domain.modules.flatMap((m) => m.questions),
];

/**
 * The domains and questions reports use: the CURRENT library version's visible domains, modules and questions.
 * Ratings given on any version count, matched by the questions' stable codes (a retired code is not reported).
 * Read from the library service, which keeps the folded library stream in memory (never an assessment stream).
 */
@Injectable()
export class ReportLibraryService {
  constructor(private readonly library: LibraryStateService) {}

  async domains(): Promise<ReportDomain[]> {
    const { instrument } = await this.library.currentInstrument();
    return reportDomainsOf(instrument);
  }

  /** The chosen domains in library order; none chosen: every domain. An unknown code is a 400 naming it. */
  async chosen(codes: readonly string[]): Promise<ReportDomain[]> {
    const all = await this.domains();
    if (codes.length === 0) return all;
    const known = new Set(all.map((d) => d.code));
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length) throw new FieldValidationException({ domains: [`unknown domain code: ${unknown.join(', ')}`] });
    return all.filter((d) => codes.includes(d.code));
  }

  /**
   * The multi-assessment reports' domains: child information only (spec 001 §1), so caregiver domains are not
   * offered (none chosen: every child domain) and choosing one is a 400.
   */
  async chosenChildDomains(codes: readonly string[]): Promise<ReportDomain[]> {
    const chosen = await this.chosen(codes);
    const caregiver = codes.length ? chosen.filter((d) => d.caregiverItem) : [];
    if (caregiver.length)
      throw new FieldValidationException({
        domains: [`caregiver domains are not part of multi-assessment reports: ${caregiver.map((d) => d.code).join(', ')}`],
      });
    return chosen.filter((d) => !d.caregiverItem);
  }
}
