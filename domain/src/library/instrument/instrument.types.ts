/**
 * The instrument tree of the question library (spec 002 "Question Library", "Library add/edit dialog",
 * "Question Rules") and the rating scale of the questionnaire (spec 000 "Questionnaire").
 *
 * Shape: Instrument → Domain → (items | Module) ; Module → (items | nested Module). An item is a Question or a
 * Text passage (spec: "A question without a name but with a description is a Text passage").
 *
 * Every node carries a stable `code` (UPPER_SNAKE). Codes never change across library versions and are never
 * reused: reports compare items across library versions by code, not by database id or by name. Renaming an
 * item keeps its code; removing an item retires its code.
 *
 * Pure data: no framework dependencies.
 */

/** The answer scale of every question: 0, 1, 2, 3, 4 and N/A (spec constants "Answer scale 0, 1, 2, 3, 4, N/A"). */
export type Rating = '0' | '1' | '2' | '3' | '4' | 'NA';

/** All ratings in display order. */
export const RATINGS: readonly Rating[] = ['0', '1', '2', '3', '4', 'NA'];

/** The ratings every seeded question must describe ('4' is optional in the library, spec "answers 0-4 or N/A"). */
export const REQUIRED_ANSWER_RATINGS: readonly Rating[] = ['0', '1', '2', '3', 'NA'];

/** Type guard for wire/form values. */
export function isRating(value: unknown): value is Rating {
  return typeof value === 'string' && (RATINGS as readonly string[]).includes(value);
}

/**
 * How the ratings of a domain read.
 *
 * - 'need': 0 no evidence of a need; 1 watch / prevent (history or suspicion, monitor); 2 action needed (the need
 *   interferes with functioning); 3 immediate or intensive action needed (dangerous or disabling).
 * - 'strength': 0 centerpiece strength (can anchor the plan); 1 useful strength (can be used in the plan with
 *   some support); 2 strength identified (exists but must be developed before it can help); 3 not yet identified
 *   (no evidence of the strength; effort is needed to find or build one).
 */
export type RatingMeaning = 'need' | 'strength';

/**
 * Ratings that reports treat as ACTIONABLE (Quick Glance "Total Actionable Items", the many-children
 * "actionable versus non-actionable" comparison, the CHRONICITY / ARRESTS "answer 2 or 3" glance shares).
 *
 * - Needs: 2 and 3 are actionable — the need requires action (2) or immediate/intensive action (3).
 * - Strengths: 2 and 3 are ALSO the actionable ratings — they mean a strength TO BUILD (identified but not yet
 *   usable, or not yet identified). Ratings 0 and 1 on a strength are not "actionable": they are strengths TO USE
 *   (centerpiece / useful) in planning; see {@link USEFUL_STRENGTH_RATINGS}.
 *
 * So for both meanings "actionable" = the rating is 2 or 3, and the colour scale of the charts (2 orange, 3 red)
 * means the same thing everywhere: the plan has to do something about this item. '4' is on the library's scale
 * but no seeded item uses it; an item that defines a '4' rating must say in its domain whether it is actionable.
 */
export const NEED_ACTIONABLE_RATINGS: readonly Rating[] = ['2', '3'];
/** Actionable strength ratings: a strength to build (2 identified, 3 not yet identified). */
export const STRENGTH_ACTIONABLE_RATINGS: readonly Rating[] = ['2', '3'];
/** Strength ratings that are assets to use in the plan (0 centerpiece, 1 useful). Not actionable. */
export const USEFUL_STRENGTH_RATINGS: readonly Rating[] = ['0', '1'];

/** The actionable ratings for a rating meaning (both are ['2','3'], documented above). */
export function defaultActionableRatings(meaning: RatingMeaning): readonly Rating[] {
  return meaning === 'need' ? NEED_ACTIONABLE_RATINGS : STRENGTH_ACTIONABLE_RATINGS;
}

/** Answer descriptions of one question: 0-3 and N/A are required, 4 is optional. */
export interface AnswerDescriptions {
  readonly '0': string;
  readonly '1': string;
  readonly '2': string;
  readonly '3': string;
  readonly '4'?: string;
  readonly NA: string;
}

/**
 * The child-age scale of the product (spec constants "Age choices: Select All (-1) and 0 to 22").
 * The library form requires min and max together (max_age_required / min_age_required), so an "N+" item is
 * stored as ageMin N, ageMax AGE_SCALE_MAX.
 */
