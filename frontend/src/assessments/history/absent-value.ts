/*
 * The one word for a field with no value (an unrated item, an empty field): the history's before → after and the
 * comparison's then / today columns show the same "(none)", so a reader never meets a blank for it.
 */
import { useTranslate } from 'react-admin';

export const ABSENT_VALUE_KEY = 'cans.assessments.history.none';

/** The word shown for a field with no value, in the UI's language. */
export const useAbsentValue = (): string => {
  const translate = useTranslate();
  return translate(ABSENT_VALUE_KEY);
};
