import { Injectable } from '@nestjs/common';
import type { LibraryInstrument } from '@cans/domain/library/library-instrument';
import { LibraryStateService } from '../../library/library-stream/library-state.service';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import type { LibraryVersionRef, QuestionnaireLibrary } from '@cans/domain/assessments';

/** A library version as the assessment feature uses it: the pure library for decisions plus the ids for screens. */
export interface AssessmentLibrary extends QuestionnaireLibrary {
  readonly ref: LibraryVersionRef;
  readonly versioned: LibraryInstrument;
}

export const EMPTY_LIBRARY_MESSAGE = 'The question library has no domains yet, so no assessment can be started.';

/**
 * The one place the assessments feature reads the question library (library/library-stream/library-state.service.ts):
 * the current version for a new assessment, and the version an assessment was started on for everything after.
 * Versions are immutable and cached by the library service.
 */
@Injectable()
export class AssessmentLibraryService {
  constructor(private readonly library: LibraryStateService) {}

  /** The current version (what a new assessment records); refuses an empty library. */
  async current(): Promise<AssessmentLibrary> {
    const versioned = await this.library.currentInstrument();
    if (versioned.version === 0 || versioned.instrument.domains.length === 0)
      throw new DomainRuleViolation(EMPTY_LIBRARY_MESSAGE, {}, true);
    return this.wrap(versioned);
  }

  /** The version an assessment records; a missing one is a data fault (versions are never removed). */
  async at(ref: LibraryVersionRef): Promise<AssessmentLibrary> {
    const version = Number(ref.version);
    const versioned = Number.isInteger(version) ? await this.library.instrumentAt(version) : null;
    if (!versioned) throw new Error(`Library version ${ref.instrumentCode}@${ref.version} of an assessment does not exist`);
    return this.wrap(versioned);
  }

  private wrap(versioned: LibraryInstrument): AssessmentLibrary {
    return {
      instrument: versioned.instrument,
      rules: versioned.rules,
      ref: { instrumentCode: versioned.instrument.code, version: String(versioned.version) },
      versioned,
    };
  }
}
