/**
 * How a react-admin form takes a record that arrives (again) while the user types: react-admin resets the form to
 * every new record object, and an edit form's record first comes from the list's cache, then from its own read a
 * moment later. Without this, what was typed in between was lost (seen on a loaded machine: a rename saved as the
 * old name). The fields the user changed keep their values; the others take the record's.
 */
export const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;
