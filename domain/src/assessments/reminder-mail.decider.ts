/** The deciders of the daily reminder job (reminder-mail.events.ts says what they guarantee). */
import type { Decider } from '../decider';
import { DomainRuleViolation } from '../domain-errors';
import {
  AssessmentReminderFailedData,
  AssessmentReminderSentData,
  ReminderMailEvent,
  ReminderMailEvents,
  REMINDER_MAIL_EVENT_TYPES,
  ReminderRunCompletedData,
} from './reminder-mail.events';

type Occurrence = Pick<AssessmentReminderSentData, 'kind' | 'occurrence'>;
const keyOf = ({ kind, occurrence }: Occurrence) => `${kind}|${occurrence}`;

export interface ReminderRunState {
  started: boolean;
}

export type ReminderRunCommand =
  { type: 'StartReminderRun'; runDay: string } | ({ type: 'CompleteReminderRun' } & ReminderRunCompletedData);

export const REMINDER_RUN_TAKEN = 'The reminders of this day were already sent (or are being sent) by another run.';

export const reminderRunDecider: Decider<ReminderRunState, ReminderRunCommand, ReminderMailEvent> = {
  initialState: { started: false },
  eventTypes: REMINDER_MAIL_EVENT_TYPES,
  decide(command, state) {
    if (command.type === 'StartReminderRun') {
      if (state.started) throw new DomainRuleViolation(REMINDER_RUN_TAKEN, {}, true);
      return [{ type: ReminderMailEvents.RunStarted, data: { runDay: command.runDay } }];
    }
    const { type: _type, ...summary } = command;
    return [{ type: ReminderMailEvents.RunCompleted, data: summary }];
  },
  evolve(state, event) {
    return event.type === ReminderMailEvents.RunStarted ? { started: true } : state;
  },
};

/** The occurrences of an assessment's reminders that went out (a failed one is not among them). */
export interface AssessmentRemindersState {
  sent: ReadonlySet<string>;
}

export type AssessmentReminderCommand =
  ({ type: 'RecordReminderSent' } & AssessmentReminderSentData) | ({ type: 'RecordReminderFailed' } & AssessmentReminderFailedData);

export const assessmentRemindersDecider: Decider<AssessmentRemindersState, AssessmentReminderCommand, ReminderMailEvent> = {
  initialState: { sent: new Set() },
  eventTypes: REMINDER_MAIL_EVENT_TYPES,
  decide(command, state) {
    if (command.type === 'RecordReminderSent') {
      // Already sent for this occurrence: nothing to record, and the caller sends nothing.
      if (state.sent.has(keyOf(command))) return [];
      const { type: _type, ...data } = command;
      return [{ type: ReminderMailEvents.Sent, data }];
    }
    const { type: _type, ...data } = command;
    return [{ type: ReminderMailEvents.Failed, data }];
  },
  evolve(state, event) {
    if (event.type === ReminderMailEvents.Sent) return { sent: new Set([...state.sent, keyOf(event.data)]) };
    if (event.type === ReminderMailEvents.Failed) {
      const sent = new Set(state.sent);
      sent.delete(keyOf(event.data as AssessmentReminderFailedData));
      return { sent };
    }
    return state;
  },
};

export const reminderWasSent = (state: AssessmentRemindersState, occurrence: Occurrence): boolean => state.sent.has(keyOf(occurrence));