export const AGE_SCALE_MIN = 0;
export const AGE_SCALE_MAX = 22;

/** Library types (spec constants "Library types: 1 domain, 2 module, 3 question, 4 text"). */
export type LibraryNodeKind = 'domain' | 'module' | 'question' | 'text';
export const LIBRARY_TYPE_CODES: Readonly<Record<LibraryNodeKind, 1 | 2 | 3 | 4>> = {
  domain: 1,
  module: 2,
  question: 3,
  text: 4,
};

/** Fields every node of the tree has. */
export interface LibraryNodeBase {
  readonly kind: LibraryNodeKind;
  /** Stable UPPER_SNAKE code, unique across the whole instrument and never changed across versions. */
  readonly code: string;
  /** Display name (empty for text passages). */
  readonly name: string;
  /** Abbreviation (the library's "abbreviations" / report showName); charts use it for long labels. */
  readonly shortName?: string;
  /** Rich-text HTML description. */
  readonly description: string;
  /** Library visible switch: a hidden node and everything under it is never shown. */
  readonly visible: boolean;
  /** Inclusive minimum child age in whole years; set together with ageMax (spec age rules). */
  readonly ageMin?: number;
  /** Inclusive maximum child age in whole years. */
  readonly ageMax?: number;
  /**
   * Caregiver's item: the node belongs to a caregiver domain, answered once per caregiver of the child.
   * Set on the domain (spec updateCaregiverItem) and mirrored on every node under it so a flattened question
   * knows it; the integrity check enforces the mirror.
   */
  readonly caregiverItem: boolean;
  /** 1-based position among its siblings (drag-sort order, spec orderNO). */
  readonly order: number;
}

export interface Question extends LibraryNodeBase {
  readonly kind: 'question';
  readonly answers: AnswerDescriptions;
}

/** A text passage: description only, no name, no answers. */
export interface TextPassage extends LibraryNodeBase {
  readonly kind: 'text';
}

export type Item = Question | TextPassage;

export interface Module extends LibraryNodeBase {
  readonly kind: 'module';
  /**
   * Hidden until a question rule shows it ("triggered module"). The evaluator also treats any target of a
   * show-rule as gated; the integrity check requires the flag and the show-rules to agree.
   */
  readonly triggeredOnly: boolean;
  readonly items: readonly Item[];
  /** Modules nested in this module: shown only while this module is shown. */
  readonly modules: readonly Module[];
}

export interface Domain extends LibraryNodeBase {
  readonly kind: 'domain';
  readonly ratingMeaning: RatingMeaning;
  /** Ratings reports count as actionable for the items of this domain; see NEED_ACTIONABLE_RATINGS. */
  readonly actionableRatings: readonly Rating[];
  /** Items directly under the domain (not in a module). */
  readonly items: readonly Item[];
  readonly modules: readonly Module[];
}

export type LibraryNode = Domain | Module | Question | TextPassage;

export interface Instrument {
  /** Stable code of the instrument, e.g. CANS_COMPREHENSIVE. */
  readonly code: string;
  readonly name: string;
  /** Library version label; codes stay stable across versions. */
  readonly version: string;
  readonly domains: readonly Domain[];
}

/** Rule action (spec: "action (show or hide, default show)"). */
export type RuleAction = 'show' | 'hide';

/**
 * A question rule (spec entity "Question rule"), by codes instead of ids.
 *
 * Trigger: the question `trigger.questionCode` in domain `trigger.domainCode` (inside `trigger.moduleCode` when
 * the question sits in a module). The rule FIRES when that question is shown and its answer is in `answers`.
 *
 * Target: `target.questionCode` when set (that question; `target.moduleCode` then names its module), otherwise
 * `target.moduleCode` (the whole module). Spec: "At least one of module or question is required".
 */
export interface QuestionRule {
  /** Stable UPPER_SNAKE code of the rule. */
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly trigger: {
    readonly domainCode: string;
    readonly moduleCode?: string;
    readonly questionCode: string;
  };
  /** The answers that fire the rule (a list on the form, a comma-joined string on the wire). */
  readonly answers: readonly Rating[];
  readonly action: RuleAction;
  readonly target: {
    readonly moduleCode?: string;
    readonly questionCode?: string;
  };
}

/** Answers of one assessment: answerKey(code, caregiverIndex?) → rating. See rules/answer-key.ts. */
export type Answers = Readonly<Record<string, Rating | undefined>>;
