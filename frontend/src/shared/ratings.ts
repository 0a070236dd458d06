/* The one rating vocabulary (spec: CANS ratings 0–4 and N/A), shared by the library and the assessments. */

export const RATINGS = ['0', '1', '2', '3', '4', 'NA'] as const;
export type Rating = (typeof RATINGS)[number];

export const isRating = (value: unknown): value is Rating => typeof value === 'string' && (RATINGS as readonly string[]).includes(value);

/** The wire carries assessment ratings as numbers 0–4 or 'NA'; the UI keys them as strings. */
export const toRatingKey = (rating: number | string | null | undefined): Rating | null => {
  if (rating === null || rating === undefined) return null;
  const key = String(rating);
  return isRating(key) ? key : null;
};

/** '0'…'4' as is, 'NA' as 'N/A'; nothing for no rating. */
export const ratingLabel = (rating: number | string | null | undefined): string => {
  if (rating === null || rating === undefined) return '';
  return rating === 'NA' ? 'N/A' : String(rating);
};
