import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { accessAssignmentDecider } from '@cans/domain/identity/access-assignment.decider';
import { accessAssignmentsStreamId } from '@cans/domain/identity/access-assignment.events';
import { userDecider } from '@cans/domain/identity/user.decider';
import { userStreamId } from '@cans/domain/identity/user.events';
import type { Actor, CommandResult } from '../../platform/commands/actor';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { IDENTITY_CLOCK, IdentityClock } from '../identity-clock';
import { UserFactsReader } from '../users/user-facts';
import { AccessDelegates } from './access-delegates';

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
  constructor(
    readonly actor: Actor,
    readonly ownerId: string,
    readonly delegateId: string,
    readonly startsOn: string,
    readonly endsOn: string,
  ) {}
}

export class RevokeTemporaryAccessCommand {
  constructor(
    readonly actor: Actor,
    readonly ownerId: string,
    readonly assignmentId: string,
  ) {}
}

/** My Account: the user edits their own names, email and phone (the user decider refuses ones another user has). */
@CommandHandler(UpdateOwnProfileCommand)
export class UpdateOwnProfileHandler implements ICommandHandler<UpdateOwnProfileCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly facts: UserFactsReader,
  ) {}

  async execute({ actor, userId, firstName, lastName, email, phone, expectedRevision }: UpdateOwnProfileCommand): Promise<CommandResult> {
    const otherAccounts = await this.facts.otherAccountsFor({ email, phone });
    const command = { type: 'UpdateOwnProfile', userId, firstName, lastName, email, phone, otherAccounts } as const;
    const concurrency = { kind: 'reject', clientRevision: expectedRevision } as const;
    const { revision, position } = await this.handler.handle(userStreamId(userId), userDecider, command, {
      actor,
      id: userId,
      concurrency,
    });
    return { id: userId, revision, position };
  }
}

/**
 * Assign Access ("New Assessments To"): see the access-assignment decider. The delegate must be one the dialog
 * offers (AccessDelegates, the same function as delegate-options), the start today or later (the identity clock).
 */
@CommandHandler(AssignTemporaryAccessCommand)
export class AssignTemporaryAccessHandler implements ICommandHandler<AssignTemporaryAccessCommand, CommandResult> {
  constructor(
    private readonly handler: EventSourcedCommandHandler,
    private readonly delegates: AccessDelegates,
    @Inject(IDENTITY_CLOCK) private readonly clock: IdentityClock,
  ) {}

  async execute({ actor, ownerId, delegateId, startsOn, endsOn }: AssignTemporaryAccessCommand): Promise<CommandResult> {
    const delegateIsOffered = await this.delegates.mayReceive(ownerId, delegateId);
    const assignmentId = randomUUID();
    const today = this.clock.now().toISOString().slice(0, 10);
    const command = {
      type: 'AssignTemporaryAccess',
      assignmentId,
      ownerId,
      delegateId,
      startsOn,
      endsOn,
      today,
      delegateIsOffered,
    } as const;
    const { revision, position } = await this.handler.handle(accessAssignmentsStreamId(ownerId), accessAssignmentDecider, command, {
      actor,
      id: assignmentId,
    });
    return { id: assignmentId, revision, position };
  }
}

@CommandHandler(RevokeTemporaryAccessCommand)
export class RevokeTemporaryAccessHandler implements ICommandHandler<RevokeTemporaryAccessCommand, CommandResult> {
  constructor(private readonly handler: EventSourcedCommandHandler) {}

  async execute({ actor, ownerId, assignmentId }: RevokeTemporaryAccessCommand): Promise<CommandResult> {
    const command = { type: 'RevokeTemporaryAccess', assignmentId, ownerId } as const;
    const { revision, position } = await this.handler.handle(accessAssignmentsStreamId(ownerId), accessAssignmentDecider, command, {
      actor,
      id: assignmentId,
    });
    return { id: assignmentId, revision, position };
  }
}
