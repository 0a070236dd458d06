/**
 * The Child Info Label Configuration (spec 002 §2): saving a label renames a field and shows or hides it wherever
 * it appears. A field the child form requires stays enabled (its switch is locked on): hidden, it could never be
 * filled in. A save that changes nothing records nothing.
 */
import type { Decider } from '../decider';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { CHILD_LABEL_EVENT_TYPES, ChildLabelEvent, ChildLabelEvents, ChildLabelStatus } from './child-labels.events';
import { CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH, CHILD_LABEL_MESSAGES, childLabelField } from './child-labels.fields';

export interface SavedChildLabel {
  displayName: string;
  status: ChildLabelStatus;
}

/** The saved labels by field name (fields never saved show their defaults). */
export interface ChildLabelsState {
  labels: Readonly<Record<string, SavedChildLabel>>;
}

/** As the API receives it: the DTO checks the shape first, the decision checks it again (other callers, tests). */
export type ChildLabelsCommand = { type: 'SaveChildLabel'; fieldName: string; displayName: string; status: number };

export const childLabelsDecider: Decider<ChildLabelsState, ChildLabelsCommand, ChildLabelEvent> = {
  initialState: { labels: {} },
  eventTypes: CHILD_LABEL_EVENT_TYPES,

  decide({ fieldName, displayName: typed, status }, state) {
    const field = childLabelField(fieldName);
    if (!field) throw new NotFoundError(CHILD_LABEL_MESSAGES.notFound);
    const displayName = typed.trim();
    if (displayName === '') refuse('displayName', CHILD_LABEL_MESSAGES.displayNameRequired);
    if (displayName.length > CHILD_LABEL_DISPLAY_NAME_MAX_LENGTH) refuse('displayName', CHILD_LABEL_MESSAGES.displayNameTooLong);
    if (status !== 0 && status !== 1) refuse('status', CHILD_LABEL_MESSAGES.status);
    if (field.necessary && status === 0) refuse('status', CHILD_LABEL_MESSAGES.necessary(field));
    const current = state.labels[fieldName] ?? { displayName: field.defaultDisplayName, status: 1 };
    if (current.displayName === displayName && current.status === status) return [];
    return [{ type: ChildLabelEvents.Saved, data: { fieldName, displayName, status: status as ChildLabelStatus } }];
  },

  evolve(state, { data }) {
    return { labels: { ...state.labels, [data.fieldName]: { displayName: data.displayName, status: data.status } } };
  },
};

function refuse(field: string, message: string): never {
  throw new DomainRuleViolation(message, { [field]: [message] });
}
