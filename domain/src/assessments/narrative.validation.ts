/** Field rules of question comments, return and close reasons, the narrative and uploads (spec 000 §5, §8). */
import type { FieldErrors } from '../domain-errors';
import { CATALOGUE, FIELD_MESSAGES, KEYED_MESSAGES } from './assessment.messages';
import { MAX_LENGTH, MAX_UPLOAD_BYTES, NARRATIVE_FIELDS, NARRATIVE_LABELS, Narrative } from './assessment.values';
import { ParseResult, add, textOf } from './field-readers';

/** Question comment: "text required after trimming (Comment is requreid.)". */
export function validateQuestionComment(content: unknown): FieldErrors {
  const text = textOf(content);
  if (text === null) return { content: [CATALOGUE.commentRequired] };
  if (text.length > MAX_LENGTH.longText) return { content: [FIELD_MESSAGES.maxLength('Comment', MAX_LENGTH.longText)] };
  return {};
}

/** Return and close reasons are required (keys assessment_return_reason_required / assessment_close_reason_required). */
export function validateReason(kind: 'return' | 'close', reason: unknown): FieldErrors {
  const text = textOf(reason);
  if (text === null) {
    return {
      reason: [kind === 'return' ? KEYED_MESSAGES.assessment_return_reason_required : KEYED_MESSAGES.assessment_close_reason_required],
    };
  }
  if (text.length > MAX_LENGTH.longText) return { reason: [FIELD_MESSAGES.maxLength('Reason', MAX_LENGTH.longText)] };
  return {};
}

export type NarrativeInput = Partial<Record<keyof Narrative, unknown>>;

/** Saving the narrative: any field may still be empty; each is text up to the long-text bound. */
export function parseNarrative(input: NarrativeInput): ParseResult<Narrative> {
  const errors: FieldErrors = {};
  const value = {} as Record<keyof Narrative, string>;
  for (const field of NARRATIVE_FIELDS) {
    const text = typeof input[field] === 'string' ? (input[field] as string).trim() : '';
    if (text.length > MAX_LENGTH.longText) add(errors, field, FIELD_MESSAGES.maxLength(NARRATIVE_LABELS[field], MAX_LENGTH.longText));
    value[field] = text;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value, errors };
}

/** A complete narrative has every field filled (completion needs it: "if the narrative is incomplete"). */
export function incompleteNarrativeFields(narrative: Narrative): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of NARRATIVE_FIELDS) {
    if (narrative[field].trim() === '') add(errors, `narrative.${field}`, FIELD_MESSAGES.required(NARRATIVE_LABELS[field]));
  }
  return errors;
}

/** Pictures must be under 1M (spec "Upload of pictures must be under 1M"). */
export function validateUploadSize(bytes: number): FieldErrors {
  return bytes >= MAX_UPLOAD_BYTES ? { file: [CATALOGUE.uploadTooLarge] } : {};
}
