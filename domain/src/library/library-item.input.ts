/** The library item form as commands carry it: its checks and normalisation, and the refusals decide shares. */
import { DomainRuleViolation, FieldErrors, NotFoundError } from '../domain-errors';
import {
  AnswerDescriptions,
  LibraryNodeKind,
  RATINGS,
  Rating,
  RatingMeaning,
  defaultActionableRatings,
} from './instrument/instrument.types';
import { validateLibraryForm } from './instrument/instrument-validation';
import { LibraryItemContent } from './library.events';
import {
  LIBRARY_ANSWER_MAX_LENGTH,
  LIBRARY_DESCRIPTION_MAX_LENGTH,
  LIBRARY_ITEM_MESSAGES,
  fieldRefusal,
  libraryMessageText,
} from './library-messages';
import { domainOf, LibraryItemRecord, LibraryState, rulesReferencing } from './library-state';
import { richTextLength, sanitizeRichText } from './rich-text';

export const LIBRARY_ITEM_TYPES: readonly LibraryNodeKind[] = ['domain', 'module', 'question', 'text'];

/** What the add/edit dialog sends (after DTO validation). Fields that do not apply to the type are ignored. */
export interface LibraryItemInput {
  type: LibraryNodeKind;
  /** Module, question, text: the domain the item is in. */
  domainId?: string | null;
  /** Optional: the module (inside that domain) the item is in; a module may sit in a module. */
  moduleId?: string | null;
  /** Add only: the stable code; derived from the name when absent. Edit: must be absent or unchanged. */
  code?: string | null;
  name?: string | null;
  shortName?: string | null;
  /** Rich-text HTML; sanitised here. */
  description?: string | null;
  visible?: boolean | null;
  ageMin?: number | null;
  ageMax?: number | null;
  /** Domains only (the items of a domain mirror its flag). */
  caregiverItem?: boolean | null;
  /** Questions only. */
  answers?: Partial<Record<Rating, string | null>> | null;
  /** Domains only. */
  ratingMeaning?: RatingMeaning | null;
  actionableRatings?: Rating[] | null;
}

export class LibraryItemAlreadyExistsError extends DomainRuleViolation {
  constructor(itemId: string) {
    super(`A library item with id ${itemId} already exists (or existed).`, {}, true);
    this.name = 'LibraryItemAlreadyExistsError';
  }
}

export const notFound = () => new NotFoundError('The library item does not exist.');

/** Refuses with one message (a catalogue key or English text) on each named field. */
export const fail = (messages: Record<string, string>): never => {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(messages)) errors[field] = [libraryMessageText(message)];
  throw fieldRefusal(errors);
};

export function staleCheck(item: LibraryItemRecord, expectedRevision: number | undefined): void {
  if (expectedRevision !== undefined && expectedRevision !== item.revision) {
    throw new DomainRuleViolation('The library item was changed by someone else. Reload and try again.', {}, true);
  }
}

export function ruleNames(state: LibraryState, ids: string[]): string {
  return rulesReferencing(state, ids)
    .map((rule) => `"${rule.name}"`)
    .sort()
    .join(', ');
}

/** Spec form rules plus ours (lengths); field → message key. */
export function contentErrors(input: LibraryItemInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const form = validateLibraryForm({
    type: input.type,
    name: input.name,
    shortName: input.shortName,
    description: input.description,
    ageMin: input.ageMin,
    ageMax: input.ageMax,
  });
  for (const [field, message] of Object.entries(form)) if (message) errors[field] = message;
  if (richTextLength(input.description ?? '') > LIBRARY_DESCRIPTION_MAX_LENGTH) {
    errors.description = LIBRARY_ITEM_MESSAGES.descriptionMaxLength;
  }
  if (input.type === 'question') {
    for (const [rating, text] of Object.entries(input.answers ?? {})) {
      if (typeof text === 'string' && text.length > LIBRARY_ANSWER_MAX_LENGTH)
        errors[`answers.${rating}`] = LIBRARY_ITEM_MESSAGES.answerMaxLength;
    }
  }
  return errors;
}

export function normaliseAnswers(answers: LibraryItemInput['answers']): AnswerDescriptions {
  const text = (rating: Rating) => (answers?.[rating] ?? '').trim();
  const four = text('4');
  return { '0': text('0'), '1': text('1'), '2': text('2'), '3': text('3'), ...(four ? { '4': four } : {}), NA: text('NA') };
}

/** The stored content of an item of `type` from the dialog input (fields of other types are dropped). */
export function normaliseContent(input: LibraryItemInput, existing?: LibraryItemRecord): LibraryItemContent {
  const type = input.type;
  const shortName = input.shortName?.trim() ?? '';
  const ratingMeaning = type === 'domain' ? (input.ratingMeaning ?? existing?.ratingMeaning ?? 'need') : null;
  const actionable =
    type === 'domain'
      ? RATINGS.filter((r) => (input.actionableRatings ?? defaultActionableRatings(ratingMeaning ?? 'need')).includes(r))
      : null;
  return {
    name: type === 'text' ? '' : (input.name ?? '').trim(),
    shortName: shortName === '' ? null : shortName,
    description: input.description ?? '',
    ageMin: input.ageMin ?? null,
    ageMax: input.ageMax ?? null,
    answers: type === 'question' ? normaliseAnswers(input.answers) : null,
    ratingMeaning,
    actionableRatings: actionable,
  };
}

/** Resolves the parent from the domain and module selectors; field errors when they do not fit. */
export function resolveParent(state: LibraryState, input: LibraryItemInput): string | null {
  if (input.type === 'domain') {
    if (input.domainId || input.moduleId) fail({ [input.domainId ? 'domainId' : 'moduleId']: LIBRARY_ITEM_MESSAGES.domainHasNoParent });
    return null;
  }
  if (!input.domainId) return fail({ domainId: LIBRARY_ITEM_MESSAGES.domainRequired });
  const domain = state.items.get(input.domainId);
  if (!domain || domain.type !== 'domain') return fail({ domainId: LIBRARY_ITEM_MESSAGES.domainNotFound });
  if (!input.moduleId) return domain.id;
  const module = state.items.get(input.moduleId);
  if (!module || module.type !== 'module' || domainOf(state, module.id)?.id !== domain.id) {
    return fail({ moduleId: LIBRARY_ITEM_MESSAGES.moduleNotFound });
  }
  return module.id;
}

export function prepare(input: LibraryItemInput): LibraryItemInput {
  if (!LIBRARY_ITEM_TYPES.includes(input.type)) fail({ type: LIBRARY_ITEM_MESSAGES.typeRequired });
  const sanitised = { ...input, description: sanitizeRichText(input.description ?? '') };
  const errors = contentErrors(sanitised);
  if (Object.keys(errors).length) fail(errors);
  return sanitised;
}
