/**
 * Given / when / then for deciders (after emmett's DeciderSpecification):
 *
 *   const spec = deciderSpecification(agencyDecider);
 *   spec.given([created]).when(renameCommand).then([renamed]);
 *   spec.given([created, deleted]).when(renameCommand).thenThrows(NotFoundError, 'The agency does not exist.');
 *
 * `given` events are folded with the decider's own evolve, so a test exercises the same decide and evolve the
 * command handlers run in production.
 */
import { Decider, DomainEvent, foldEvents } from '../decider';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface DeciderThen<TState, TEvent extends DomainEvent> {
  /** The decided events equal these. */
  then(expected: readonly TEvent[]): TEvent[];
  /** The decided events pass the check (for events carrying generated ids or times). */
  thenEvents(check: (events: TEvent[], state: TState) => void): TEvent[];
  /** The command yields no event (an idempotent repeat). */
  thenNothing(): void;
  /** The command is refused with this error class (and, when given, this message or matching this check). */
  thenThrows<TError extends Error>(errorClass: ErrorClass, expected?: string | ((error: TError) => void)): TError;
}

export interface DeciderWhen<TState, TCommand, TEvent extends DomainEvent> {
  when(command: TCommand): DeciderThen<TState, TEvent>;
}

export function deciderSpecification<TState, TCommand, TEvent extends DomainEvent>(decider: Decider<TState, TCommand, TEvent>) {
  return {
    given(events: readonly TEvent[]): DeciderWhen<TState, TCommand, TEvent> {
      return {
        when(command: TCommand): DeciderThen<TState, TEvent> {
          const state = foldEvents(decider, events);
          const decide = () => decider.decide(command, state);
          return {
            then(expected) {
              const decided = decide();
              expect(decided).toEqual(expected);
              return decided;
            },
            thenEvents(check) {
              const decided = decide();
              check(decided, foldEvents(decider, decided, state));
              return decided;
            },
            thenNothing() {
              expect(decide()).toEqual([]);
            },
            thenThrows<TError extends Error>(errorClass: ErrorClass, expected?: string | ((error: TError) => void)): TError {
              let thrown: unknown;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorClass);
              const error = thrown as TError;
              if (typeof expected === 'string') expect(error.message).toBe(expected);
              else if (expected) expected(error);
              return error;
            },
          };
        },
      };
    },
  };
}
