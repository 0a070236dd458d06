import { ForbiddenException, Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AggregateDefinition } from '../../platform/commands/event-sourced-repository';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedRepository } from '../../platform/commands/event-sourced-repository';
import { DomainRuleViolation, NotFoundError } from '../../platform/http/domain-errors';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { IdentityDirectory } from '../identity-directory';
import { IdentityMessages } from '../identity-messages';
import { ADMINISTRATOR_ID, UserStatus } from '../identity-rules';
import { isLiveUser, userAggregate } from '../users/user.aggregate';
import { EMAIL_TAKEN, PHONE_TAKEN } from '../users/user.commands';
import { UserEvents, userStreamId } from '../users/user.events';
import { AccessAssignmentEvents, accessAssignmentsStreamId, TemporaryAccessAssignedData } from './access-assignment.events';

export const ADMINISTRATOR_NO_ASSIGN = 'The administrator does not assign access.';
export const DELEGATE_NOT_FOUND = 'Please choose an active user to receive access.';
export const DELEGATE_IS_SELF = 'You cannot assign access to yourself.';
export const DATE_RANGE_INVALID = 'The end date must be on or after the start date.';
export const END_IN_PAST = 'The end date cannot be in the past.';
export const ASSIGNMENT_NOT_FOUND = 'The access assignment does not exist.';

export class UpdateOwnProfileCommand {
  constructor(
    readonly actor: Actor,
    readonly userId: string,
    readonly firstName: string,
    readonly lastName: string,
    readonly email: string,
    readonly phone: string | null,
    readonly expectedRevision?: number,
  ) {}
}

export class AssignTemporaryAccessCommand {
  constructor(readonly actor: Actor, readonly ownerId: string, readonly delegateId: string, readonly startsOn: string, readonly endsOn: string) {}
}

export class RevokeTemporaryAccessCommand {
  constructor(readonly actor: Actor, readonly ownerId: string, readonly assignmentId: string) {}
}

/** My Account: the user edits their own names, email and phone (not username, group, supervisor or expiry). */
@CommandHandler(UpdateOwnProfileCommand)
export class UpdateOwnProfileHandler implements ICommandHandler<UpdateOwnProfileCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository, private readonly directory: IdentityDirectory) {}

  async execute(command: UpdateOwnProfileCommand): Promise<CommandResult> {
    const user = await this.repository.load(userStreamId(command.userId), userAggregate);
    if (!isLiveUser(user.state)) throw new NotFoundError(IdentityMessages.user_not_exist);
    const phoneKey = command.phone ? command.phone.replace(/\D/g, '') : null;
    const clashes = await this.directory.findUsers({ $or: [{ emailKey: command.email.toLowerCase() }, ...(phoneKey ? [{ phoneKey }] : [])] }, 10);
    const errors: Record<string, string[]> = {};
    for (const other of clashes.filter((u) => u.id !== command.userId)) {
      if (other.emailKey === command.email.toLowerCase()) errors.email = [EMAIL_TAKEN];
      if (phoneKey && other.phoneKey === phoneKey) errors.phone = [PHONE_TAKEN];
    }
    if (Object.keys(errors).length) throw new DomainRuleViolation(Object.values(errors)[0][0], errors, true);
    const { firstName, lastName, email, phone } = command;
    const result = await this.repository.append(
      user.streamId,
      [{ type: UserEvents.ProfileUpdated, data: { userId: command.userId, firstName, lastName, email, phone } }],
      command.expectedRevision ?? user.revision,
      command.actor,
    );
    return { ...result, id: command.userId };
  }
}

interface AssignmentsState {
  live: Map<string, TemporaryAccessAssignedData>;
}

const assignmentsAggregate: AggregateDefinition<AssignmentsState> = {
  initialState: { live: new Map() },
  evolve(state, event) {
    const live = new Map(state.live);
    if (event.type === AccessAssignmentEvents.Assigned) {
      const data = event.data as TemporaryAccessAssignedData;
      live.set(data.assignmentId, data);
    } else if (event.type === AccessAssignmentEvents.Revoked) {
      live.delete((event.data as { assignmentId: string }).assignmentId);
    }
    return { live };
  },
};

/**
 * Assign Access ("New Assessments To"): the delegate may see and edit the owner's assessments created in the
 * date range. The row-access policy reads the read model of these events.
 */
@CommandHandler(AssignTemporaryAccessCommand)
export class AssignTemporaryAccessHandler implements ICommandHandler<AssignTemporaryAccessCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository, @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock) {}

  async execute(command: AssignTemporaryAccessCommand): Promise<CommandResult> {
    if (command.ownerId === ADMINISTRATOR_ID) throw new ForbiddenException(ADMINISTRATOR_NO_ASSIGN);
    if (command.delegateId === command.ownerId) throw new DomainRuleViolation(DELEGATE_IS_SELF, { delegateId: [DELEGATE_IS_SELF] });
    const delegate = await this.repository.load(userStreamId(command.delegateId), userAggregate);
    if (!isLiveUser(delegate.state) || delegate.state.account.status !== UserStatus.Active || command.delegateId === ADMINISTRATOR_ID) {
      throw new DomainRuleViolation(DELEGATE_NOT_FOUND, { delegateId: [DELEGATE_NOT_FOUND] });
    }
    if (command.endsOn < command.startsOn) throw new DomainRuleViolation(DATE_RANGE_INVALID, { endsOn: [DATE_RANGE_INVALID] });
    if (command.endsOn < this.clock.now().toISOString().slice(0, 10)) throw new DomainRuleViolation(END_IN_PAST, { endsOn: [END_IN_PAST] });
    const assignmentId = randomUUID();
    const stream = await this.repository.load(accessAssignmentsStreamId(command.ownerId), assignmentsAggregate);
    const result = await this.repository.append(
      stream.streamId,
      [
        {
          type: AccessAssignmentEvents.Assigned,
          data: { assignmentId, ownerId: command.ownerId, delegateId: command.delegateId, startsOn: command.startsOn, endsOn: command.endsOn },
        },
      ],
      stream.revision,
      command.actor,
    );
    return { ...result, id: assignmentId };
  }
}

@CommandHandler(RevokeTemporaryAccessCommand)
export class RevokeTemporaryAccessHandler implements ICommandHandler<RevokeTemporaryAccessCommand, CommandResult> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute(command: RevokeTemporaryAccessCommand): Promise<CommandResult> {
    const stream = await this.repository.load(accessAssignmentsStreamId(command.ownerId), assignmentsAggregate);
    const assignment = stream.state.live.get(command.assignmentId);
    if (!assignment) throw new NotFoundError(ASSIGNMENT_NOT_FOUND);
    const result = await this.repository.append(
      stream.streamId,
      [{ type: AccessAssignmentEvents.Revoked, data: { assignmentId: command.assignmentId, ownerId: command.ownerId, delegateId: assignment.delegateId } }],
      stream.revision,
      command.actor,
    );
    return { ...result, id: command.assignmentId };
  }
}
